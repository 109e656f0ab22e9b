import Foundation
import Testing

@testable import ThumbLab

/// A log in the three formats the importer reads: CSV, JSON Lines and a JSON array.
struct ThreeFormatLog {
    var headers: [String]
    var rows: [[String]]

    /// The log as `format` (`csv`, `jsonl` or `json`), numbers as JSON numbers.
    func text(_ format: String) -> String {
        func value(_ text: String) -> String { Double(text) != nil ? text : "\"\(text)\"" }
        func object(_ row: [String]) -> String {
            "{" + zip(headers, row).map { "\"\($0)\": \(value($1))" }.joined(separator: ", ") + "}"
        }
        switch format {
        case "csv": return ([headers] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
        case "jsonl": return rows.map(object).joined(separator: "\n") + "\n"
        default: return "[\n" + rows.map(object).joined(separator: ",\n") + "\n]\n"
        }
    }

    /// Imports the log as `format` into memory.
    func imported(_ format: String, options: ImportOptions = ImportOptions()) throws -> MemoryImport {
        try importInMemory(text(format), named: "log.\(format)", options: options)
    }
}

/// The kind of a log told from its values as well as its column names: web touch logs
/// (`type: touchstart`, `clientX`, an epoch `time`), epoch times that are no durations, and
/// the aliases `set`/`session`/`round` and `t_ms`/`timestamp_ms`/`time_ms`.
@Suite struct TouchLogDetectionTests {
    static let formats = ["csv", "jsonl", "json"]

    static func webLog(x: String, y: String) -> ThreeFormatLog {
        ThreeFormatLog(
            headers: ["pid", "type", x, y, "time"],
            rows: [
                ["P1", "touchstart", "100", "200", "1700000000000"],
                ["P1", "touchmove", "101", "202", "1700000000040"],
                ["P1", "touchend", "102", "203", "1700000000090"],
                ["P1", "touchstart", "300", "400", "1700000001000"],
                ["P1", "touchend", "301", "401", "1700000001120"],
            ])
    }

    @Test(arguments: formats, [("mx", "my"), ("clientX", "clientY")])
    func aWebEventLogIsATouchLog(format: String, names: (String, String)) throws {
        let result = try Self.webLog(x: names.0, y: names.1).imported(format)
        #expect(result.layout.kind == .touches)
        #expect(result.layout.columns[.phase] == 1)
        #expect(result.layout.columns[.timestamp] == 4)
        #expect(result.sink.factors.isEmpty)
        #expect(result.sink.touches.map(\.phase) == [.down, .move, .up, .down, .up])
        #expect(result.sink.touches.map(\.x) == [100, 101, 102, 300, 301])
        #expect(result.sink.touches.map(\.timeMS).first == 1_700_000_000_000)
        // Each tap is a trial, timed from the previous selection by default: the first has
        // none, the second runs from the first touchend; timed from contact, each runs
        // from its touchstart to its touchend.
        #expect(result.sink.trials.map(\.timeMS) == [nil, 1030])
        let contact = try Self.webLog(x: names.0, y: names.1).imported(
            format, options: ImportOptions(trialTime: .contact))
        #expect(contact.sink.trials.map(\.timeMS) == [90, 120])
    }

    @Test(arguments: formats)
    func phaseValuesUnderAnyNameMakeATouchLog(format: String) throws {
        let log = ThreeFormatLog(
            headers: ["participant", "gesture", "x", "y", "t"],
            rows: [
                ["P1", "down", "10", "20", "0"], ["P1", "move", "11", "21", "16"], ["P1", "up", "12", "22", "50"],
            ])
        let result = try log.imported(format)
        #expect(result.layout.kind == .touches)
        #expect(result.layout.columns[.phase] == 1)
        #expect(result.sink.touches.map(\.phase) == [.down, .move, .up])
        let given = try log.imported(format, options: ImportOptions(kind: .touches))
        #expect(given.layout.columns[.phase] == 1)
    }

