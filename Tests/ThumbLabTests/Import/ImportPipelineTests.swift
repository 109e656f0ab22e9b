import Foundation
import Testing

@testable import ThumbLab

/// The reading thread and the writing thread of an import, and how they stop.
@Suite struct ImportPipelineTests {
    /// A sink that fails after a number of rows, as a database error would.
    struct FailingSink: RecordSink {
        var remaining: Int
        mutating func declareFactors(_ names: [String]) throws {}
        mutating func add(_ trial: TrialRecord) throws {
            remaining -= 1
            if remaining < 0 { throw ThumbLabError.database(code: 13, message: "disk full", sql: nil) }
        }
        mutating func add(_ touch: TouchRecord) throws {}
        mutating func add(_ response: ResponseRecord) throws {}
        mutating func addRejected(line: Int, reason: String, raw: String) throws {}
    }

    private func bigLog(rows: Int) -> String {
        var text = "pid,technique,time\n"
        for row in 0..<rows { text += "P\(row % 9),T\(row % 3),\(row)\n" }
        return text
    }

    @Test func rowsArriveInFileOrderThroughTheChannel() throws {
        let folder = TemporaryFolder()
        let path = folder.write(bigLog(rows: 20_000), named: "a.csv")
        let channel = ImportPipeline.Channel(capacity: 2)
        ImportPipeline.startReading(path: path, settings: .init(ImportOptions()), channel: channel)
        defer { channel.waitForReader() }
        let summary = try ImportPipeline.header(from: channel)
        #expect(summary.kind == .trials && summary.factors == ["technique"])
        #expect(
            summary.columns == [
                ColumnMatch(column: "pid", field: "participant"), ColumnMatch(column: "time", field: "time_ms"),
            ])
        var sink = MemorySink()
        let outcome = try ImportPipeline.drain(channel, summary: summary, into: &sink, progress: nil)
        #expect(outcome.rows == 20_000)
        #expect(sink.trials.map(\.timeMS) == (0..<20_000).map(Double.init))
    }

    @Test func aFailingWriterStopsTheReader() throws {
        let folder = TemporaryFolder()
        let path = folder.write(bigLog(rows: 200_000), named: "a.csv")
        let channel = ImportPipeline.Channel(capacity: 2)
        ImportPipeline.startReading(path: path, settings: .init(ImportOptions()), channel: channel)
        let summary = try ImportPipeline.header(from: channel)
        var sink = FailingSink(remaining: 5000)
        #expect(throws: ThumbLabError.self) {
            try ImportPipeline.drain(channel, summary: summary, into: &sink, progress: nil)
        }
        channel.cancel()
        channel.waitForReader()
    }

    @Test func readerErrorsReachTheWriter() throws {
        let folder = TemporaryFolder()
        let path = folder.write("pid,time\nP1,5\nP1,x\n", named: "a.csv")
        let channel = ImportPipeline.Channel()
        ImportPipeline.startReading(path: path, settings: .init(ImportOptions()), channel: channel)
        defer { channel.waitForReader() }
        let summary = try ImportPipeline.header(from: channel)
        var sink = MemorySink()
        #expect(
            problems { _ = try ImportPipeline.drain(channel, summary: summary, into: &sink, progress: nil) }?.total == 1)
    }

    @Test func headerErrorsReachTheWriter() throws {
        let folder = TemporaryFolder()
        let path = folder.write("", named: "a.csv")
        let channel = ImportPipeline.Channel()
        ImportPipeline.startReading(path: path, settings: .init(ImportOptions()), channel: channel)
        defer { channel.waitForReader() }
        #expect(
            problems { _ = try ImportPipeline.header(from: channel) }?.problems.first?.message.contains("empty file")
                == true)
    }

    @Test func importerReportsProgressOnTheCallingThread() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(bigLog(rows: ImportProgress.interval * 2 + 5), named: "a.csv")
        let log = ProgressLog()
        let caller = Thread.current
        let report = try fixture.importer.importFile(
            at: path,
            options: ImportOptions(progress: { progress in
                log.append(progress)
                if Thread.current !== caller { log.append(ImportProgress(rows: -1, bytes: 0, totalBytes: 0)) }
            }))
        #expect(report.rows == ImportProgress.interval * 2 + 5)
        #expect(
            log.values.map(\.rows) == [
                ImportProgress.interval, ImportProgress.interval * 2, ImportProgress.interval * 2 + 5,
            ])
        #expect(log.values.last?.fraction == 1)
    }

    @Test func alreadyImportedContentStopsTheReaderEarly() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(bigLog(rows: 100_000), named: "a.csv")
        _ = try fixture.importer.importFile(at: path, options: ImportOptions())
        let again = try fixture.importer.importFile(at: path, options: ImportOptions())
        #expect(again.isNoOp)
        #expect(try fixture.database.info().trials == 100_000)
    }
}
