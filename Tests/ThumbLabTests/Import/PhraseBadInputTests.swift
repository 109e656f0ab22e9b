import Foundation
import Testing

@testable import ThumbLab

/// Phrase logs that are wrong, or odd: each gives a clear error at its place and imports
/// nothing, or imports and warns.
@Suite struct PhraseBadInputTests {
    func importing(_ text: String, named name: String = "phrases.csv", options: ImportOptions = ImportOptions(study: "s"))
        throws -> (DatabaseFixture, ImportReport)
    {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(text, named: name)
        return (fixture, try fixture.importer.importFile(at: path, options: options))
    }

    func problems(of error: any Error) -> [InputProblem] {
        guard case .invalidInput(let list, _)? = error as? ThumbLabError else { return [] }
        return list
    }

    func phraseCount(_ fixture: DatabaseFixture) throws -> Int64 {
        let statement = try fixture.database.connection.prepare("SELECT count(*) FROM phrase")
        _ = try statement.step()
        return statement.int64(0)
    }

    @Test func anEmptyTranscriptionIsAPhraseCountedAndWarned() throws {
        let (fixture, report) = try importing(
            "participant,presented,transcribed,time_s\nP1,hello world,hello world,2\nP1,good morning,,3\n")
        #expect(report.rows == 2)
        #expect(report.warnings.contains(.emptyTranscriptions(count: 1)))
        let row = try fixture.database.connection.prepare("SELECT wpm, msd_error_rate FROM phrase_long WHERE phrase = 2")
        _ = try row.step()
        #expect(row.double(0) == 0 && row.double(1) == 1)
    }

