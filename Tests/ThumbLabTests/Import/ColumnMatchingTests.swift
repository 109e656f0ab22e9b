import Foundation
import Testing

@testable import ThumbLab

/// Column names matched to fields by name and alias, `map` and `ignore`, and the kind of
/// rows detected from the columns.
@Suite struct ColumnMatchingTests {
    private func layout(_ headers: [String], _ options: ImportOptions = ImportOptions()) throws -> ColumnLayout? {
        if case .success(let layout) = try ColumnLayout.resolve(headers: headers, options: options) { return layout }
        return nil
    }

    @Test(arguments: [
        ("participant", ImportField.participant), ("PID", .participant), ("Subject", .participant),
        ("user", .participant), ("pnum", .participant), ("participant_id", .participant),
        ("Participant ID", .participant), ("time_ms", .timeMS), ("Time", .timeMS), ("MT", .timeMS),
        ("movement-time", .timeMS), ("task_time", .timeMS), ("duration_ms", .timeMS),
        ("hit", .hit), ("Success", .hit), ("correct", .hit), ("error", .miss), ("miss", .miss),
        ("errors", .errors), ("error_count", .errors), ("target_x", .targetX), ("TargetY", .targetY),
        ("target_w", .targetWidth), ("target width", .targetWidth), ("width", .targetWidth),
        ("target_h", .targetHeight), ("height", .targetHeight), ("touch_x", .touchX), ("tap_y", .touchY),
        ("start_x", .startX), ("start-y", .startY), ("block", .block), ("trial_number", .trial),
        ("Trial ID", .trial),
    ])
    func trialColumnAliases(header: String, field: ImportField) throws {
        let measures: [ImportField] = [.timeMS, .hit, .miss, .errors]
        let headers =
            [header, "technique"] + (field == .participant ? [] : ["pid"])
            + (measures.contains(field) ? [] : ["errors"])
        let resolved = try #require(try layout(headers))
        #expect(resolved.kind == .trials)
        #expect(resolved.columns[field] == 0)
    }

    @Test func unmatchedColumnsBecomeFactorsInFileOrder() throws {
        let resolved = try #require(try layout(["pid", "Technique", "time", "Target Size", "posture"]))
        #expect(resolved.factorNames == ["Technique", "Target Size", "posture"])
        #expect(resolved.factorColumns == [1, 3, 4])
    }

    @Test func mapOverridesTheAliasMatch() throws {
        let options = ImportOptions(map: ["time_ms": "rt", "participant": "who"])
        let resolved = try #require(try layout(["who", "pid", "rt", "mt"], options))
        #expect(resolved.columns[.participant] == 0)
        #expect(resolved.columns[.timeMS] == 2)
        #expect(resolved.factorNames == ["pid", "mt"])
    }

    @Test func mapAcceptsAliasesAsFieldNames() throws {
        let resolved = try #require(try layout(["p", "rt"], ImportOptions(map: ["pid": "p", "mt": "RT"])))
        #expect(resolved.columns[.participant] == 0)
        #expect(resolved.columns[.timeMS] == 1)
    }

    @Test func columnsWithoutANameAreLeftOut() throws {
        let resolved = try #require(try layout(["pid", "technique", "time", "", " "]))
        #expect(resolved.factorNames == ["technique"])
        #expect(resolved.unnamedColumns == [3, 4])
    }

    @Test func ignoreDropsAColumn() throws {
        let resolved = try #require(
            try layout(["pid", "time", "notes", "technique"], ImportOptions(ignore: ["Notes"])))
        #expect(resolved.factorNames == ["technique"])
    }

    @Test func ignoringOneOfTwoMatchesResolvesTheAmbiguity() throws {
        #expect(try layout(["pid", "time", "mt"]) == nil)
        let resolved = try #require(try layout(["pid", "time", "mt"], ImportOptions(ignore: ["time"])))
        #expect(resolved.columns[.timeMS] == 2)
    }

    @Test(arguments: [
        (["pid", "technique", "time_ms", "hit"], RowKind.trials),
        (["pid", "errors"], .trials),
        (["pid", "trial", "t", "x", "y", "phase"], .touches),
        (["participant", "trial", "time_ms", "x", "y", "action"], .touches),
        (["pid", "technique", "questionnaire", "item", "score"], .responses),
        (["user", "instrument", "question", "rating"], .responses),
    ])
    func kindIsDetectedFromTheColumns(headers: [String], kind: RowKind) throws {
        #expect(try layout(headers)?.kind == kind)
    }

    @Test func touchLogReadsTimeAsTimestamp() throws {
        let resolved = try #require(try layout(["pid", "trial", "time", "x", "y", "event", "target_x"]))
        #expect(resolved.columns[.timestamp] == 2)
        #expect(resolved.columns[.targetX] == 6)
    }

    @Test func givenKindWinsOverDetection() throws {
        let resolved = try #require(try layout(["pid", "item", "value", "time"], ImportOptions(kind: .trials)))
        #expect(resolved.kind == .trials)
        #expect(resolved.factorNames == ["item", "value"])
    }

    @Test func unknownMapFieldIsAUsageError() {
        #expect(throws: ThumbLabError.self) {
            try layout(["pid", "time"], ImportOptions(map: ["speed": "time"]))
        }
    }

    @Test func mappedColumnMissingIsASetupProblemNamingTheColumns() {
        #expect(
            throws: ThumbLabError.importSetup(.missingColumn(key: "time_ms", column: "rt", columns: ["pid", "time"]))
        ) {
            try layout(["pid", "time"], ImportOptions(map: ["time_ms": "rt"]))
        }
    }

    @Test func ordinalIsThePositionInAllCases() {
        #expect(ImportField.allCases.map(\.ordinal) == Array(ImportField.allCases.indices))
    }

    @Test func normalizationIgnoresCaseUnderscoresDashesAndSpaces() {
        #expect(ImportField.normalize("Movement_Time-ms x") == "movementtimemsx")
        #expect(ImportField.normalize("Größe") == "größe")
    }
}
