import Foundation
import Testing

@testable import ThumbLabStats

/// The random part of ``MixedModelSpecification``: formulas of the correlated and uncorrelated
/// forms, `randomSlope` as a one-term shorthand, and refused slope terms.
@Suite struct RandomSlopesSpecificationTests {
    @Test func formulasNameTheFittedStructure() {
        var model = MixedModelSpecification(factors: ["A", "B"], randomSlopes: [["A", "B"], ["A"], ["B"]])
        #expect(model.formula() == "y ~ A * B + (1 + A + B + A:B | subject)")
        model.correlatedRandomEffects = false
        #expect(
            model.formula(levelCounts: ["A": 3, "B": 2])
                == "y ~ A * B + (1 + A1 + A2 + B1 + A1:B1 + A2:B1 || subject)")
        model.randomSlopes = []
        #expect(model.formula(subject: "participant") == "y ~ A * B + (1 | participant)")
    }

    @Test func randomSlopeIsTheOneTermShorthand() {
        var model = MixedModelSpecification(covariates: ["x"], randomSlope: "x")
        #expect(model.randomSlopes == [["x"]])
        #expect(model.randomSlope == "x")
        model.randomSlopes.append(["x", "x"])
        #expect(model.randomSlope == nil)
        model.randomSlope = nil
        #expect(model.randomSlopes.isEmpty)
    }

    static func trials() -> [MixedModelObservation] {
        var rows: [MixedModelObservation] = []
        for s in 0..<6 {
            for (i, a) in ["a", "b"].enumerated() {
                for t in 0..<3 {
                    let value: Double = Double(s) * 0.3 + Double(i) * 0.5 + Double(t) * 0.1
                    rows.append(MixedModelObservation(subject: "s\(s)", levels: ["A": a], value: value))
                }
            }
        }
        return rows
    }

    @Test(arguments: [[["Z"]], [[]], [["A", "A"]], [["A"], ["A"]]])
    func badSlopeTermsThrow(_ slopes: [[String]]) {
        let model = MixedModelSpecification(factors: ["A"], randomSlopes: slopes)
        #expect {
            try MixedModel.linear(Self.trials(), model: model)
        } throws: { error in
            (error as? StatsError)?.kind == .invalidDesign
        }
    }

    @Test func theLogisticModelRefusesSeveralSlopes() {
        let data = Self.trials().enumerated().map {
            MixedModelObservation(subject: $1.subject, levels: $1.levels, value: Double($0 % 2))
        }
        let model = MixedModelSpecification(factors: ["A"], randomSlopes: [["A"], ["A", "B"]])
        #expect(throws: StatsError.self) { try MixedModel.logistic(data, model: model) }
    }
}
