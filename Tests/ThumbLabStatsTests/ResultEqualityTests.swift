import Testing

@testable import ThumbLabStats

/// The hand-written equality of the results that hold tuples or a fitted model: the same
/// input gives equal results, a changed value gives unequal ones.
@Suite struct ResultEqualityTests {
    static func artRows(shift: Double = 0) -> [ANOVAObservation] {
        let data = [[3.0, 5.0, 4.0, 7.0], [2.0, 6.0, 3.0, 8.0], [4.0, 4.0, 5.0, 9.0], [3.0, 7.0, 2.0, 6.0]]
        var rows: [ANOVAObservation] = []
        for (subject, values) in data.enumerated() {
            for (cell, value) in values.enumerated() {
                let levels = ["A": cell < 2 ? "a1" : "a2", "B": cell % 2 == 0 ? "b1" : "b2"]
                let shifted = subject == 0 && cell == 0 ? value + shift : value
                rows.append(ANOVAObservation(subject: "P\(subject)", levels: levels, value: shifted))
            }
        }
        return rows
    }

    static func mixedRows(shift: Double = 0) -> [MixedModelObservation] {
        var rows: [MixedModelObservation] = []
        for subject in 0..<6 {
            for (index, hand) in ["left", "right"].enumerated() {
                for trial in 0..<3 {
                    let value =
                        6 + Double(subject % 3) * 0.2 + Double(index) * 0.3 + Double((subject + trial) % 4) * 0.05
                    let shifted = subject == 0 && trial == 0 ? value + shift : value
                    rows.append(MixedModelObservation(subject: "P\(subject)", levels: ["hand": hand], value: shifted))
                }
            }
        }
        return rows
    }

    @Test func artResultsAndInteractionContrastsCompareByValue() throws {
        let design = ANOVADesign(within: ["A", "B"])
        let first = try ART.anova(Self.artRows(), design: design)
        #expect(first == (try ART.anova(Self.artRows(), design: design)))
        #expect(first != (try ART.anova(Self.artRows(shift: 0.5), design: design)))
        let contrasts = try ART.interactionContrasts(Self.artRows(), design: design, term: "A:B")
        #expect(contrasts == (try ART.interactionContrasts(Self.artRows(), design: design, term: "A:B")))
        #expect(contrasts != (try ART.interactionContrasts(Self.artRows(shift: 0.5), design: design, term: "A:B")))
    }

    @Test func mixedModelFitsCompareByDataAndFigures() throws {
        let model = MixedModelSpecification(factors: ["hand"])
        let first = try MixedModel.linear(Self.mixedRows(), model: model)
        #expect(first == (try MixedModel.linear(Self.mixedRows(), model: model)))
        #expect(first != (try MixedModel.linear(Self.mixedRows(shift: 0.1), model: model)))
        #expect(first != (try MixedModel.linear(Self.mixedRows(), model: model, estimation: .ml)))
    }

    @Test func logisticMixedModelFitsCompareByDataAndFigures() throws {
        var rows: [MixedModelObservation] = []
        for subject in 0..<8 {
            for (index, size) in ["small", "large"].enumerated() {
                for trial in 0..<6 {
                    let miss = (subject + trial + index * 3) % (index == 0 ? 3 : 5) == 0
                    rows.append(
                        MixedModelObservation(subject: "P\(subject)", levels: ["size": size], value: miss ? 1 : 0))
                }
            }
        }
        let model = MixedModelSpecification(factors: ["size"])
        let first = try MixedModel.logistic(rows, model: model)
        #expect(first == (try MixedModel.logistic(rows, model: model)))
        #expect(first != (try MixedModel.logistic(rows, model: model, confidenceLevel: 0.9)))
    }
}
