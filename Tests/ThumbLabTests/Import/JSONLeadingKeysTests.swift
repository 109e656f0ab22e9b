import Foundation
import Testing

@testable import ThumbLab

/// An import reads a JSON file's keys from its leading objects only and checks the rows
/// for other keys: whether or not a later object has one, the outcome is exactly that of
/// a header made of every object's keys.
@Suite struct JSONLeadingKeysTests {
    /// Trials of one participant; `extra` adds keys to the object of that trial number.
    static func objects(count: Int, extra: [Int: String] = [:]) -> [String] {
        (1...count).map { trial in
            let more = extra[trial].map { ", " + $0 } ?? ""
            return #"{"participant": "P1", "technique": "\#(trial % 2 == 0 ? "Shift" : "Direct")", "block": 1, "trial": \#(trial), "time_ms": \#(500 + trial), "hit": true\#(more)}"#
        }
    }

    static func text(_ objects: [String], name: String) -> String {
        name.hasSuffix(".jsonl")
            ? objects.joined(separator: "\n") + "\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// What one import gave: its report (or error) and the database's rows.
    struct Result: Equatable {
        var report: ImportReport?
        var error: String?
        var rows: [String]
    }

    /// Imports the file at `path` into a new database of `folder`, with `keyPass`, after
    /// `before` (another file imported first the usual way, or nil).
    static func importFile(
        _ path: String, keyPass: JSONRowReader.KeyPass, options: ImportOptions, before: String?,
        folder: TemporaryFolder
    ) throws -> Result {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("\(UUID()).sqlite").path)
        let importer = Importer(database: database)
        if let before { _ = try importer.importFile(at: before, options: ImportOptions(study: options.study)) }
        var options = options
        options.jsonKeyPass = keyPass
        var result = Result(rows: [])
        do {
            var report = try importer.importFile(at: path, options: options)
            report.batch?.importedAt = Date(timeIntervalSince1970: 0)
            result.report = report
        } catch {
            result.error = String(describing: error)
        }
        result.rows =
            try TrialAndTouchLogTests.dump(database)
            + rows(database, "SELECT 'rejected', file, line, reason, raw FROM rejected_row ORDER BY id")
            + rows(database, "SELECT 'batch', id, source, format, kind, rows, rejected FROM batch ORDER BY id")
            + rows(database, "SELECT 'factor', id, name FROM factor ORDER BY id")
            + rows(database, "SELECT 'condition', id, label FROM condition ORDER BY id")
        return result
    }

    /// Imports `objects` both ways: the leading objects' keys (those of the first 100
    /// bytes) and every object's keys; the two results must be equal.
    static func expectSameOutcome(
        _ objects: [String], name: String, options: ImportOptions = ImportOptions(), before: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let folder = TemporaryFolder()
        let path = folder.write(text(objects, name: name), named: name)
        let leading = try importFile(
            path, keyPass: .leadingObjects(bytes: 100), options: options, before: before, folder: folder)
        let whole = try importFile(path, keyPass: .wholeFile, options: options, before: before, folder: folder)
        #expect(leading == whole, sourceLocation: sourceLocation)
        return whole
    }

    @Test(arguments: ["log.json", "log.jsonl"])
    func objectsWithTheLeadingKeysOnlyNeedNoSecondPass(name: String) throws {
        let result = try Self.expectSameOutcome(Self.objects(count: 40), name: name)
        #expect(result.report?.rows == 40)
        #expect(result.report?.factors == ["technique"])
    }

