import Foundation
import Testing

@testable import ThumbLab

/// Each import records the trial columns it gave a value (`batch.trial_columns`), and an
/// analysis that needs columns no import of the study has learns it from those records
/// instead of scanning every trial.
@Suite struct TrialColumnRecordTests {
    private func study(_ files: [(name: String, text: String)]) throws -> (TestDirectory, StudyDatabase) {
        let folder = try TestDirectory()
        let database = try folder.database()
        for file in files {
            let path = folder.path(file.name)
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            _ = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "s"))
        }
        return (folder, database)
    }

    private func query(_ database: StudyDatabase) throws -> TrialQuery {
        TrialQuery(conditionIDs: Array(try database.layout(study: "s").conditions.keys), attempts: .all)
    }

    static let withoutStart = (
        name: "trials.csv",
        text: "participant,technique,block,trial,target_x,target_y,target_w,touch_x,touch_y,time_ms,hit\n"
            + "P1,A,1,1,100,200,9.6,101,199,640,1\nP1,B,1,2,50,80,3.6,,,702,0\n"
    )

    @Test func anImportRecordsTheColumnsItsTrialsHold() throws {
        let (folder, database) = try study([Self.withoutStart])
        defer { _ = folder }
        #expect(
            try rows(database, "SELECT trial_columns FROM batch") == [
                #"["participant_id","condition_id","block","trial","attempt","target_x","target_y","target_width","touch_x","touch_y","time_ms","hit","line"]"#
            ])
        let query = try query(database)
        #expect(try !database.hasTrial(query, havingAnyOf: [[.startX, .startY]]))
        #expect(try database.hasTrial(query, havingAnyOf: [[.startX], [.targetX, .targetWidth]]))
        #expect(try database.hasTrial(query, havingAnyOf: [[]]))
    }

    @Test func theRecordsAnswerWithoutReadingTheTrials() throws {
        let (folder, database) = try study([Self.withoutStart])
        defer { _ = folder }
        let query = try query(database)
        // A start point the record does not know of is not seen: no trial was read.
        try database.connection.execute("UPDATE trial SET start_x = 1, start_y = 2")
        #expect(try !database.hasTrial(query, havingAnyOf: [[.startX, .startY]]))
        // A batch without a record (imported before version 8) has its trials scanned.
        try database.connection.execute("UPDATE batch SET trial_columns = NULL")
        #expect(try database.hasTrial(query, havingAnyOf: [[.startX, .startY]]))
        try database.connection.execute("UPDATE trial SET start_x = NULL, start_y = NULL")
        #expect(try !database.hasTrial(query, havingAnyOf: [[.startX, .startY]]))
    }

    @Test func oneImportWithTheColumnsIsEnough() throws {
        let withStart = (
            name: "more.csv",
            text:
                "participant,technique,block,trial,start_x,start_y,target_x,target_y,time_ms\nP2,A,1,1,10,20,100,200,600\n"
        )
        let (folder, database) = try study([Self.withoutStart, withStart])
        defer { _ = folder }
        let query = try query(database)
        #expect(try database.hasTrial(query, havingAnyOf: [[.startX, .startY]]))
        // Columns split over two imports are no trial that has both.
        #expect(try !database.hasTrial(query, havingAnyOf: [[.startX, .targetWidth]]))
    }

    @Test func trialsDerivedFromTouchesAndAnswersAreRecorded() throws {
        let touches = (
            name: "touches.csv",
            text: "pid,technique,block,trial,t,x,y,phase,target_x,target_y,target_w\n"
                + "P1,A,1,1,0,100,200,down,100,200,20\nP1,A,1,1,80,101,201,up,100,200,20\n"
        )
        let answers = (name: "sus.csv", text: "participant,technique,instrument,item,value\nP1,A,SUS,1,4\n")
        let (folder, database) = try study([touches, answers])
        defer { _ = folder }
        let records = try rows(database, "SELECT kind || ' ' || trial_columns FROM batch ORDER BY id")
        #expect(records.count == 2)
        #expect(records.first?.hasPrefix("touches [\"participant_id\"") == true)
        #expect(records.first?.contains("\"touch_x\"") == true)
        #expect(records.first?.contains("\"start_x\"") == false)
        #expect(records.last == "responses []")
    }

    @Test func analysesWithoutTheirColumnsSaySoAtOnce() throws {
        let (folder, database) = try study([Self.withoutStart])
        defer { _ = folder }
        let study = Study(database: database)
        #expect(throws: ThumbLabError.fitts(.noGeometry(selected: nil))) { try study.fitts() }
        #expect(ThumbLabError.fitts(.noGeometry(selected: nil)).description == Self.fittsMessage)
        #expect(throws: ThumbLabError.analysis(.noStartPoint(selected: nil, study: "s"))) { try study.direction() }
    }

    static let fittsMessage =
        "none of the selected trials has an amplitude and a width: Fitts' law needs each trial's target width (target_w) "
        + "and its start and target points (start_x, start_y, target_x, target_y), or a factor of nominal amplitudes "
        + "(amplitude, A or distance) for nominal measures, to know A and W; import a log with those columns (or a "
        + "GoFitts sd1 file)"
}
