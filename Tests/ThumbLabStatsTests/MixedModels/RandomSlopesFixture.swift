import Foundation

@testable import ThumbLabStats

/// One design of `Fixtures/lmm_slopes.json` (written by `gen_lmm_slopes.R`): trial-level data
/// fitted by lmer with correlated slopes, the maximal structure and its uncorrelated form, and
/// the stated simplification run in R.
struct RandomSlopesCase: Decodable, Sendable, CustomStringConvertible {
    let name: String
    let factors: RVector<String>
    let subject: [String]
    let levels: [String: [String]]
    let y: [Double]
    let fits: [String: Fit]
    let simplification: Simplification

    var description: String { name }

    struct Fit: Decodable, Sendable {
        let formula: String
        let slopes: [[String]]
        let correlated: Bool
        let theta: RVector<Double>
        let varianceNames: RVector<String>
        let variances: RVector<Double>
        let sigma: Double
        let loglik: Double
        let singular: Bool
        let anova: MixedModelCase.Anova

        enum CodingKeys: String, CodingKey {
            case formula, slopes, correlated, theta, sigma, loglik, singular, anova, variances
            case varianceNames = "variance_names"
        }

        /// The specification lmer fitted.
        func specification(factors: [String]) -> MixedModelSpecification {
            MixedModelSpecification(factors: factors, randomSlopes: slopes, correlatedRandomEffects: correlated)
        }
    }

    struct Step: Decodable, Sendable {
        let formula: String
        let singular: Bool
        let action: String
    }

    struct Simplification: Decodable, Sendable {
        let steps: [Step]
        let final: Fit
    }

    var observations: [MixedModelObservation] {
        subject.indices.map { row in
            MixedModelObservation(subject: subject[row], levels: levels.mapValues { $0[row] }, value: y[row])
        }
    }

    /// The fits of every design, by form (`slopes`, `maximal`, `uncorrelated`).
    static let all: [RandomSlopesCase] = {
        (try? NumericFixtures.load("lmm_slopes", as: [RandomSlopesCase].self)) ?? []
    }()

    /// Every (design, form) pair.
    static var fitsByForm: [RandomSlopesFit] {
        all.flatMap { design in
            design.fits.keys.sorted().map { RandomSlopesFit(design: design, form: $0) }
        }
    }
}

/// One fit of one design, a test argument.
struct RandomSlopesFit: Sendable, CustomStringConvertible {
    let design: RandomSlopesCase
    let form: String

    var fit: RandomSlopesCase.Fit { design.fits[form]! }
    var description: String { "\(design.name) \(form)" }
}
