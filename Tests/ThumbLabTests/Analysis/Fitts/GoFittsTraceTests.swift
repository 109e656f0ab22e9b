import Foundation
import Testing

@testable import ThumbLab

/// GoFitts' sd3 traces imported as touches of the sd1 trials, in either order, and the
/// sequence Ae taken from them: against GoFitts' own sd2 values and against numpy
/// (`Fixtures/fitts/gen_sd3_reference.py`).
@Suite struct GoFittsTraceTests {
    /// The samples of the sd3 fixture, counted from the file: one touch each.
    private func sampleCount() throws -> Int {
        let text = try String(contentsOfFile: fittsFixture("gofitts_B01.sd3"), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).reduce(0) { count, line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard let marker = fields.firstIndex(of: "t=") else { return count }
            return count + fields[(marker + 1)...].filter { !$0.isEmpty }.count
        }
    }

    /// A database holding the fixture's files imported in `order`, with each import's report.
    private func study(_ order: [String], folder: TemporaryFolder) throws -> (Study, [ImportReport]) {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("study.sqlite").path)
        let importer = Importer(database: database)
        let reports = try order.map { try importer.importFile(at: fittsFixture($0), options: ImportOptions()) }
        return (Study(database: database), reports)
    }

    private func number(_ path: Any...) throws -> Double {
        var current: Any? = sd3Reference
        for key in path {
            if let name = key as? String { current = (current as? [String: Any])?[name] }
            if let index = key as? Int { current = (current as? [Any])?[index] }
        }
        return try #require(current as? Double, "no number at \(path) in Fixtures/fitts/sd3_reference.json")
    }

    @Test(arguments: [["gofitts_B01.sd1", "gofitts_B01.sd3"], ["gofitts_B01.sd3", "gofitts_B01.sd1"]])
    func eitherOrderAttachesEveryTouchToTheLoggedTrials(order: [String]) throws {
        let folder = TemporaryFolder()
        let (study, reports) = try study(order, folder: folder)
        let samples = try sampleCount()
        let trace = try #require(reports.first { $0.file.hasSuffix(".sd3") })
        let log = try #require(reports.first { $0.file.hasSuffix(".sd1") })
        #expect(trace.kind == .touches)
        #expect(trace.format == "sd3")
        #expect(trace.rows == samples)
        #expect(log.rows == 135)
        // How the traces are joined once both files are in, whichever came first.
        let links = try study.database.trialLinks(batch: try #require(trace.batch).id)
        #expect(links.attachedTouches == samples)
        #expect(links.touchesWithoutTrial == 0)
        #expect(links.attachedTrials == 135)
        #expect(links.derivedTrials == 0)
        #expect(links.coveredTrials == 135)
        let info = try study.database.info()
        #expect(info.trials == 135)
        #expect(info.touches == samples)
        let factors = try study.database.layout(study: "default").factors.map(\.name)
        #expect(Set(factors) == Set(GoFittsLog.codeColumns + ["A"]))
    }

    @Test(arguments: [["gofitts_B01.sd1", "gofitts_B01.sd3"], ["gofitts_B01.sd3", "gofitts_B01.sd1"]])
    func tracedSequencesMatchGoFittsSD2(order: [String]) throws {
        let folder = TemporaryFolder()
        let report = try study(order, folder: folder).0.fitts()
        let expected = try goFittsSD2Rows()
        #expect(report.sequences.count == 9)
        var worstAe = 0.0
        for (index, (row, sd2)) in zip(report.sequences, expected).enumerated() {
            let m = row.measures
            let value = { (name: String) throws -> Double in try #require(Double(sd2[name] ?? "")) }
            #expect(m.amplitude == (try value("A")))
            #expect(m.width == (try value("W")))
            // sd3 rounds the target centres to whole pixels; the worst sequence is 0.053 px off.
            #expect(abs(m.effectiveAmplitude - (try value("Ae"))) <= 0.055)
            worstAe = max(worstAe, abs(m.effectiveAmplitude - (try value("Ae"))))
            #expect(close(m.effectiveWidth, try value("We"), 1e-3))
            #expect(close(m.timeMS, try value("MT(ms)"), 1e-9))
            #expect(close(m.errorPercent, try value("ER(%)"), 1e-9))
            #expect(close(m.throughput, try value("TP(bps)"), 1e-3))
            #expect(close(m.effectiveAmplitude, try number("sequences", index, "Ae")))
            #expect(close(m.effectiveWidth, try number("sequences", index, "joined", "We")))
            #expect(close(m.throughput, try number("sequences", index, "joined", "TP")))
        }
        #expect(worstAe > 0.001, "the traced Ae differs from the sd1 mean only by rounding")
        #expect(report.methods.contains("Ae of every sequence from the touch traces"))
    }

    @Test func tracesAloneDeriveTheTrials() throws {
        let folder = TemporaryFolder()
        let (study, reports) = try study(["gofitts_B01.sd3"], folder: folder)
        #expect(reports[0].links?.derivedTrials == 135)
        let report = try study.fitts()
        let expected = try goFittsSD2Rows()
        #expect(report.sequences.count == 9)
        for (index, (row, sd2)) in zip(report.sequences, expected).enumerated() {
            let m = row.measures
            #expect(close(m.effectiveAmplitude, try number("sequences", index, "Ae")))
            #expect(close(m.effectiveWidth, try number("sequences", index, "sd3_only", "We")))
            #expect(close(m.timeMS, try number("sequences", index, "sd3_only", "MT")))
            #expect(close(m.throughput, try number("sequences", index, "sd3_only", "TP")))
            #expect(close(m.throughput, try #require(Double(sd2["TP(bps)"] ?? "")), 0.01))
        }
    }

    @Test func crlfLinesReadAsLF() throws {
        let folder = TemporaryFolder()
        let text = try String(contentsOfFile: fittsFixture("gofitts_B01.sd3"), encoding: .utf8)
        let path = folder.write(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8), named: "crlf.sd3")
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("crlf.sqlite").path)
        let imported = try Importer(database: database).importFile(at: path, options: ImportOptions())
        #expect(imported.rows == (try sampleCount()))
        let crlf = try Study(database: database).fitts()
        let lf = try study(["gofitts_B01.sd3"], folder: folder).0.fitts()
        #expect(crlf.sequences.map(\.measures) == lf.sequences.map(\.measures))
    }

    @Test func quotedFieldsReadAsInAnyCSVFile() throws {
        let folder = TemporaryFolder()
        let text = try String(contentsOfFile: fittsFixture("gofitts_B01.sd3"), encoding: .utf8)
        let quoted = text.replacingOccurrences(of: ",C00,", with: ",\"C,00\",")
        let path = folder.write(Array(quoted.utf8), named: "quoted.sd3")
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("quoted.sqlite").path)
        let imported = try Importer(database: database).importFile(at: path, options: ImportOptions())
        #expect(imported.rows == (try sampleCount()))
        #expect(imported.rejected == 0)
        let levels = try database.layout(study: "default").factors.first { $0.name == "Condition" }?.levels
        #expect(levels == ["C,00"])
        let lf = try study(["gofitts_B01.sd3"], folder: folder).0.fitts()
        #expect(try Study(database: database).fitts().sequences.map(\.measures) == lf.sequences.map(\.measures))
    }

    @Test func sd1AloneKeepsItsOwnAe() throws {
        let folder = TemporaryFolder()
        let report = try study(["gofitts_B01.sd1"], folder: folder).0.fitts()
        #expect(!report.methods.contains("touch traces"))
        for (row, sd2) in zip(report.sequences, try goFittsSD2Rows()) {
            #expect(close(row.measures.throughput, try #require(Double(sd2["TP(bps)"] ?? "")), 0.03))
        }
    }

    @Test func serialTrialsAddThePreviousDeviation() throws {
        let traces = [
            TrialTrace(startX: 0, startY: 0, targetX: 100, targetY: 0, selectionX: 103, selectionY: 4),
            TrialTrace(startX: 100, startY: 0, targetX: 0, targetY: 0, selectionX: 2, selectionY: -1),
            TrialTrace(startX: 50, startY: 50, targetX: 50, targetY: 0, selectionX: 51, selectionY: -2),
        ]
        let measured = try #require(FittsTrial.tracedAmplitudes(traces))
        #expect(measured.map(\.deviation) == [3, -2, 2])
        // 100 + 3; 100 - 2 + 3 (starts at the previous target); 50 + 2 (starts elsewhere).
        #expect(measured.map(\.effectiveAmplitude) == [103, 101, 52])
        let noAxis = TrialTrace(startX: 1, startY: 1, targetX: 1, targetY: 1, selectionX: 2, selectionY: 2)
        #expect(FittsTrial.tracedAmplitudes([noAxis]) == nil)
    }

    @Test(arguments: [
        (
            "TRACE DATA\nParticipant,A,W,Trial,from_x,from_y,to_x,to_y,{t_x_y}\nP1,400,20,0,0,0,400,0,t=,0,10\n"
                + "P1,400,20,0,0,0,400,0,x=,0,4x0\nP1,400,20,0,0,0,400,0,y=,0,0\n", 4, 11, "expected a number"
        ),
        (
            "Participant,A,W,Trial,from_x,from_y,to_x,to_y,{t_x_y}\nP1,400,20,0,0,0,400,0,t=,0,10\n", 1, 1,
            "TRACE DATA"
        ),
        ("TRACE DATA\nParticipant,A,Trial,from_x,from_y,to_x,to_y,{t_x_y}\n", 2, 1, "no 'W' column"),
        (
            "TRACE DATA\nParticipant,A,W,Trial,from_x,from_y,to_x,to_y,{t_x_y}\nP1,400,20,0,0,0,400,0,t=,0,10\n"
                + "P1,400,20,0,0,0,400,0,y=,0,0\n", 4, 9, "expected x="
        ),
        (
            "TRACE DATA\nParticipant,A,W,Trial,from_x,from_y,to_x,to_y,{t_x_y}\nP1,400,20,0,0,0,400,0,t=,0,10\n"
                + "P1,400,20,0,0,0,400,0,x=,0,1,2\nP1,400,20,0,0,0,400,0,y=,0,0\n", 4, 12, "expected 2 samples"
        ),
    ])
    func malformedTracesAreLocated(text: String, line: Int, column: Int, message: String) throws {
        let folder = TemporaryFolder()
        let path = folder.write(Array(text.utf8), named: "bad.sd3")
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("bad.sqlite").path)
        do {
            _ = try Importer(database: database).importFile(at: path, options: ImportOptions())
            Issue.record("expected the import to fail")
        } catch ThumbLabError.invalidInput(let problems, _) {
            let problem = try #require(problems.first)
            #expect(problem.line == line)
            #expect(problem.column == column)
            #expect(problem.message.contains(message), "\(problem.message)")
        }
        #expect(try database.info().touches == 0)
    }
}

/// `Fixtures/fitts/sd3_reference.json`, written by `gen_sd3_reference.py`.
nonisolated(unsafe) let sd3Reference: [String: Any] = {
    guard let data = FileManager.default.contents(atPath: fittsFixture("sd3_reference.json")),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [:] }
    return object
}()
