import Foundation
import Testing

@testable import ThumbLab

/// Row counts of a database, to check that failed imports leave it unchanged.
struct RowCounts: Equatable {
    var trials, touches, responses, batches, rejected, participants: Int

    init(_ database: StudyDatabase) throws {
        let info = try database.info()
        trials = info.trials
        touches = info.touches
        responses = info.responses
        batches = info.batches
        rejected = info.rejected
        participants = info.participants
    }
}

/// A fresh study database in a temporary folder, with one clean import already in it.
struct DatabaseFixture {
    let folder = TemporaryFolder()
    let database: StudyDatabase
    let importer: Importer

    init(seeded: Bool = true) throws {
        database = try StudyDatabase(path: folder.url.appendingPathComponent("study.sqlite").path)
        importer = Importer(database: database)
        if seeded {
            let seed = folder.write("pid,technique,time,hit\nP0,Direct,500,1\nP0,Shift,610,0\n", named: "seed.csv")
            _ = try importer.importFile(at: seed, options: ImportOptions(study: "s"))
        }
    }

    func write(_ text: String, named name: String) -> String { folder.write(text, named: name) }

    /// The `attempt` column of the trials, in id order.
    func attempts() throws -> [Int] {
        let statement = try database.connection.prepare("SELECT attempt FROM trial ORDER BY id")
        var values: [Int] = []
        while try statement.step() { values.append(statement.int(0)) }
        return values
    }
}

