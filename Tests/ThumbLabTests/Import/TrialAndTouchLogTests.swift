import Foundation
import Testing

@testable import ThumbLab

/// A trial log and a touch log of the same small study, imported in either order.
///
/// Trial log: trial 1 hit; trial 2 missed then hit (two attempts); trial 3 without
/// touches. Touch log: a start tap with trial number -1; trial 1; a start tap marked by
/// its role; trial 2 as two down ... up sequences under one number; trial 4, which the
/// trial log does not have.
@Suite struct TrialAndTouchLogTests {
    static let trialLog = """
        pid,technique,block,trial,target_x,target_y,width,time,hit
        P1,Direct,1,1,100,200,40,500,1
        P1,Direct,1,2,300,200,40,700,0
        P1,Direct,1,2,300,200,40,650,1
        P1,Direct,1,3,100,400,40,800,1

        """

    static let touchLog = """
        pid,technique,block,trial,t,x,y,phase,role
        P1,Direct,1,-1,0,50,50,down,
        P1,Direct,1,-1,80,50,50,up,
        P1,Direct,1,1,100,101,199,down,target
        P1,Direct,1,1,180,102,200,up,target
        P1,Direct,1,2,190,60,60,down,start
        P1,Direct,1,2,250,60,60,up,start
        P1,Direct,1,2,300,330,200,down,target
        P1,Direct,1,2,380,330,200,up,target
        P1,Direct,1,2,400,301,201,down,target
        P1,Direct,1,2,450,301,201,move,target
        P1,Direct,1,2,480,301,201,up,target
        P1,Direct,1,4,600,200,500,down,target
        P1,Direct,1,4,660,200,500,up,target

        """

    /// A study database in a fresh folder with both logs written beside it.
    struct Study {
        let folder = TemporaryFolder()
        let database: StudyDatabase
        let trials: String
        let touches: String

        init() throws {
            database = try StudyDatabase(path: folder.url.appendingPathComponent("study.sqlite").path)
            trials = folder.write(TrialAndTouchLogTests.trialLog, named: "trials.csv")
            touches = folder.write(TrialAndTouchLogTests.touchLog, named: "touches.csv")
        }

        @discardableResult
        func load(_ path: String) throws -> ImportReport {
            try Importer(database: database).importFile(at: path, options: ImportOptions(study: "s"))
        }
    }

    /// Trials, covered trials and touches without ids: each touch with the trial it links to.
    static func dump(_ study: Study) throws -> [String] {
        let folder = study.folder.url.path + "/"
        return try dump(study.database).map { $0.replacingOccurrences(of: folder, with: "") }
    }

    static func dump(_ database: StudyDatabase) throws -> [String] {
        let trialColumns = """
            p.label, c.label, t.block, t.trial, t.attempt, t.target_x, t.target_y, t.target_width,
            t.target_height, t.touch_x, t.touch_y, t.time_ms, t.hit, b.source
            """
        let joins = """
            JOIN participant p ON p.id = t.participant_id JOIN condition c ON c.id = t.condition_id
            JOIN batch b ON b.id = t.batch_id
            """
        let trials = try rows(
            database, "SELECT 'trial', \(trialColumns) FROM trial t \(joins) ORDER BY 2, 3, 4, 5, 6, 15")
        let covered = try rows(
            database,
            """
            SELECT 'covered', \(trialColumns), l.attempt, lb.source FROM covered_trial t \(joins)
            JOIN trial l ON l.id = t.covered_by JOIN batch lb ON lb.id = l.batch_id ORDER BY 2, 3, 4, 5, 6
            """)
        let touches = try rows(
            database,
            """
            SELECT 'touch', p.label, c.label, t.block, t.trial, t.t_ms, t.x, t.y, t.phase, b.source,
                l.trial, l.attempt, lb.source
            FROM touch t \(joins) LEFT JOIN trial l ON l.id = t.trial_id LEFT JOIN batch lb ON lb.id = l.batch_id
            ORDER BY 2, 3, 6
            """)
        return trials + covered + touches
    }

