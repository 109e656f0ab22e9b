import Foundation
import Testing

@testable import ThumbLab

/// Trial logs as other tools write them (`Fixtures/import/writers`, made by pandas, R and
/// the loggers' own shapes): each imports without editing, states how it was read, and
/// holds the trials, misses and times pandas counted from the same rows.
@Suite struct OtherWritersTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/import/writers")

    struct Counts: Decodable {
        struct Cell: Decodable {
            var trials: Int
            var error_rate: Double
            var mean_time_of_hits: Double
        }
        var trials: Int
        var misses: Int
        var by_technique: [String: Cell]
    }

    struct CodedCell: Decodable {
        var trials: Int
        var misses: Int
        var time_sum: Double
    }

    struct Expected: Decodable {
        var all: Counts
        var pandas: Counts
        var r: Counts
        var coded: [String: CodedCell]
    }

    static func expected() throws -> Expected {
        let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        return try JSONDecoder().decode(Expected.self, from: data)
    }

    static func reference(_ name: String) throws -> Counts {
        let expected = try expected()
        return try #require(["all": expected.all, "pandas": expected.pandas, "r": expected.r][name])
    }

    static func importFixture(_ name: String, options: ImportOptions = ImportOptions()) throws -> MemoryImport {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        return try importInMemory(bytes, named: name, options: options)
    }

    /// The trials against pandas' counts: per technique, the trials, the error rate (every
    /// trial with a hit or miss) and the mean time of the hits.
    static func check(_ result: MemoryImport, against counts: Counts) throws {
        let trials = result.sink.trials
        #expect(trials.count == counts.trials)
        #expect(trials.filter { $0.hit == false }.count == counts.misses)
        let technique = try #require(result.sink.factors.firstIndex(of: "technique"))
        #expect(result.sink.factors == ["technique"])
        for (level, cell) in counts.by_technique {
            let rows = trials.filter { $0.levels[technique] == level }
            #expect(rows.count == cell.trials)
            let misses = Double(rows.filter { $0.hit == false }.count)
            #expect(abs(misses / Double(rows.count) - cell.error_rate) < 1e-12)
            let times = rows.filter { $0.hit == true }.compactMap(\.timeMS)
            #expect(abs(times.reduce(0, +) / Double(times.count) - cell.mean_time_of_hits) < 1e-9)
        }
    }

    @Test(arguments: [
        ("pandas_index.csv", "pandas", [1]), ("pandas_reread.csv", "pandas", [1, 2]), ("r_write_csv.csv", "r", [1]),
    ])
    func rowNamesOfRAndPandasAreLeftOut(file: String, reference: String, columns: [Int]) throws {
        let result = try Self.importFixture(file)
        #expect(result.decisions == columns.map { .rowNumbers(column: $0) })
        #expect(result.layout.rowNumberColumns == columns.map { $0 - 1 })
        try Self.check(result, against: try Self.reference(reference))
    }

    @Test func tappingResultsAsJSONLinesUnderTxt() throws {
        let result = try Self.importFixture("tapping_results.txt")
        #expect(
            result.decisions == [
                .formatFromContent(format: "jsonl"),
                .outcomeWords(column: "result", hits: ["success"], misses: ["error"]),
            ])
        #expect(result.layout.columns[.hit] != nil)
        // Misses have no time and still count in the error rate.
        #expect(result.sink.trials.filter { $0.hit == false }.allSatisfy { $0.timeMS == nil })
        try Self.check(result, against: try Self.reference("all"))
    }

    @Test func headerOnTheLastCommentLine() throws {
        let result = try Self.importFixture("comment_header.txt")
        #expect(result.decisions.first == .formatFromContent(format: "csv"))
        #expect(result.decisions.contains(.headerFromComment(line: 2)))
        guard case .commentLines(let lines) = result.decisions[1] else {
            Issue.record("expected the comment lines, found \(result.decisions)")
            return
        }
        #expect(lines.map(\.line) == [1, 2])
        #expect(lines[0].text == "[#]Log opened: Mon May 13 14:14:36 2019")
        try Self.check(result, against: try Self.reference("all"))
    }

    @Test func headerlessFileTakesTheColumnsGiven() throws {
        var options = ImportOptions()
        options.columns = ["participant", "technique", "trial", "time_ms", "hit"]
        let result = try Self.importFixture("headerless.dat", options: options)
        #expect(result.decisions.contains(.columnsGiven(options.columns!)))
        try Self.check(result, against: try Self.reference("all"))
    }

    @Test func firstRowOfNumbersWithoutColumnsIsAProblemThatSaysSo() throws {
        let found = try #require(problems { _ = try importInMemory("1,834.6,1\n2,833.0,0\n", named: "taps.dat") })
        #expect(found.problems.count == 1)
        let problem = found.problems[0]
        #expect((problem.line, problem.column) == (1, 1))
        #expect(problem.message.contains("found a row of numbers ('1', '834.6', '1')"))
        #expect(problem.message.contains("the file has no header"))
        #expect(problem.remedy == .nameColumns(count: 3))
    }

    @Test func codedLevelsAreStoredByTheirNamesAsAPandasMapGives() throws {
        var options = ImportOptions()
        let codes = [("0", "FOLD"), ("1", "TOUCHFOLD"), ("2", "FOLDTOUCH")].map { LevelCoding.Code(code: $0, name: $1) }
        options.levelCodings = [LevelCoding(factor: "Type", codes: codes)]
        let result = try Self.importFixture("coded_levels.csv", options: options)
        #expect(result.decisions == [.levelNames(factor: "Type", codes: codes)])
        let expected = try Self.expected().coded
        #expect(Set(result.sink.trials.compactMap { $0.levels[0] }) == Set(expected.keys))
        for (level, cell) in expected {
            let rows = result.sink.trials.filter { $0.levels[0] == level }
            #expect(rows.count == cell.trials)
            #expect(rows.filter { $0.hit == false }.count == cell.misses)
            #expect(abs(rows.compactMap(\.timeMS).reduce(0, +) - cell.time_sum) < 1e-6)
        }
    }

    @Test func aCodeWithoutANameIsAProblemOfItsRow() throws {
        var options = ImportOptions()
        options.levelCodings = [LevelCoding(factor: "type", codes: [.init(code: "0", name: "FOLD")])]
        let found = try #require(problems { _ = try Self.importFixture("coded_levels.csv", options: options) })
        #expect(found.problems[0].line == 2)
        #expect(found.problems[0].column == 5)
        #expect(found.problems[0].message == "expected one of the codes named for type (0), found '1'")
        #expect(found.problems[0].remedy == .nameCode(factor: "type", code: "1"))
        options.levelCodings = [LevelCoding(factor: "kind", codes: [.init(code: "0", name: "FOLD")])]
        #expect(throws: ThumbLabError.importSetup(.codedFactorMissing(factor: "kind", factors: ["type"]))) {
            _ = try Self.importFixture("coded_levels.csv", options: options)
        }
    }
}
