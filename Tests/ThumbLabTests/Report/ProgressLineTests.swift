import Testing

@testable import ThumbLab

@Suite struct ProgressLineTests {
    @Test func nothingShowsInTheFirstSeconds() {
        #expect(ProgressLine.text(label: "trials.csv", rows: 500, fraction: 0.1, elapsed: 1.9) == nil)
    }

    @Test func theLineGivesRowsRateAndTimeLeft() {
        #expect(
            ProgressLine.text(label: "trials.csv", rows: 1_200_000, fraction: 0.4, elapsed: 4)
                == "trials.csv: 40% (1,200,000 rows, 300,000 rows/s, 6 s left)")
        #expect(
            ProgressLine.text(label: "reading trials", rows: 2_000_000, fraction: 0.02, elapsed: 5)
                == "reading trials: 2% (2,000,000 rows, 400,000 rows/s, 4 min 5 s left)")
        #expect(
            ProgressLine.text(label: "reading trials", rows: 10, fraction: 1, elapsed: 10)
                == "reading trials: 100% (10 rows, 1 rows/s)")
    }

    @Test func longWaitsReadInHours() {
        #expect(ProgressLine.duration(7380) == "2 h 3 min")
        #expect(ProgressLine.grouped(999) == "999")
        #expect(ProgressLine.grouped(1000) == "1,000")
    }

    /// Every read of trials reports its rows through `readProgress`, at the end at least.
    @Test func readsOfTrialsReportTheirProgress() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("log.csv"))
        try writer.declareFactors(["technique"])
        for trial in 1...30 {
            try writer.add(TrialRecord(participant: "P1", levels: ["A"], block: 1, trial: trial, timeMS: 100))
        }
        _ = try writer.commit()
        var reports: [TrialReadProgress] = []
        database.readProgress = { reports.append($0) }
        let summary = try Study(database: database).summary()
        #expect(summary.selection.trials == 30)
        #expect(reports.count >= 1)
        #expect(reports.last?.finished == true)
        #expect(reports.contains { $0.rows == 30 && $0.estimatedTotal == 30 && $0.fraction == 1 })
    }
}