    @Test(arguments: ["0", "-1.5"])
    func aTimeOfZeroOrBelowIsRefusedAtItsPlace(time: String) throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "participant,presented,transcribed,time_s\nP1,hello world,hello world,2\nP1,good day,good day,\(time)\n",
            named: "phrases.csv")
        let error = #expect(throws: ThumbLabError.self) {
            try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        }
        let thrown = try #require(error)
        let problem = try #require(problems(of: thrown).first)
        #expect(problem.line == 3 && problem.column == 4)
        #expect(problem.message.contains("expected a time above 0 in time_s"))
        #expect(try phraseCount(fixture) == 0)
        var skipping = ImportOptions(study: "s")
        skipping.skipInvalid = true
        let report = try fixture.importer.importFile(at: path, options: skipping)
        #expect(report.rows == 1 && report.rejected == 1)
    }

    @Test func aClockTimeIsNoPhraseTime() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "participant,presented,transcribed,time_ms\nP1,hello world,hello world,1733462400000\n", named: "p.csv")
        let error = #expect(throws: ThumbLabError.self) {
            try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        }
        let thrown = try #require(error)
        #expect(problems(of: thrown).first?.message.contains("a clock time") == true)
    }

    @Test func aStreamThatDoesNotGiveTheTranscriptionIsKeptWithoutKSPCAndWarned() throws {
        let (fixture, report) = try importing(
            "participant,presented,transcribed,input_stream,time_s\n"
                + "P1,hello,hello,hello,2\nP1,world,world,wrd,2\nP1,quick,quick,qu<uick,3\n")
        #expect(report.rows == 3)
        #expect(report.warnings.contains(.inputStreamsDiffer(count: 1, firstLine: 3)))
        let rows = try fixture.database.connection.prepare("SELECT phrase, kspc FROM phrase_long ORDER BY phrase")
        var kspc: [Double?] = []
        while try rows.step() { kspc.append(rows.isNull(1) ? nil : rows.double(1)) }
        #expect(kspc == [1, nil, 1.4])
    }

    @Test func aTimeWithoutItsUnitAsksForIt() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write("participant,presented,transcribed,time\nP1,hello,hello,2.5\n", named: "p.csv")
        let error = #expect(throws: ThumbLabError.self) {
            try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        }
        let thrown = try #require(error)
        let problem = try #require(problems(of: thrown).first)
        #expect(problem.column == 4 && problem.remedy == .giveTimeUnit(column: "time"))
        #expect(problem.message.contains("does not say it"))
        var options = ImportOptions(study: "s")
        options.map = ["time_s": "time"]
        let report = try fixture.importer.importFile(at: path, options: options)
        #expect(report.rows == 1)
    }

    @Test func aHeaderlessStatsFileIsRefusedWithItsRemedy() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "the quick brown fox\tthe quick brown fox\t4.2\nhello world\thello world\t2.0\n", named: "P1_stats.tsv")
        var options = ImportOptions(study: "s")
        options.namePattern = try FileNamePattern("{participant}_stats.tsv")
        let error = #expect(throws: ThumbLabError.self) {
            try fixture.importer.importFile(at: path, options: options)
        }
        let thrown = try #require(error)
        let problem = try #require(problems(of: thrown).first)
        #expect(problem.line == 1 && problem.remedy == .nameColumns(count: 3))
        #expect(problem.message.contains("found a row of data ('the quick brown fox'"))
        #expect(try phraseCount(fixture) == 0)
        options.columns = ["presented", "transcribed", "time_s"]
        #expect(try fixture.importer.importFile(at: path, options: options).rows == 2)
    }

    @Test func anUnknownKeyNameIsAProblemOfItsRow() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            #"{"participant": "P1", "P": "hi", "T": "hi", "keys": ["h", "i"], "time_ms": 900}"# + "\n"
                + #"{"participant": "P1", "P": "ok", "T": "ok", "keys": ["o", "Shift", "k"], "time_ms": 800}"# + "\n",
            named: "p.jsonl")
        let error = #expect(throws: ThumbLabError.self) {
            try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        }
        let thrown = try #require(error)
        let problem = try #require(problems(of: thrown).first)
        #expect(problem.line == 2 && problem.message.contains("found 'Shift'"))
        #expect(try phraseCount(fixture) == 0)
    }

    @Test func keystrokeMeasuresOfAStudyWithoutStreamsAreRefusedWithAReason() throws {
        let (fixture, _) = try importing(
            "participant,posture,presented,transcribed,time_s\nP1,a,hello,hello,2\nP1,b,world,wrld,2\n")
        let study = Study(database: fixture.database)
        #expect(throws: ThumbLabError.parameter(.phraseMeasureUnavailable(measure: "kspc", phrases: 2))) {
            try study.compare(ComparisonRequest(measure: .phrase(.kspc), factors: ["posture"]))
        }
        let trials = try DatabaseFixture()
        #expect(throws: ThumbLabError.parameter(.phraseMeasureUnavailable(measure: "wpm", phrases: 0))) {
            try Study(database: trials.database).compare(ComparisonRequest(measure: .phrase(.wpm), factors: ["technique"]))
        }
    }

    /// A text-entry logger's stats file as it writes it: comment lines before the header, the
    /// header on a `[#]` line, counts and measures of its own, and a closing comment line.
    @Test func aStatsFileWithAClosingCommentImportsWithItsOwnNumbers() throws {
        let text =
            "[#]Log opened: Mon May 13 14:14:36 GMT+12:00 2019\n"
            + "[#]presented\ttranscribed\tpresented_characters\tinput_time(sec)\twpm\tmsd\tnumBksp\n"
            + "call for more details\tcall for more details\t21\t13.757\t15.70\t0\t3\n"
            + "drove my chevy to the levee\tdrove my Chevy to the levee\t27\t13.372\t23.33\t1\t0\n"
            + "[#]Log closed: Mon May 13 14:21:31 GMT+12:00 2019\n"
        var options = ImportOptions(study: "s")
        options.namePattern = try FileNamePattern("{participant}_{session}_{technique}_{posture}_stats.tema")
        let (fixture, report) = try importing(text, named: "1_0_Touch_1T_stats.tema", options: options)
        #expect(report.kind == .phrases && report.rows == 2)
        #expect(report.factors == ["technique", "posture"])
        #expect(report.numbers == ["presented_characters", "wpm", "msd", "numBksp"])
        #expect(report.warnings.contains(.commentLinesAmongRows(lines: [5])))
        let msd = try fixture.database.connection.prepare(
            "SELECT p.msd, v.value FROM phrase_long p JOIN trial_value v ON v.trial_id = p.id AND v.name = 'msd'")
        var pairs: [String] = []
        while try msd.step() { pairs.append("\(msd.int64(0))=\(msd.double(1))") }
        #expect(pairs == ["0=0.0", "1=1.0"])
    }

    @Test func aTouchLogWithTAndPColumnsStaysATouchLog() throws {
        let (_, report) = try importing(
            "participant,t,x,y,phase,p\nP1,0,10,10,down,0.5\nP1,80,11,10,up,0.4\n", named: "touch.csv")
        #expect(report.kind == .touches)
    }
}
