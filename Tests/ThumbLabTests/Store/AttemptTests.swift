import Testing

@testable import ThumbLab

@Suite struct AttemptTests {
    /// (participant, level, block, trial) rows in file order, and the attempt each must get.
    typealias Row = (participant: String, level: String, block: Int?, trial: Int?)

    private func attempts(_ database: StudyDatabase) throws -> [String] {
        try rows(database, "SELECT participant, condition, block, trial, attempt FROM trial_long ORDER BY id")
    }

    private func importRows(_ database: StudyDatabase, _ source: String, _ rows: [Row]) throws -> BatchSummary {
        let writer = try database.beginImport(.trials(source))
        try writer.declareFactors(["technique"])
        for (index, row) in rows.enumerated() {
            try writer.add(
                TrialRecord(
                    participant: row.participant, levels: [row.level], block: row.block,
                    trial: row.trial, timeMS: 100, line: index + 2))
        }
        return try writer.commit()
    }

    @Test func repeatedTrialNumbersBecomeSuccessiveAttemptsInFileOrder() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        _ = try importRows(
            database, "log.csv",
            [
                ("P1", "A", 1, 1), ("P1", "A", 1, 2), ("P1", "A", 1, 2), ("P1", "A", 1, 2),
                ("P1", "A", 1, 3),
                // Re-queued at the end of the block, not adjacent to its first attempt.
                ("P1", "A", 1, 1),
                // Same number in another block, condition or participant: a different trial.
                ("P1", "A", 2, 1), ("P1", "B", 1, 1), ("P2", "A", 1, 1),
            ])
        #expect(
            try attempts(database) == [
                "P1|technique=A|1|1|1", "P1|technique=A|1|2|1", "P1|technique=A|1|2|2",
                "P1|technique=A|1|2|3", "P1|technique=A|1|3|1", "P1|technique=A|1|1|2",
                "P1|technique=A|2|1|1", "P1|technique=B|1|1|1", "P2|technique=A|1|1|1",
            ])
        #expect(try database.info().trials == 9)
    }

    @Test func rowsWithoutATrialNumberAreFirstAttemptsAndAMissingBlockIsOneBlock() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        _ = try importRows(
            database, "log.csv",
            [("P1", "A", nil, nil), ("P1", "A", nil, nil), ("P1", "A", nil, 5), ("P1", "A", nil, 5)])
        #expect(
            try attempts(database) == [
                "P1|technique=A|NULL|NULL|1", "P1|technique=A|NULL|NULL|1",
                "P1|technique=A|NULL|5|1", "P1|technique=A|NULL|5|2",
            ])
    }

    @Test func attemptsContinueAcrossBatchesOfTheSameStudy() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        _ = try importRows(database, "day1.csv", [("P1", "A", 1, 1), ("P1", "A", 1, 1), ("P1", "A", 1, 2)])
        let second = try importRows(database, "day2.csv", [("P1", "A", 1, 1), ("P1", "A", 1, 3), ("P1", "A", 1, 3)])
        #expect(
            try attempts(database) == [
                "P1|technique=A|1|1|1", "P1|technique=A|1|1|2", "P1|technique=A|1|2|1",
                "P1|technique=A|1|1|3", "P1|technique=A|1|3|1", "P1|technique=A|1|3|2",
            ])
        // Another study's trials with the same numbers do not count.
        let other = try database.beginImport(.trials("day1.csv", study: "s2"))
        try other.declareFactors(["technique"])
        try other.add(TrialRecord(participant: "P1", levels: ["A"], block: 1, trial: 1, timeMS: 1))
        _ = try other.commit()
        #expect(try scalar(database, "SELECT attempt FROM trial_long WHERE study = 's2'") == 1)

        // Undoing the second batch and the first leaves consistent numbers behind.
        try database.undo(batch: second.id)
        #expect(
            try attempts(database).prefix(3) == [
                "P1|technique=A|1|1|1", "P1|technique=A|1|1|2", "P1|technique=A|1|2|1",
            ])
    }

    @Test func undoingAnEarlierBatchRenumbersTheLaterOnes() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let first = try importRows(database, "day1.csv", [("P1", "A", 1, 1), ("P1", "A", 1, 2)])
        _ = try importRows(database, "day2.csv", [("P1", "A", 1, 1), ("P1", "A", 1, 1)])
        #expect(try attempts(database).suffix(2) == ["P1|technique=A|1|1|2", "P1|technique=A|1|1|3"])
        try database.undo(batch: first.id)
        #expect(try attempts(database) == ["P1|technique=A|1|1|1", "P1|technique=A|1|1|2"])
    }
}
