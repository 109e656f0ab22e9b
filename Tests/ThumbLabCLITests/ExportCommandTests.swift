import Foundation
import Testing

/// `thumblab export` end to end: the tables it says it wrote are there, the folder must be
/// new or empty, and a wrong partition or format is a usage error.
@Suite struct ExportCommandTests {
    @Test func theDemoStudyExportsAsParquetPartitionedByParticipant() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let db = sandbox.path(CompareChartTests.demoDatabase)
        let run = try sandbox.run(["export", "--db", db, "--partition", "participant", "--out", "parquet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Wrote parquet\n  trial/: "))
        #expect(run.stdout.contains(" rows in 16 files\n"))
        #expect(FileManager.default.fileExists(atPath: sandbox.path("parquet/trial/participant=P01/part-0.parquet")))
        let again = try sandbox.run(["export", "--db", db, "--out", "parquet"])
        #expect(again.status != 0 && again.stderr.contains("export into a new or empty folder"))
        let csv = try sandbox.run(["export", "--db", db, "--format", "csv", "--out", "csv"])
        #expect(csv.status == 0 && FileManager.default.fileExists(atPath: sandbox.path("csv/trial/trial.csv")))
    }

    @Test func aWrongPartitionIsAUsageError() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["init"]).status == 0)
        let run = try sandbox.run(["export", "--partition", "device"])
        #expect(run.status == 64 && run.stderr.contains("participant"))
        let missing = try sandbox.run(["export", "--db", "nowhere.sqlite"])
        #expect(missing.status != 0)
    }
}
