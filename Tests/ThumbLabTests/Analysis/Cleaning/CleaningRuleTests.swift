import Foundation
import Testing

@testable import ThumbLab

/// Outlier rules as written, their fences, and the order of the cleaning steps.
@Suite struct CleaningRuleTests {
    let folder = TemporaryFolder()

    @Test(arguments: [
        ("sd:3", OutlierRule.sd(3)), ("SD:2.5", .sd(2.5)), ("mad:2.5", .mad(2.5)), ("iqr:1.5", .iqr(1.5)),
        ("range:200-5000", .range(low: 200, high: 5000)), ("range:200-", .range(low: 200, high: nil)),
        ("range:-5000", .range(low: nil, high: 5000)), ("range:150.5-900", .range(low: 150.5, high: 900)),
    ])
    func rulesReadAsWritten(_ text: String, _ rule: OutlierRule) throws {
        #expect(try OutlierRule(parsing: text) == rule)
        #expect(try OutlierRule(parsing: rule.description) == rule)
    }

    @Test(arguments: [
        "sd:0", "mad:-2", "iqr:nan", "iqr:inf", "range:900-100", "range:-", "range:abc-", "sd", "pct:5", "",
    ])
    func badRulesAreUsageErrorsWithTheForms(_ text: String) {
        #expect {
            try OutlierRule(parsing: text)
        } throws: { error in
            guard case ThumbLabError.parameter(.malformedOutlierRule(text, _)) = error else { return false }
            return "\(error)".contains(OutlierRule.forms)
        }
    }

    @Test func aValueOnAFenceIsKept() throws {
        // Type-7 quartiles of these nine values are 800 and 1000: fences exactly 500 and 1300.
        let values = [1000.0, 500, 850, 1300, 800, 950, 700, 1100, 900]
        let fences = try #require(try TimeCleaning.fences(.iqr(1.5), values))
        #expect(fences == .between(low: 500, high: 1300))
        #expect(fences.keeps(500) && fences.keeps(1300))
        #expect(!fences.keeps(499.999) && !fences.keeps(1300.001))
        #expect(try TimeCleaning.fences(.range(low: 500, high: nil), values)?.keeps(500) == true)
    }

    @Test func aMADOfZeroSetsNoFences() throws {
        #expect(try TimeCleaning.fences(.mad(2), [500, 500, 500, 500, 2000]) == nil)
        let sd = try #require(try TimeCleaning.fences(.sd(1.5), [500, 500, 500, 500, 2000]))
        #expect(!sd.keeps(2000))
    }

    @Test func hitsOnlyRemovesMissesAndUnknownHitsButNeverATrialWithoutATime() {
        let filter = TimeFilter(hitsOnly: true, logScale: true)
        func trial(_ time: Double?, _ hit: Bool?) -> StoredTrial {
            StoredTrial(participantID: 1, conditionID: 1, batchID: 1, timeMS: time, hit: hit)
        }
        #expect(filter.removal(trial(800, true)) == nil)
        #expect(filter.removal(trial(800, false)) == .miss)
        #expect(filter.removal(trial(800, nil)) == .unknownHit)
        var counted = trial(800, nil)
        counted.errors = 0
        #expect(filter.removal(counted) == nil)
        counted.errors = 2
        #expect(filter.removal(counted) == .miss)
        #expect(filter.removal(trial(nil, false)) == nil)
        #expect(filter.judged(0) == nil)
        #expect(filter.judged(Foundation.exp(2.0)) == 2.0)
    }

    @Test func errorRatesCountEveryTrialWhileTimesAreCleaned() throws {
        let study = try bundledStudy(folder: folder)
        let plain = try study.summary(SummaryRequest(by: ["technique"]))
        let cleaned = try study.summary(
            SummaryRequest(by: ["technique"]), selection: Selection(timeTrials: .hits, outliers: .sd(2)))
        for (a, b) in zip(plain.rows, cleaned.rows) {
            #expect(a.trials == b.trials)
            #expect(a.errorRate == b.errorRate)
            #expect(b.timeTrials < a.timeTrials)
            #expect(a.timeGeomean != b.timeGeomean)
        }
        // Hits only before the rule: the rule judges only the hits.
        let cleaning = try #require(cleaned.selection.cleaning)
        #expect(cleaning.judged == cleaning.timed - cleaning.removedMisses)
        #expect(cleaned.selection.trialsUsed == cleaned.rows.reduce(0) { $0 + $1.timeTrials })
        // No cleaning asked: no pass, no statement, every time used.
        #expect(plain.selection.cleaning == nil)
        #expect(!plain.methods.contains("removed from the time"))
        #expect(plain.selection.trialsUsed == plain.selection.trials)
    }

    @Test func theSpatialReportPartKeepsTheCleaningStepsOverEveryAttempt() throws {
        let study = try bundledStudy(folder: folder)
        let spatial = try study.reportSpatial(selection: Selection(outliers: .sd(2)), factor: nil)
        #expect(spatial.selection.attempts == .all)
        #expect(spatial.selection.outliers == .sd(2))
    }
}

