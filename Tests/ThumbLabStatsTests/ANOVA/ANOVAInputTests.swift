import Foundation
import Testing

@testable import ThumbLabStats

/// Bad input throws a ``StatsError`` that names the problem; incomplete subjects are
/// removed and reported.
@Suite("ANOVA input checks")
struct ANOVAInputTests {
    /// A 2 (G, between) × 3 (T, within) design with four subjects per group.
    static func mixedData() -> [ANOVAObservation] {
        let values: [[Double]] = [
            [4.1, 5.0, 6.2], [3.8, 4.4, 6.9], [5.2, 5.1, 7.7], [4.4, 6.0, 6.1],
            [6.3, 6.1, 8.8], [5.9, 7.4, 8.1], [7.0, 6.6, 9.9], [6.1, 7.9, 8.4],
        ]
        return values.enumerated().flatMap { subject, row in
            row.enumerated().map { level, value in
                ANOVAObservation(
                    subject: "p\(subject + 1)", levels: ["G": subject < 4 ? "g1" : "g2", "T": "t\(level + 1)"],
                    value: value)
            }
        }
    }

    static let mixed = ANOVADesign(between: ["G"], within: ["T"])

    static func expectError(
        _ kind: StatsError.Kind, containing phrase: String,
        _ data: [ANOVAObservation], _ design: ANOVADesign = mixed
    ) {
        do {
            _ = try ANOVA.repeatedMeasures(data, design: design)
            Issue.record("expected a \(kind) error mentioning \"\(phrase)\"")
        } catch let error as StatsError {
            #expect(error.kind == kind)
            #expect(error.message.contains(phrase), "message: \(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func emptyBetweenCellIsNamed() {
        // B splits group g1 (p1, p2 → b1; p3, p4 → b2) but all of g2 is b1: cell G=g2, B=b2 is empty.
        let data = Self.mixedData().map { observation -> ANOVAObservation in
            var copy = observation
            copy.levels["B"] = ["p3", "p4"].contains(observation.subject) ? "b2" : "b1"
            return copy
        }
        Self.expectError(
            .invalidDesign, containing: "cell G=g2, B=b2 has no data", data,
            ANOVADesign(between: ["G", "B"], within: ["T"]))
    }

    @Test func factorWithOneLevelIsRejected() {
        let data = Self.mixedData().map { observation -> ANOVAObservation in
            var copy = observation
            copy.levels["G"] = "all"
            return copy
        }
        Self.expectError(.invalidDesign, containing: "Factor G has only one level", data)
    }

    @Test func subjectInTwoGroupsIsRejected() {
        var data = Self.mixedData()
        data[1].levels["G"] = "g2"
        Self.expectError(.invalidDesign, containing: "Subject p1 appears in two between-subjects groups", data)
    }

    @Test func twoValuesInOneCellAreRejected() {
        var data = Self.mixedData()
        data.append(ANOVAObservation(subject: "p2", levels: ["G": "g1", "T": "t3"], value: 1))
        Self.expectError(.invalidDesign, containing: "Subject p2 has two values in cell T=t3", data)
    }

    @Test func nonFiniteValuesAreRejected() {
        var data = Self.mixedData()
        data[4].value = .nan
        Self.expectError(.nonFinite, containing: "Observation 5", data)
    }

    @Test func missingFactorLevelIsRejected() {
        var data = Self.mixedData()
        data[0].levels["T"] = nil
        Self.expectError(.invalidDesign, containing: "no level for factor T", data)
    }

    @Test func badDesignsAreRejected() {
        Self.expectError(.invalidDesign, containing: "names no factor", Self.mixedData(), ANOVADesign())
        Self.expectError(
            .invalidDesign, containing: "named twice", Self.mixedData(), ANOVADesign(between: ["G"], within: ["G"]))
        Self.expectError(.tooFewObservations, containing: "no observations", [])
    }

    @Test func noErrorDegreesOfFreedomIsRejected() {
        let data = ["a", "b"].map { ANOVAObservation(subject: $0, levels: ["G": $0], value: 1) }
        Self.expectError(
            .tooFewObservations, containing: "no error degrees of freedom", data, ANOVADesign(between: ["G"]))
    }

    @Test func constantErrorIsRejected() {
        let data = Self.mixedData().map { observation -> ANOVAObservation in
            var copy = observation
            copy.value = observation.levels["T"] == "t1" ? 1 : 2
            return copy
        }
        Self.expectError(.constantData, containing: "no variation", data)
    }

    @Test func incompleteSubjectsAreDroppedAndNamed() throws {
        var data = Self.mixedData()
        data.removeAll { $0.subject == "p3" && $0.levels["T"] == "t2" }
        data.removeAll { $0.subject == "p6" && $0.levels["T"] == "t1" }
        let result = try ANOVA.repeatedMeasures(data, design: Self.mixed)
        #expect(result.subjectsUsed == 6)
        #expect(result.subjectsDropped == ["p3", "p6"])
        #expect(result.term("G")?.errorDF == 4)
        #expect(result.term("T")?.errorDF == 8)
    }

    @Test func betweenFactorDeclaredWithinIsExplained() {
        Self.expectError(
            .tooFewObservations, containing: "Check that each within factor (G) was measured on every subject",
            Self.mixedData().filter { $0.levels["T"] == "t1" }, ANOVADesign(within: ["G"]))
    }

    @Test func everySubjectIncompleteIsRejected() {
        let data = Self.mixedData().filter { !($0.levels["T"] == "t2" && $0.subject != "p1") }
            .filter { !($0.subject == "p1" && $0.levels["T"] == "t3") }
        Self.expectError(.tooFewObservations, containing: "No subject has a value in every within cell", data)
    }
}