    @Test(arguments: formats)
    func upAndDownLevelsInATrialLogWithHitsStayAFactor(format: String) throws {
        let log = ThreeFormatLog(
            headers: ["pid", "direction", "x", "y", "time", "hit"],
            rows: [["P1", "up", "10", "20", "500", "1"], ["P1", "down", "11", "21", "450", "0"]])
        let result = try log.imported(format)
        #expect(result.layout.kind == .trials)
        #expect(result.sink.factors == ["direction", "x", "y"])
        #expect(result.sink.trials.map(\.timeMS) == [500, 450])
    }

    @Test(arguments: formats)
    func anEpochTimeIsNoTrialDuration(format: String) throws {
        let log = ThreeFormatLog(
            headers: ["pid", "time", "hit"],
            rows: [["P1", "1700000000000", "1"], ["P1", "1700000003000", "0"]])
        let found = try #require(problems { _ = try log.imported(format) })
        #expect(found.total == 1)
        #expect(
            found.problems[0].message
                == "expected a duration in time_ms ('time'), found epoch milliseconds such as 1700000000000 (2023-11-14 22:13 UTC), which are timestamps, not durations"
        )
        #expect(found.problems[0].remedy == .ignoreEpochColumn(column: "time", suggestTouches: true))
        let ignored = try log.imported(format, options: ImportOptions(ignore: ["time"]))
        #expect(ignored.sink.trials.map(\.hit) == [true, false])
        let mapped = try log.imported(format, options: ImportOptions(map: ["time_ms": "time"]))
        #expect(mapped.sink.trials.count == 2)
    }

    @Test(arguments: formats)
    func anEpochTimeAloneNamesWhatItIs(format: String) throws {
        let log = ThreeFormatLog(headers: ["pid", "time"], rows: [["P1", "1700000000000"]])
        let found = try #require(problems { _ = try log.imported(format) })
        #expect(
            found.problems[0].message.contains("found a time column holding epoch milliseconds such as 1700000000000"))
    }

    @Test(arguments: formats, ["set", "Session", "round"])
    func setSessionAndRoundAreTheBlock(format: String, name: String) throws {
        let log = ThreeFormatLog(headers: ["pid", name, "time"], rows: [["P1", "2", "500"], ["P1", "3", "510"]])
        let result = try log.imported(format)
        #expect(result.sink.trials.map(\.block) == [2, 3])
        #expect(result.sink.factors.isEmpty)
        let withBlock = ThreeFormatLog(
            headers: ["pid", name, "block", "time"], rows: [["P1", "A", "1", "500"], ["P1", "B", "2", "510"]])
        let both = try withBlock.imported(format)
        #expect(both.sink.trials.map(\.block) == [1, 2])
        #expect(both.sink.factors == [name])
        let levels = ThreeFormatLog(
            headers: ["pid", name, "time"], rows: [["P1", "s1", "500"], ["P1", "s2", "510"]])
        let factor = try levels.imported(format)
        #expect(factor.sink.factors == [name])
        #expect(factor.sink.trials.map(\.block) == [nil, nil])
    }

    @Test(arguments: formats, ["t_ms", "timestamp_ms", "time_ms"])
    func millisecondColumnsOfATouchLogAreTheTimestamp(format: String, name: String) throws {
        let log = ThreeFormatLog(
            headers: ["pid", name, "x", "y", "phase"],
            rows: [["P1", "1000", "10", "20", "down"], ["P1", "1075", "10", "20", "up"]])
        let result = try log.imported(format, options: ImportOptions(trialTime: .contact))
        #expect(result.layout.kind == .touches)
        #expect(result.layout.columns[.timestamp] == 1)
        #expect(result.sink.touches.map(\.timeMS) == [1000, 1075])
        #expect(result.sink.trials.map(\.timeMS) == [75])
    }
}
