import Foundation
import Testing

@testable import ThumbLabStats

/// The reference results of `Fixtures/gen_anova.py` (pingouin 0.7, statsmodels, scipy).
struct ANOVAFixture: Decodable, Sendable {
    struct Observations: Decodable, Sendable {
        var subject: [String]
        var levels: [String: [String]]
        var value: [Double]
    }

    struct ExpectedTerm: Decodable, Sendable {
        var name: String
        var df, f, p, errorDF: Double
        /// Absent for the three-factor designs (statsmodels' AnovaRM reports F tests only).
        var ss, errorSS, ges, pes: Double?
        var epsilonGG, epsilonHFApplied, mauchlyW, chiSquare, mauchlyP, pGG: Double?
    }

    struct Design: Decodable, Sendable, CustomTestStringConvertible {
        var id: String
        var kind: String
        var between: [String]
        var within: [String]
        /// Unbalanced mixed designs carry no sphericity reference.
        var unbalanced: Bool?
        var observations: Observations
        var terms: [ExpectedTerm]

        var testDescription: String { id }

        var anovaObservations: [ANOVAObservation] {
            observations.value.indices.map { row in
                ANOVAObservation(
                    subject: observations.subject[row],
                    levels: observations.levels.mapValues { $0[row] },
                    value: observations.value[row])
            }
        }
    }

    struct TukeyPair: Decodable, Sendable {
        var a, b: String
        var difference, p, ciLow, ciHigh: Double
    }

    struct TukeyCase: Decodable, Sendable, CustomTestStringConvertible {
        var groups: [String]
        var values: [[Double]]
        var pairs: [TukeyPair]

        var testDescription: String { "\(groups.count) groups, n = \(values.map(\.count))" }
    }

    var designs: [Design]
    var tukey: [TukeyCase]

    /// The fixture, or nil when the resource is missing or unreadable.
    static let shared: ANOVAFixture? = try? NumericFixtures.load("anova", as: ANOVAFixture.self)
}