/// The Importer writing through the study database: one transaction per file.
@Suite struct ImporterDatabaseTests {
    @Test(arguments: MalformedInputTests.cases)
    func malformedInputLeavesTheDatabaseUnchanged(_ malformed: MalformedCase) throws {
        let fixture = try DatabaseFixture()
        let before = try RowCounts(fixture.database)
        let path = fixture.folder.write(malformed.bytes, named: malformed.file)
        let found = problems { _ = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s")) }
        let first = try #require(found?.problems.first, "expected invalid input")
        #expect(first.line == malformed.line && first.column == malformed.column, "\(first)")
        #expect(first.description.contains(malformed.fragment), "\(first)")
        #expect(try RowCounts(fixture.database) == before)
    }

    @Test func importCommitsOneBatchWithItsRowsAndFactors() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "participant,technique,size,mt,hit\nP1,Shift,3.6,812,1\nP2,Direct,9.6,640,0\n", named: "t.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(study: "pilot"))
        #expect(report.rows == 2 && report.rejected == 0 && report.kind == .trials && report.format == "csv")
        #expect(report.factors == ["technique", "size"])
        let batch = try #require(report.batch)
        #expect(batch.rows == 2 && batch.study == "pilot" && batch.source == path)
        #expect(
            batch.sha256
                == SHA256.hexDigest(
                    of: Array("participant,technique,size,mt,hit\nP1,Shift,3.6,812,1\nP2,Direct,9.6,640,0\n".utf8)))
        #expect(try fixture.database.info().trials == 2)
        #expect(try fixture.database.studyFactors().first?.factors.map(\.name) == ["technique", "size"])
    }

    @Test func reimportingTheSameContentIsANoOp() throws {
        let fixture = try DatabaseFixture()
        let path = fixture.write("pid,time\nP1,5\nP2,6\n", named: "a.csv")
        let first = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        let before = try RowCounts(fixture.database)
        let copy = fixture.write("pid,time\nP1,5\nP2,6\n", named: "renamed.csv")
        let second = try fixture.importer.importFile(at: copy, options: ImportOptions(study: "s"))
        #expect(second.isNoOp && second.alreadyImported?.id == first.batch?.id && second.batch == nil)
        #expect(try RowCounts(fixture.database) == before)
        let otherStudy = try fixture.importer.importFile(at: copy, options: ImportOptions(study: "other"))
        #expect(otherStudy.batch != nil)
    }

    @Test func skipInvalidRecordsRejectedRowsInTheSameBatch() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write("pid,time,hit\nP1,500,1\nP1,-4,1\nP2,x,0\nP2,300,0\n", named: "a.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(skipInvalid: true))
        #expect(report.rows == 2 && report.rejected == 2)
        #expect(report.batch?.rejected == 2)
        let rejected = try fixture.database.rejectedRows()
        #expect(rejected.map(\.line) == [3, 4])
        #expect(rejected.map(\.raw) == ["P1,-4,1", "P2,x,0"])
        #expect(rejected.allSatisfy { $0.file == path && $0.batch == report.batch?.id })
        #expect(try fixture.database.info().rejected == 2)
    }

    /// The reader numbers participants and levels over every row, the store only the rows
    /// it keeps: a participant or a condition first seen on a skipped row keeps its own name.
    @Test func namesFirstSeenOnSkippedRowsAreStoredUnderTheirOwnNames() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "pid,technique,time,hit\nP1,A,x,1\nP2,B,300,1\nP3,A,-1,0\nP1,B,400,0\nP3,C,500,1\nP2,A,x,0\nP1,A,250,1\n",
            named: "a.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(skipInvalid: true))
        #expect(report.rows == 4 && report.rejected == 3)
        let statement = try fixture.database.connection.prepare(
            """
            SELECT p.label, l.name FROM trial t JOIN participant p ON p.id = t.participant_id
            JOIN condition_level cl ON cl.condition_id = t.condition_id JOIN level l ON l.id = cl.level_id
            ORDER BY t.id
            """)
        var stored: [String] = []
        while try statement.step() { stored.append("\(statement.text(0)) \(statement.text(1))") }
        #expect(stored == ["P2 B", "P1 B", "P3 C", "P1 A"])
    }

    @Test func repeatedTrialNumbersBecomeAttempts() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "pid,technique,block,trial,time,hit\nP1,A,1,1,900,0\nP1,A,1,1,800,1\nP1,A,1,2,500,1\nP1,A,1,2,450,0\nP1,A,1,2,400,1\n",
            named: "a.csv")
        _ = try fixture.importer.importFile(at: path, options: ImportOptions())
        #expect(try fixture.attempts() == [1, 2, 1, 2, 3])
    }

    @Test func touchLogStoresTouchesAndDerivedTrials() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "pid,trial,t,x,y,phase,target_x,target_y,target_w\nP1,1,0,1,1,down,0,0,10\nP1,1,40,2,2,up,,,\nP1,2,90,30,30,down,0,0,10\nP1,2,95,30,30,cancel,,,\nP1,2,120,3,3,down,,,\nP1,2,150,3,3,up,,,\n",
            named: "touches.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions())
        #expect(
            report.kind == .touches && report.rows == 5 && report.derivedTrials == 2 && report.cancelledTouches == 1)
        #expect(report.batch?.rows == 5)
        let info = try fixture.database.info()
        #expect(info.touches == 5 && info.trials == 2)
    }

    @Test func dryRunValidatesAndWritesNothing() throws {
        let fixture = try DatabaseFixture()
        let before = try RowCounts(fixture.database)
        let path = fixture.write("pid,time\nP1,5\n", named: "a.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(dryRun: true))
        #expect(report.rows == 1 && report.batch == nil)
        #expect(try RowCounts(fixture.database) == before)
        let withoutDatabase = try Importer(database: nil).importFile(at: path, options: ImportOptions(dryRun: true))
        #expect(withoutDatabase.rows == 1)
        let bad = fixture.write("pid,time\nP1,-5\n", named: "b.csv")
        #expect(
            problems { _ = try fixture.importer.importFile(at: bad, options: ImportOptions(dryRun: true)) }?.total == 1)
    }

    @Test func anUnknownDeviceIsASetupProblemNamingIt() throws {
        let fixture = try DatabaseFixture()
        let path = fixture.write("pid,time\nP1,5\n", named: "a.csv")
        #expect(throws: ThumbLabError.importSetup(.unknownDevice(name: "pixel"))) {
            try fixture.importer.importFile(at: path, options: ImportOptions(device: "pixel"))
        }
        try fixture.database.addDevice(Device(name: "pixel", widthPx: 1080, heightPx: 2400, ppi: 411))
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(device: "pixel"))
        #expect(report.batch?.device == "pixel")
    }

    @Test func importWithoutADatabaseOutsideADryRunIsAUsageError() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write("pid,time\nP1,5\n", named: "a.csv")
        #expect(throws: ThumbLabError.self) {
            try Importer(database: nil).importFile(at: path, options: ImportOptions())
        }
    }

    @Test func missingFileIsReportedAsSuch() throws {
        let fixture = try DatabaseFixture(seeded: false)
        #expect(throws: ThumbLabError.fileNotFound(path: "/no/such.csv")) {
            try fixture.importer.importFile(at: "/no/such.csv", options: ImportOptions())
        }
    }

    @Test func undoRemovesTheImportedBatch() throws {
        let fixture = try DatabaseFixture()
        let before = try RowCounts(fixture.database)
        let path = fixture.write("pid,time\nP9,5\nP9,6\n", named: "a.csv")
        let report = try fixture.importer.importFile(at: path, options: ImportOptions(study: "s"))
        _ = try fixture.database.undo(batch: try #require(report.batch?.id))
        #expect(try RowCounts(fixture.database).trials == before.trials)
        #expect(try fixture.importer.importFile(at: path, options: ImportOptions(study: "s")).batch != nil)
    }
}
