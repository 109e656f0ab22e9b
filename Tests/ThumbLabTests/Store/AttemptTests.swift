import Testing

@testable import ThumbLab

@Suite struct AttemptTests {
    /// (participant, level, block, trial) rows in file order, and the attempt each must get.
    typealias Row = (participant: String, level: String, block: Int?, trial: Int?)

    private func attempts(_ database: StudyDatabase) throws -> [String] {
        try rows(database, "SELECT participant, condition, block, trial, attempt FROM trial_long ORDER BY id")
    }

    /// Each way of numbering attempts: counted in memory; counted until the memory allowed
    /// runs out part way (then numbered in SQL at commit); numbered in SQL alone.
    enum Counting: CaseIterable, Sendable {
        case memory, memoryRunningOut, sql

        var bytes: Int {
            switch self {
            case .memory: AttemptCounter.defaultMaxBytes
            case .memoryRunningOut: 1200
            case .sql: 0
            }
        }
    }

    static let tableSizes = Counting.allCases

    private func importRows(
        _ database: StudyDatabase, _ source: String, _ rows: [Row], slots: Counting = .memory
    ) throws -> BatchSummary {
        database.attemptCountBytes = slots.bytes
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

    @Test(arguments: tableSizes)
    func repeatedTrialNumbersBecomeSuccessiveAttemptsInFileOrder(slots: Counting) throws {
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
            ], slots: slots)
        #expect(
            try attempts(database) == [
                "P1|technique=A|1|1|1", "P1|technique=A|1|2|1", "P1|technique=A|1|2|2",
                "P1|technique=A|1|2|3", "P1|technique=A|1|3|1", "P1|technique=A|1|1|2",
                "P1|technique=A|2|1|1", "P1|technique=B|1|1|1", "P2|technique=A|1|1|1",
            ])
        #expect(try database.info().trials == 9)
    }

    /// Many rows, repeats far apart and across the 32-row insert statements: the attempts
    /// equal a count kept in a plain dictionary.
    @Test(arguments: tableSizes)
    func attemptsOfAShuffledLogMatchAPlainCount(slots: Counting) throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        var state: UInt64 = 12345
        var rows: [Row] = []
        for _ in 0..<1500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Int(state >> 33)
            rows.append(("P\(r % 4)", r % 3 == 0 ? "A" : "B", r % 5 == 0 ? nil : (r >> 3) % 2, (r >> 5) % 90))
        }
        _ = try importRows(database, "log.csv", rows, slots: slots)
        var counts: [String: Int] = [:]
        let expected = rows.map { row in
            let key = "\(row.participant)|technique=\(row.level)|\(row.block.map(String.init) ?? "NULL")|\(row.trial!)"
            counts[key, default: 0] += 1
            return "\(key)|\(counts[key]!)"
        }
        #expect(try attempts(database) == expected)
        #expect(counts.values.contains { $0 > 3 })
    }

    /// More attempts than the counter keeps in sets (15; then counted apart).
    @Test(arguments: tableSizes)
    func aTrialRepeatedHundredsOfTimesKeepsCounting(slots: Counting) throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let rows: [Row] = Array(repeating: ("P1", "A", 1, 1), count: 300) + [("P1", "A", 1, 2)]
        _ = try importRows(database, "log.csv", rows, slots: slots)
        let expected = (1...300).map { "P1|technique=A|1|1|\($0)" } + ["P1|technique=A|1|2|1"]
        #expect(try attempts(database) == expected)
    }

    @Test(arguments: tableSizes)
    func rowsWithoutATrialNumberAreFirstAttemptsAndAMissingBlockIsOneBlock(slots: Counting) throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        _ = try importRows(
            database, "log.csv",
            [("P1", "A", nil, nil), ("P1", "A", nil, nil), ("P1", "A", nil, 5), ("P1", "A", nil, 5)],
            slots: slots)
        #expect(
            try attempts(database) == [
                "P1|technique=A|NULL|NULL|1", "P1|technique=A|NULL|NULL|1",
                "P1|technique=A|NULL|5|1", "P1|technique=A|NULL|5|2",
            ])
    }

    @Test(arguments: tableSizes)
    func attemptsContinueAcrossBatchesOfTheSameStudy(slots: Counting) throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        _ = try importRows(
            database, "day1.csv", [("P1", "A", 1, 1), ("P1", "A", 1, 1), ("P1", "A", 1, 2)], slots: slots)
        let second = try importRows(
            database, "day2.csv", [("P1", "A", 1, 1), ("P1", "A", 1, 3), ("P1", "A", 1, 3)], slots: slots)
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
        // A new participant in a later batch starts at attempt 1.
        _ = try importRows(database, "day3.csv", [("P9", "A", 1, 1), ("P1", "A", 1, 2)], slots: slots)
        #expect(
            try rows(database, "SELECT participant, attempt FROM trial_long WHERE batch_id = 4 ORDER BY id")
                == ["P9|1", "P1|2"])

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