    @Test(arguments: ["log.json", "log.jsonl"])
    func aFactorFirstWrittenLateIsAColumnOfEveryRow(name: String) throws {
        let objects = Self.objects(count: 40, extra: [31: #""distractors": "on""#, 35: #""distractors": "off""#])
        let result = try Self.expectSameOutcome(objects, name: name)
        #expect(result.report?.factors == ["technique", "distractors"])
        #expect(result.report?.rows == 40)
        #expect(result.rows.contains { $0.hasPrefix("condition|") && $0.hasSuffix("technique=Direct; distractors=on") })
    }

    @Test(arguments: ["log.json", "log.jsonl"])
    func aLateKeyBehindANestedValueIsStillFound(name: String) throws {
        let objects = Self.objects(count: 40, extra: [33: #""touch_x": [1, 2], "note": "late""#])
        var options = ImportOptions()
        options.skipInvalid = true
        let result = try Self.expectSameOutcome(objects, name: name, options: options)
        #expect(result.report?.factors == ["technique", "note"])
        #expect(result.report?.rejected == 1)
    }

    @Test(arguments: ["log.json", "log.jsonl"])
    func aMalformedObjectWithANewKeyGivesTheSameOutcome(name: String) throws {
        var objects = Self.objects(count: 40)
        objects[30] = #"{"participant": "P1", "technique": "Shift", "trial": 31, "time_ms": 9, "oops" 1}"#
        var options = ImportOptions()
        options.skipInvalid = true
        let result = try Self.expectSameOutcome(objects, name: name, options: options)
        #expect(result.report?.rows == 39)
        #expect(result.report?.rejected == 1)
        let failed = try Self.expectSameOutcome(objects, name: name)
        #expect(failed.error?.contains("line") == true)
    }

    @Test(arguments: ["log.json", "log.jsonl"])
    func aRequiredColumnFirstWrittenLateGivesTheSameProblems(name: String) throws {
        // The leading objects have no time: alone, their keys would make no trial log.
        let objects = (1...3).map { #"{"participant": "P1", "trial": \#($0)}"# } + Self.objects(count: 30)
        let failed = try Self.expectSameOutcome(objects, name: name)
        #expect(failed.report == nil)
        #expect(failed.error?.contains("time") == true)
        var options = ImportOptions()
        options.skipInvalid = true
        let skipped = try Self.expectSameOutcome(objects, name: name, options: options)
        #expect(skipped.report?.rows == 30)
        #expect(skipped.report?.rejected == 3)
    }

    @Test(arguments: ["log.json", "log.jsonl"])
    func aFileOfTheStudyAlreadyStoredChangesNothing(name: String) throws {
        let folder = TemporaryFolder()
        let first = folder.write(
            Self.text(Self.objects(count: 5, extra: [1: #""distractors": "on""#]), name: name), named: "first-" + name)
        let objects = Self.objects(count: 40, extra: [38: #""distractors": "off""#]).map {
            $0.replacingOccurrences(of: "\"P1\"", with: "\"P2\"")
        }
        let result = try Self.expectSameOutcome(objects, name: name, before: first)
        #expect(result.report?.factors == ["technique", "distractors"])
        #expect(result.rows.filter { $0.hasPrefix("batch|") }.count == 2)
    }

    @Test func theReaderThrowsAtTheFirstKeyBeyondItsHeader() throws {
        let objects = Self.objects(count: 4, extra: [3: #""distractors": "on""#])
        let folder = TemporaryFolder()
        for name in ["log.json", "log.jsonl"] {
            let path = folder.write(Self.text(objects, name: name), named: name)
            let reader = try JSONRowReader(file: try FileBytes(path: path), keyPass: .leadingObjects(bytes: 10))
            guard case .success(let header) = try reader.readHeader() else {
                Issue.record("no header")
                continue
            }
            #expect(reader.headerIsPartial)
            #expect(header == ["participant", "technique", "block", "trial", "time_ms", "hit"])
            #expect(try reader.next())
            #expect(try reader.next())
            let line = name == "log.json" ? 4 : 3
            let column = objects[2].utf8.count - #""distractors": "on"}"#.utf8.count + 1
            #expect(throws: JSONRowReader.KeysBeyondHeader(line: line, column: column)) { try reader.next() }

            let whole = try JSONRowReader(file: try FileBytes(path: path), keyPass: .wholeFile)
            guard case .success(let wholeHeader) = try whole.readHeader() else { continue }
            #expect(!whole.headerIsPartial)
            #expect(wholeHeader == header + ["distractors"])
        }
    }

    @Test func aFileWithinTheLeadingBytesHasAWholeHeader() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Self.text(Self.objects(count: 4), name: "log.jsonl"), named: "log.jsonl")
        let reader = try JSONRowReader(file: try FileBytes(path: path), keyPass: .leadingObjects(bytes: 1 << 20))
        _ = try reader.readHeader()
        #expect(!reader.headerIsPartial)
    }

    @Test func aWriterThatFailsBeforeEveryRowIsCheckedAsksForEveryKey() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Self.text(Self.objects(count: 3000), name: "log.jsonl"), named: "log.jsonl")
        for (keyPass, rereads) in [(JSONRowReader.KeyPass.leadingObjects(bytes: 100), true), (.wholeFile, false)] {
            var options = ImportOptions()
            options.jsonKeyPass = keyPass
            let channel = ImportPipeline.Channel()
            ImportPipeline.startReading(path: path, settings: ImportPipeline.ReadSettings(options), channel: channel)
            defer {
                channel.cancel()
                channel.waitForReader()
            }
            let summary = try ImportPipeline.header(from: channel)
            #expect(summary.keysArePartial == rereads)
            var sink = ImportPipelineTests.FailingSink(remaining: 0)
            do {
                _ = try ImportPipeline.drain(channel, summary: summary, into: &sink, progress: nil)
                Issue.record("the sink's error was lost")
            } catch {
                #expect((error is ImportPipeline.RereadWithAllKeys) == rereads)
                #expect((error is ThumbLabError) == !rereads)
            }
        }
    }
}
