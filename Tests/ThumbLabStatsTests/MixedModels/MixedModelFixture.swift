import Foundation

@testable import ThumbLabStats

/// A JSON value written by R's jsonlite with `auto_unbox`: a vector of length one arrives as
/// a scalar, so every vector field accepts both.
struct RVector<Element: Decodable & Sendable>: Decodable, Sendable {
    let values: [Element]

    init(values: [Element]) { self.values = values }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let many = try? container.decode([Element].self) {
            values = many
        } else if container.decodeNil() {
            values = []
        } else {
            values = [try container.decode(Element.self)]
        }
    }
}

/// One case of `Fixtures/mixed_models.json` (written by `gen_mixed_models.R`).
struct MixedModelCase: Decodable, Sendable, CustomStringConvertible {
    let name: String
    let kind: String
    let factors: RVector<String>
    let covariates: RVector<String>
    let slope: String
    let reml: Bool
    let subject: [String]
    let levels: [String: [String]]?
    let covariateValues: [String: [Double]]?
    let y: [Double]
    let expected: Expected

    var description: String { name }

    enum CodingKeys: String, CodingKey {
        case name, kind, factors, covariates, slope, reml, subject, levels, y, expected
        case covariateValues = "covariate_values"
    }

    struct Expected: Decodable, Sendable {
        let formula: String
        let theta: RVector<Double>
        let names: RVector<String>
        let estimate: RVector<Double>
        let se: RVector<Double>
        let df: RVector<Double>?
        let z: RVector<Double>?
        let p: RVector<Double>?
        let orLower: RVector<Double>?
        let orUpper: RVector<Double>?
        let vcov: RVector<Double>?
        let sigma: Double?
        let loglik: Double
        let aic: Double
        let bic: Double
        let singular: Bool
        let anova: Anova
        let anovaExact: ExactAnova?
        /// `anova(m, ddf = "Kenward-Roger")` for REML fits.
        let anovaKR: ExactAnova?
        let emmeans: [Emmeans]?

        enum CodingKeys: String, CodingKey {
            case formula, theta, names, estimate, se, df, z, p, vcov, sigma, loglik, aic, bic, singular, anova, emmeans
            case anovaExact = "anova_exact"
            case anovaKR = "anova_kr"
            case orLower = "or_lower"
            case orUpper = "or_upper"
        }
    }

    struct Anova: Decodable, Sendable {
        let term: RVector<String>
        let f: RVector<Double>?
        let numdf: RVector<Double>?
        let dendf: RVector<Double>?
        let chisq: RVector<Double>?
        let df: RVector<Double>?
        let p: RVector<Double>
    }

    /// lmerTest's `contestMD` on its type III contrasts rounded to their exact integers, or
    /// its Kenward-Roger table; jsonlite writes an absent one (R's NULL) as `{}`.
    struct ExactAnova: Decodable, Sendable {
        let f: RVector<Double>
        let dendf: RVector<Double>
        let p: RVector<Double>

        var isEmpty: Bool { f.values.isEmpty }

        enum CodingKeys: String, CodingKey { case f, dendf, p }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            f = try container.decodeIfPresent(RVector<Double>.self, forKey: .f) ?? RVector(values: [])
            dendf = try container.decodeIfPresent(RVector<Double>.self, forKey: .dendf) ?? RVector(values: [])
            p = try container.decodeIfPresent(RVector<Double>.self, forKey: .p) ?? RVector(values: [])
        }
    }

    struct Emmeans: Decodable, Sendable {
        let factor: String
        let levels: RVector<String>
        let emmean: RVector<Double>
        let se: RVector<Double>
        let df: RVector<Double>
        let lower: RVector<Double>
        let upper: RVector<Double>
        let holm: Contrasts
        let tukey: Contrasts
    }

    struct Contrasts: Decodable, Sendable {
        let contrast: RVector<String>
        let estimate: RVector<Double>
        let se: RVector<Double>
        let df: RVector<Double>
        let statistic: RVector<Double>
        let p: RVector<Double>
    }

    var observations: [MixedModelObservation] {
        subject.indices.map { row in
            MixedModelObservation(
                subject: subject[row],
                levels: (levels ?? [:]).mapValues { $0[row] },
                covariates: (covariateValues ?? [:]).mapValues { $0[row] },
                value: y[row])
        }
    }

    var specification: MixedModelSpecification {
        MixedModelSpecification(
            factors: factors.values, covariates: covariates.values, randomSlope: slope.isEmpty ? nil : slope)
    }

    static let all: [MixedModelCase] = {
        (try? NumericFixtures.load("mixed_models", as: [MixedModelCase].self)) ?? []
    }()

    static var linear: [MixedModelCase] { all.filter { $0.kind == "lmm" } }
    /// The cases of `Fixtures/kenward_roger.json` (written by `gen_kenward_roger.R`): REML fits
    /// with many trials per participant and their Kenward-Roger tables.
    static let kenwardRoger: [MixedModelCase] = {
        (try? NumericFixtures.load("kenward_roger", as: [MixedModelCase].self)) ?? []
    }()
    static var logistic: [MixedModelCase] { all.filter { $0.kind == "glmm" } }
}

/// Relative difference, measured against `max(|expected|, floor)`.
func relativeError(_ actual: Double, _ expected: Double, floor: Double = 0) -> Double {
    if actual == expected { return 0 }
    return abs(actual - expected) / max(abs(expected), floor)
}
