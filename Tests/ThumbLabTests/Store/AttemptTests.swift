import Testing

@testable import ThumbLab

@Suite struct AttemptTests {
    /// (participant, level, block, trial) rows in file order, and the attempt each must get.
    typealias Row = (participant: String, level: String, block: Int?, trial: Int?)

    private func attempts(_ database: StudyDatabase) throws -> [String] {
        try rows(database, "SELECT participant, condition, block, trial, attempt FROM trial_long ORDER BY id")
    }

    /// Each way of numbering attempts: the dense counts with the hashed table, the hashed
    /// table alone, and none in memory (numbering in SQL at commit).
    enum Counting: CaseIterable, Sendable {
        case dense, hashed, sql

        var slots: Int { self == .sql ? 0 : AttemptCounter.defaultMaxSlots }
        var denseBytes: Int { self == .dense ? DenseAttemptCounter.defaultMaxBytes : 0 }
    }

    static let tableSizes = Counting.allCases

    private func importRows(
        _ database: StudyDatabase, _ source: String, _ rows: [Row], slots: Counting = .dense
    ) throws -> BatchSummary {
        let writer = try database.beginImport(
            .trials(source), attemptSlots: slots.slots, denseAttemptBytes: slots.denseBytes)
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

    /// More attempts than the hashed table counts (255; then numbered in SQL) and than a
    /// dense count holds (15; then kept apart).
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

@Suite struct AttemptCounterTests {
    /// Counts keys in a stored list, as the writer does with the database.
    private func number(_ keys: [TrialKey], counter: inout AttemptCounter) throws -> [Int] {
        var reads = 0
        let result = try keys.enumerated().map { offset, key in
            try counter.attempt(for: key, at: UInt32(offset)) { earlier in
                reads += 1
                return keys[Int(earlier)]
            }
        }
        return result
    }

    private func key(_ participant: Int64, _ trial: Int64, block: Int64? = 1) -> TrialKey {
        TrialKey(participant: participant, condition: 1, block: block, trial: trial)
    }

    @Test func collidingFingerprintsNeverMergeDistinctTrials() throws {
        var counter = AttemptCounter(maxSlots: 1 << 10) { _ in 42 }
        let keys = [key(1, 1), key(1, 2), key(2, 1), key(1, 1), key(1, 2), key(1, 1), key(1, 1, block: nil)]
        #expect(try number(keys, counter: &counter) == [1, 1, 1, 2, 2, 3, 1])
        #expect(!counter.overflowed)
    }

    @Test func manyKeysKeepExactCounts() throws {
        var counter = AttemptCounter(maxSlots: 1 << 16)
        let keys = (0..<30_000).map { key(Int64($0 % 7), Int64($0 % 10_000)) }
        let attempts = try number(keys, counter: &counter)
        #expect(!counter.overflowed)
        var expected: [TrialKey: Int] = [:]
        for (k, attempt) in zip(keys, attempts) {
            expected[k, default: 0] += 1
            #expect(attempt == expected[k])
        }
    }

    /// Keys far apart are read back through `rowKey`; recent ones come from memory.
    @Test func onlyKeysOlderThanTheRecentRingAreReadBack() throws {
        var counter = AttemptCounter(maxSlots: 1 << 16)
        var keys = [key(1, 1), key(1, 1)]
        keys += (0..<AttemptCounter.recentCount + 10).map { key(2, Int64($0)) }
        keys += [key(1, 1)]
        var reads: [UInt32] = []
        let attempts = try keys.enumerated().map { offset, k in
            try counter.attempt(for: k, at: UInt32(offset)) { earlier in
                reads.append(earlier)
                return keys[Int(earlier)]
            }
        }
        #expect(attempts.first == 1)
        #expect(attempts[1] == 2)
        #expect(attempts.last == 3)
        #expect(reads == [1])
    }

    @Test func aFullTableGivesUpInsteadOfGrowing() throws {
        var counter = AttemptCounter(maxSlots: 16)
        let attempts = try number((0..<40).map { key(1, Int64($0 % 20)) }, counter: &counter)
        #expect(counter.overflowed)
        #expect(attempts.suffix(20).allSatisfy { $0 == 1 })
    }
}
