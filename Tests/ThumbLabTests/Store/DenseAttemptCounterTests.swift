import Testing

@testable import ThumbLab

@Suite struct DenseAttemptCounterTests {
    private func key(_ participant: Int64, _ condition: Int64, _ block: Int64?, _ trial: Int64) -> TrialKey {
        TrialKey(participant: participant, condition: condition, block: block, trial: trial)
    }

    /// Keys in a shuffled order, with negative, sparse and often repeated trial numbers:
    /// every attempt equals a count kept in a plain dictionary.
    @Test func attemptsMatchAPlainCount() {
        var counter = DenseAttemptCounter()
        var plain: [TrialKey: Int] = [:]
        var state: UInt64 = 99
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Int64(state >> 33)
            let trial = r % 7 == 0 ? -((r >> 4) % 5) : r % 13 == 0 ? 50_000 + (r >> 4) % 3 : (r >> 4) % 30
            let k = key(r % 5, (r >> 3) % 3, r % 11 == 0 ? nil : (r >> 6) % 2, trial)
            plain[k, default: 0] += 1
            #expect(counter.attempt(for: k) == plain[k])
        }
        #expect(!counter.abandoned)
        #expect(plain.values.contains { $0 > 15 })
    }

    @Test func countsPastFifteenAttemptsStayExact() {
        var counter = DenseAttemptCounter()
        let attempts = (0..<40).map { _ in counter.attempt(for: key(1, 1, 1, 7)) }
        #expect(attempts == (1...40).map { Optional($0) })
        #expect(counter.attempt(for: key(1, 1, 1, 6)) == 1)
        #expect(counter.attempt(for: key(1, 1, 1, 8)) == 1)
    }

    @Test func numbersSpanningTooWideABlockEndTheCount() {
        var counter = DenseAttemptCounter()
        #expect(counter.attempt(for: key(1, 1, 1, 0)) == 1)
        #expect(counter.attempt(for: key(1, 1, 1, DenseAttemptCounter.maxSpan + 2)) == nil)
        #expect(counter.abandoned)
        #expect(counter.attempt(for: key(1, 1, 1, 0)) == nil)
    }

    @Test func hugeTrialNumbersEndTheCount() {
        var counter = DenseAttemptCounter()
        #expect(counter.attempt(for: key(1, 1, 1, Int64.max)) == nil)
        var other = DenseAttemptCounter()
        #expect(other.attempt(for: key(1, 1, 1, Int64.min)) == nil)
        #expect(other.abandoned)
    }

    @Test func countsBeyondTheMemoryAllowedEndTheCount() {
        var counter = DenseAttemptCounter(maxBytes: 64)
        for trial in 0..<128 { #expect(counter.attempt(for: key(1, 1, 1, Int64(trial))) == 1) }
        #expect(counter.attempt(for: key(1, 1, 1, 128)) == nil)
        #expect(counter.abandoned)
        var none = DenseAttemptCounter(maxBytes: 0)
        #expect(none.attempt(for: key(1, 1, 1, 1)) == nil)
    }

    /// A log whose trial numbers are too sparse for the dense count is numbered by the
    /// hashed table, or in SQL at commit without it.
    @Test(arguments: [AttemptCounter.defaultMaxSlots, 0])
    func sparseTrialNumbersAreStillNumbered(slots: Int) throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("sparse.csv"), attemptSlots: slots)
        try writer.declareFactors(["technique"])
        let numbers = [5, 1 << 40, 5, 1 << 40, 1 << 40, 9]
        for (index, number) in numbers.enumerated() {
            try writer.add(
                TrialRecord(participant: "P1", levels: ["A"], block: 1, trial: number, timeMS: 100, line: index + 2))
        }
        _ = try writer.commit()
        #expect(try rows(database, "SELECT attempt FROM trial ORDER BY id") == ["1", "1", "2", "2", "3", "1"])
    }
}