    @Test func eitherOrderGivesTheSameDatabase() throws {
        let trialsFirst = try Study()
        try trialsFirst.load(trialsFirst.trials)
        try trialsFirst.load(trialsFirst.touches)
        let touchesFirst = try Study()
        try touchesFirst.load(touchesFirst.touches)
        try touchesFirst.load(touchesFirst.trials)
        let dump = try Self.dump(trialsFirst)
        #expect(dump == (try Self.dump(touchesFirst)))

        let trials = dump.filter { $0.hasPrefix("trial|") }
        #expect(
            trials == [
                "trial|P1|technique=Direct|1|1|1|100.0|200.0|40.0|NULL|NULL|NULL|500.0|1|trials.csv",
                "trial|P1|technique=Direct|1|2|1|300.0|200.0|40.0|NULL|NULL|NULL|700.0|0|trials.csv",
                "trial|P1|technique=Direct|1|2|2|300.0|200.0|40.0|NULL|NULL|NULL|650.0|1|trials.csv",
                "trial|P1|technique=Direct|1|3|1|100.0|400.0|40.0|NULL|NULL|NULL|800.0|1|trials.csv",
                "trial|P1|technique=Direct|1|4|1|NULL|NULL|NULL|NULL|200.0|500.0|180.0|NULL|touches.csv",
            ])
        let links = dump.filter { $0.hasPrefix("touch|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).suffix(3).joined(separator: "|")
        }
        #expect(
            links == [
                "NULL|NULL|NULL", "NULL|NULL|NULL", "1|1|trials.csv", "1|1|trials.csv", "NULL|NULL|NULL",
                "NULL|NULL|NULL", "2|1|trials.csv", "2|1|trials.csv", "2|2|trials.csv", "2|2|trials.csv",
                "2|2|trials.csv", "4|1|touches.csv", "4|1|touches.csv",
            ])
        #expect(dump.filter { $0.hasPrefix("covered|") }.count == 3)
    }

    @Test func aRetriedTrialDerivesOneTrialPerAttempt() throws {
        let study = try Study()
        try study.load(study.touches)
        let derived = try rows(
            study.database, "SELECT trial, attempt, touch_x, time_ms FROM trial ORDER BY trial, attempt")
        // Timed from the previous selection: the start taps' ups at 80 and 250, then the
        // attempt before at 380 and 480.
        #expect(derived == ["1|1|102.0|100.0", "2|1|330.0|130.0", "2|2|301.0|100.0", "4|1|200.0|180.0"])
        let outside = try rows(
            study.database, "SELECT trial, trial_id FROM touch WHERE t_ms < 100 OR t_ms BETWEEN 190 AND 250")
        #expect(outside == ["-1|NULL", "-1|NULL", "NULL|NULL", "NULL|NULL"])
    }

    @Test(arguments: [false, true])
    func undoingEitherLogRestoresTheOther(trialsFirst: Bool) throws {
        let touchesOnly = try Study()
        try touchesOnly.load(touchesOnly.touches)
        let trialsOnly = try Study()
        try trialsOnly.load(trialsOnly.trials)

        for undoTrials in [false, true] {
            let study = try Study()
            let first = try study.load(trialsFirst ? study.trials : study.touches)
            let second = try study.load(trialsFirst ? study.touches : study.trials)
            let trialBatch = try #require((trialsFirst ? first : second).batch)
            let touchBatch = try #require((trialsFirst ? second : first).batch)
            try study.database.undo(batch: undoTrials ? trialBatch.id : touchBatch.id)
            let expected = try Self.dump(undoTrials ? touchesOnly : trialsOnly)
            #expect(
                try Self.dump(study) == expected, "trials first: \(trialsFirst), undo trials: \(undoTrials)")
            #expect(try scalar(study.database, "SELECT count(*) FROM covered_trial") == 0)
        }
    }

    @Test func theReportCountsAttachedDerivedAndUnlinkedTouches() throws {
        let touchesFirst = try Study()
        let alone = try touchesFirst.load(touchesFirst.touches)
        var expected = TrialLinks()
        expected.attachedTouches = 9
        expected.attachedTrials = 4
        expected.derivedTrials = 4
        expected.touchesWithoutTrial = 4
        #expect(alone.links == expected)
        #expect(alone.derivedTrials == 4 && alone.touchesOutsideTrials == 4)
        let logged = try touchesFirst.load(touchesFirst.trials)
        var takeover = TrialLinks()
        takeover.replacedTrials = 3
        takeover.touchesOfOtherBatches = 7
        #expect(logged.links == takeover)

        let trialsFirst = try Study()
        try trialsFirst.load(trialsFirst.trials)
        let joined = try trialsFirst.load(trialsFirst.touches)
        expected.derivedTrials = 1
        expected.coveredTrials = 3
        #expect(joined.links == expected)
        #expect(joined.derivedTrials == 1)
    }

    @Test func undoSaysWhatItRemoved() throws {
        let study = try Study()
        let trials = try #require(try study.load(study.trials).batch)
        let touches = try #require(try study.load(study.touches).batch)
        let removedTouches = try study.database.undoBatch(touches.id)
        #expect(removedTouches.derivedTrials == 4 && removedTouches.trials == 1)
        #expect(removedTouches.touches == 13 && removedTouches.attachedTouches == 9)
        #expect(
            UndoSummary.text(removedTouches) == """
                Removed batch 2: 13 touches from \(study.touches) (study 's').
                  derived   4 trials derived from its touch events
                  attached  9 touches attached to trials

                """)

        try study.load(study.touches)
        let removedTrials = try study.database.undoBatch(trials.id)
        #expect(removedTrials.trials == 4 && removedTrials.detachedTouches == 7 && removedTrials.restoredTrials == 3)
        #expect(
            UndoSummary.text(removedTrials).hasSuffix(
                "  touches   7 touches of other imports detached from its trials; 3 trials derived from them are back\n"
            ))
    }
}