/// The analysis plan stored in the study database: set, show, override, undo, migration.
@Suite struct SelectionSettingsTests {
    let folder = TemporaryFolder()

    @Test func aPlanIsStoredAppliedOverriddenAndUndone() throws {
        let study = try bundledStudy(folder: folder)
        #expect(try study.plan() == nil)
        let first = SelectionSettings(
            exclude: [LevelFilter(factor: "block", levels: ["1"])], timeTrials: .hits, outliers: .rule(.sd(3)))
        try study.setPlan(first)
        #expect(try study.plan() == first)
        #expect(first.description == "exclude block=1; hits; outliers sd:3 on ln time")

        let planned = try study.plannedSelection(SelectionSettings())
        #expect(planned.exclude == first.exclude && planned.timeTrials == .hits && planned.outliers == .sd(3))
        #expect(planned.attempts == .first && planned.plan == first)
        let report = try study.summary(SummaryRequest(by: ["technique"]), selection: planned)
        #expect(report.selection.sentence.contains("plan: exclude block=1; hits; outliers sd:3 on ln time"))
        #expect(report.selection.trials == 5184 / 3 * 2)

        let overridden = try study.plannedSelection(
            SelectionSettings(exclude: [], outliers: OutlierSetting.none, outlierScale: .raw), defaultAttempts: .all)
        #expect(overridden.exclude.isEmpty && overridden.outliers == nil && overridden.timeTrials == .hits)
        #expect(overridden.attempts == .all && overridden.outlierScale == .raw)

        try study.setPlan(SelectionSettings(attempts: .last, outliers: .rule(.range(low: 100, high: nil)), outlierScale: .raw))
        #expect(try study.plan()?.attempts == .last)
        #expect(try study.undoPlan() == first)
        #expect(try study.undoPlan() == nil)
        #expect(throws: ThumbLabError.self) { try study.undoPlan() }
    }

    @Test func settingsLayerAndCodeAsJSON() throws {
        let plan = SelectionSettings(
            exclude: [LevelFilter(factor: "trial", levels: ["1-5"])], attempts: .last, outliers: .rule(.mad(2.5)))
        let options = SelectionSettings(study: "pilot", keep: [LevelFilter(factor: "size", levels: ["4..8"])], outliers: OutlierSetting.none)
        let layered = plan.overridden(by: options)
        #expect(layered == SelectionSettings(
            study: "pilot", keep: options.keep, exclude: plan.exclude, attempts: .last, outliers: OutlierSetting.none))
        let selection = layered.selection(defaultAttempts: .all)
        #expect(selection.attempts == .last && selection.outliers == nil && selection.timeTrials == .all)
        #expect(plan.overrides(in: selection) == ["where size=4..8", "outliers none"])

        let json = try JSONEncoder().encode(layered)
        #expect(try JSONDecoder().decode(SelectionSettings.self, from: json) == layered)
        #expect(String(decoding: json, as: UTF8.self).contains(#""outliers":"none""#))
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(SelectionSettings.self, from: Data(#"{"outliers":"sd:x"}"#.utf8))
        }
    }

    @Test func aPlanThatTurnsOutliersOffSaysSo() throws {
        let study = try bundledStudy(folder: folder)
        try study.setPlan(SelectionSettings(outliers: OutlierSetting.none))
        #expect(try study.plan() == SelectionSettings(outliers: OutlierSetting.none))
        #expect(try study.plan()?.description == "outliers none")
    }

    @Test func aPlanWithAnUnknownLevelIsRefusedAndNothingStored() throws {
        let study = try bundledStudy(folder: folder)
        #expect(throws: ThumbLabError.self) {
            try study.setPlan(SelectionSettings(keep: [LevelFilter(factor: "technique", levels: ["Stylus"])]))
        }
        #expect(try study.plan() == nil)
    }

    @Test func aDatabaseFromBeforeThePlanTableMigratesAndHasNoPlan() throws {
        let path = folder.url.appendingPathComponent("v8.sqlite").path
        do {
            let connection = try SQLiteConnection(path: path)
            for step in 0..<8 { try connection.execute(Schema.migrations[step]) }
            try connection.execute("PRAGMA user_version = 8; INSERT INTO study (name) VALUES ('pilot');")
        }
        let study = Study(database: try StudyDatabase(path: path))
        #expect(try study.database.schemaVersion() == Schema.currentVersion)
        #expect(try study.plan(study: "pilot") == nil)
        try study.setPlan(SelectionSettings(timeTrials: .hits), study: "pilot")
        #expect(try study.plan(study: "pilot") == SelectionSettings(timeTrials: .hits))
    }
}

/// Fitts' law under cleaning: a removed time leaves the movement time alone, while the
/// trial still counts for the spread of the selections and the error rate.
@Suite struct FittsCleaningTests {
    @Test func hitsOnlyChangesTheMovementTimeAloneAndByTheMissesTimes() throws {
        let folder = TemporaryFolder()
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("sd1.sqlite").path)
        _ = try Importer(database: database).importFile(at: fittsFixture("gofitts_B01.sd1"), options: ImportOptions())
        let study = Study(database: database)
        let plain = try study.fitts()
        let hits = try study.fitts(selection: Selection(attempts: .all, timeTrials: .hits))
        // The misses' times per sequence (one participant and block: condition and width).
        let layout = try study.resolve(Selection()).layout
        var missTimes: [[String]: (sum: Double, count: Int)] = [:]
        try database.forEachTrial(try study.resolve(Selection(attempts: .all)).trialQuery) { trial in
            guard TimeFilter.hit(of: trial) == false, let time = trial.timeMS else { return }
            let key = (layout.conditions[trial.conditionID] ?? []).map { $0 ?? "" } + ["\(trial.targetWidth ?? .nan)"]
            missTimes[key, default: (0, 0)].sum += time
            missTimes[key, default: (0, 0)].count += 1
        }
        #expect(!missTimes.isEmpty)
        #expect(plain.sequences.count == hits.sequences.count)
        for (before, after) in zip(plain.sequences, hits.sequences) {
            #expect(before.measures.trials == after.measures.trials)
            #expect(before.measures.errorPercent == after.measures.errorPercent)
            #expect(before.measures.effectiveWidth == after.measures.effectiveWidth)
            let key = before.levels + ["\(before.measures.width)"]
            let misses = missTimes[key] ?? (0, 0)
            let n = Double(before.measures.trials)
            let expected = (before.measures.timeMS * n - misses.sum) / (n - Double(misses.count))
            #expect(close(after.measures.timeMS, expected, 1e-12), "\(key)")
        }
        #expect(hits.methods.contains("Time measures used hit trials only"))
    }
}

/// Hits only on logs that record no hit for some or all trials.
@Suite struct UnknownHitTests {
    let folder = TemporaryFolder()

    func study(_ csv: String) throws -> Study {
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("\(UUID().uuidString).sqlite").path)
        _ = try Importer(database: database).importFile(at: folder.write(csv, named: "t.csv"), options: ImportOptions())
        return Study(database: database)
    }

    @Test func hitsOnlyOnALogWithoutHitsIsAUsageError() throws {
        let study = try study("participant,W,MT\nP1,16,900\nP1,16,950\nP1,32,700\n")
        #expect {
            try study.summary(selection: Selection(timeTrials: .hits))
        } throws: { error in
            guard case ThumbLabError.analysis(.hitsUnknown(timed: 3)) = error else { return false }
            return "\(error)".contains("none of the 3 timed trials of the selection records one")
        }
    }

    @Test func trialsWithoutAHitAreCountedApartFromMisses() throws {
        let study = try study(
            "participant,trial,time_ms,hit\nP1,1,900,1\nP1,2,950,0\nP1,3,700,\nP1,4,800,1\nP1,5,820,1\n")
        let report = try study.summary(selection: Selection(timeTrials: .hits))
        let cleaning = try #require(report.selection.cleaning)
        #expect(cleaning.removedMisses == 1 && cleaning.removedUnknownHits == 1 && cleaning.trialsUsed == 3)
        #expect(
            report.selection.sentence.contains("time on hits only (1 miss and 1 trial without a recorded hit left out)")
        )
        #expect(report.rows.first?.timeTrials == 3)
        let removed = try study.excludedTrials(selection: Selection(timeTrials: .hits))
        #expect(removed.trials.map(\.reason) == ["miss", "no hit recorded"])
        #expect(removed.trials.map(\.trial) == [2, 3])
    }
}

/// What the Methods text says about groups a rule cannot act on.
@Suite struct CleaningGroupTests {
    let folder = TemporaryFolder()

    @Test func groupsTooSmallForTheSDRuleAndUnderThreeTrialsAreCounted() throws {
        // P1/A: 10 trials, one far: (10 − 1)/√10 = 2.85 ≤ 3, so sd:3 cannot remove it.
        // P1/B: 2 trials, left alone. P2/A: 12 trials: (12 − 1)/√12 = 3.18 > 3.
        var csv = "participant,technique,trial,time_ms,hit\n"
        for (index, time) in [900, 910, 920, 905, 915, 925, 930, 895, 900, 9000].enumerated() {
            csv += "P1,A,\(index + 1),\(time),1\n"
        }
        csv += "P1,B,11,800,1\nP1,B,12,8000,1\n"
        for index in 0..<12 { csv += "P2,A,\(index + 20),\(index == 11 ? 9000 : 900 + index),1\n" }
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("g.sqlite").path)
        _ = try Importer(database: database).importFile(at: folder.write(csv, named: "g.csv"), options: ImportOptions())
        let report = try Study(database: database).summary(selection: Selection(outliers: .sd(3)))
        let cleaning = try #require(report.selection.cleaning)
        #expect(cleaning.groups == 2 && cleaning.smallGroups == 1 && cleaning.groupsBeyondReach == 1)
        #expect(cleaning.removedOutliers == 1)
        #expect(report.methods.contains("left as they were (1 of 3 groups)"))
        #expect(report.methods.contains("In 1 of the 2 groups the rule could not remove any trial"))
    }
}
