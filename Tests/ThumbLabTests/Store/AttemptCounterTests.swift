import Testing

@testable import ThumbLab

@Suite struct AttemptCounterTests {
    private func key(_ participant: Int64, _ condition: Int64, _ block: Int64?, _ trial: Int64) -> TrialKey {
        TrialKey(participant: participant, condition: condition, block: block, trial: trial)
    }

    /// Counts each sequence's numbers in a group of their own: every attempt equals a plain count.
    private func expectPlainCounts(_ sequences: [[Int64]]) {
        for (group, sequence) in sequences.enumerated() {
            var counter = AttemptCounter()
            var plain: [Int64: Int] = [:]
            for trial in sequence {
                plain[trial, default: 0] += 1
                #expect(counter.attempt(for: key(1, Int64(group), 1, trial)) == plain[trial], "\(group): \(trial)")
            }
        }
    }

    /// Keys in a shuffled order, with negative, sparse, extreme and often repeated trial
    /// numbers: every attempt equals a count kept in a plain dictionary.
    @Test func attemptsMatchAPlainCount() {
        var counter = AttemptCounter()
        var plain: [TrialKey: Int] = [:]
        var state: UInt64 = 99
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Int64(state >> 33)
            let trial =
                switch r % 17 {
                case 0: -((r >> 4) % 5)
                case 1: 50_000 + (r >> 4) % 3
                case 2: [Int64.min, Int64.max, Int64.min + 1, 1 << 40][Int((r >> 4) % 4)]
                default: (r >> 4) % 30
                }
            let k = key(r % 5, (r >> 3) % 3, r % 11 == 0 ? nil : (r >> 6) % 2, trial)
            plain[k, default: 0] += 1
            #expect(counter.attempt(for: k) == plain[k])
        }
        #expect(!counter.abandoned)
        #expect(plain.values.contains { $0 > AttemptCounter.countedLevels })
    }

    @Test func countsPastTheCountedLevelsStayExact() {
        var counter = AttemptCounter()
        let attempts = (0..<40).map { _ in counter.attempt(for: key(1, 1, 1, 7)) }
        #expect(attempts == (1...40).map { Optional($0) })
        #expect(counter.attempt(for: key(1, 1, 1, 6)) == 1)
        #expect(counter.attempt(for: key(1, 1, 1, 8)) == 1)
    }

    /// Numberings of 960 blocks (64 participants, 3 conditions, 5 blocks) whose retries come
    /// right away or at the end of the block: each within its block, one counter across the
    /// file with the participants interleaved, timestamps, and a counter counting down.
    /// Enough rows that chunks turn from arrays into bitmaps; none makes the counter give up.
    @Test(arguments: ["block", "running", "timestamps", "descending"], [false, true])
    func everyNumberingIsCountedInMemory(numbering: String, retriesAtTheEnd: Bool) {
        var counter = AttemptCounter()
        var plain: [TrialKey: Int] = [:]
        var state: UInt64 = 7
        var clocks = [Int64](repeating: 1_700_000_000_000, count: 960)
        var numbersByBlock: [Int64: [Int64]] = [:]
        for round in 0..<150 {
            for group in Int64(0)..<960 {
                let trial: Int64
                switch numbering {
                case "block": trial = Int64(round) + 1
                case "running": trial = Int64(round) * 960 + group + 1
                case "timestamps":
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    // A participant's taps, some 0.3 to 1.3 s apart, in milliseconds.
                    clocks[Int(group)] += 300 + Int64(state >> 54)
                    trial = clocks[Int(group)]
                default: trial = 10_000_000 - Int64(round) * 960 - group
                }
                numbersByBlock[group, default: []].append(trial)
                var keys = [key(group / 15, group % 3, group % 15 / 3, trial)]
                // Every seventh trial is retried once: right away, or at the end of its block.
                if !retriesAtTheEnd && round % 7 == 0 { keys.append(keys[0]) }
                if retriesAtTheEnd && round == 149 {
                    keys += numbersByBlock[group, default: []].enumerated().filter { $0.offset % 7 == 0 }.map {
                        key(group / 15, group % 3, group % 15 / 3, $0.element)
                    }
                }
                for k in keys {
                    plain[k, default: 0] += 1
                    #expect(counter.attempt(for: k) == plain[k])
                }
            }
        }
        #expect(!counter.abandoned)
        #expect(counter.bytes < 2_000_000)
        #expect(plain.values.contains(2))
    }

    /// Runs that grow up and down, repeat, break, and meet the ends of `Int64`: every
    /// attempt equals a plain count.
    @Test func runsThatBreakAreCountedExactly() {
        let sequences: [[Int64]] = [
            [5, 6, 7, 4, 3, 8, 8, 2, 10, 9, 3, 1],
            [Int64.max - 2, Int64.max - 1, Int64.max, Int64.max, Int64.min, Int64.max - 3],
            [Int64.min, Int64.min + 1, Int64.min, Int64.max, Int64.min + 2],
            Array(Int64(0)..<70_000) + [35_000, 70_000, -1, 69_999, 70_002],
            [1, 1, 1, 2, 2, 3, 1],
        ]
        expectPlainCounts(sequences)
    }

    /// 20,000 blocks of 60 trials numbered 1 to 60: each block costs its group's entry and
    /// its inline run, about 100 bytes, and a retry in every block adds a set.
    @Test func blocksNumberedFromOneTakeNoMemoryBeyondTheirGroup() {
        var counter = AttemptCounter()
        for block in Int64(0)..<20_000 {
            for trial in Int64(1)...60 { #expect(counter.attempt(for: key(block % 16, 1, block, trial)) == 1) }
        }
        #expect(counter.bytes < 20_000 * 128, "\(counter.bytes) bytes")
        for block in Int64(0)..<20_000 { #expect(counter.attempt(for: key(block % 16, 1, block, 30)) == 2) }
        #expect(counter.bytes < 20_000 * 400, "\(counter.bytes) bytes")
        #expect(!counter.abandoned)
    }

    /// 100,000 consecutive numbers of one block take a bit each, not 2 bytes.
    @Test func consecutiveNumbersTakeABitEach() {
        var counter = AttemptCounter()
        for trial in (Int64(0)..<100_000).reversed() { _ = counter.attempt(for: key(1, 1, 1, trial)) }
        #expect(counter.bytes < 30_000)
        #expect(counter.attempt(for: key(1, 1, 1, 65_536)) == 2)
        #expect(counter.attempt(for: key(1, 1, 1, 100_000)) == 1)
    }

    /// Numbers about a million apart (microsecond timestamps) each take a chunk of their own.
    @Test func numbersFarApartTakeAChunkEach() {
        var counter = AttemptCounter()
        for trial in 0..<10_000 { _ = counter.attempt(for: key(1, 1, 1, Int64(trial) * 1_000_000 + Int64(trial % 7))) }
        #expect(counter.bytes < 10_000 * 2 * TrialNumberSet.chunkOverhead)
        #expect(counter.attempt(for: key(1, 1, 1, 5_000_005)) == 2)
        #expect(!counter.abandoned)
    }

    /// Evenly spaced numbers (conditions taking turns under one count, in either direction,
    /// steps up to the ends of `Int64`) stay a run, whose retries and breaks are counted as a
    /// plain count would; a run takes no memory beyond its group.
    @Test func evenlySpacedNumbersStayARunAndBreakExactly() {
        let sequences: [[Int64]] = [
            [1, 4, 7, 10, 4, 13, 1, 13, 16, 5, 7, 2],
            [30, 20, 10, 40, 0, 20, -10, 50, 45, 0],
            [7, 7, 7, 9, 11, 8],
            [Int64.min, 0, Int64.max - 1, 0, Int64.max, Int64.min],
            [Int64.max, Int64.max - 6, Int64.max - 3, Int64.max - 9, Int64.min, Int64.max - 3],
            [Int64.min + 5, Int64.max, Int64.min + 5, 0, 1],
        ]
        expectPlainCounts(sequences)
        var counter = AttemptCounter()
        for block in Int64(0)..<1_000 {
            for trial in stride(from: Int64(1), through: 178, by: 3) {
                #expect(counter.attempt(for: key(block % 16, 1, block, trial)) == 1)
            }
        }
        #expect(counter.bytes < 1_000 * 128, "\(counter.bytes) bytes")
        #expect(counter.attempt(for: key(3, 1, 3, 4)) == 2)
        #expect(counter.attempt(for: key(3, 1, 3, 5)) == 1)
    }

    @Test func countsBeyondTheMemoryAllowedEndTheCount() {
        var counter = AttemptCounter(maxBytes: 2_000)
        var attempts: [Int?] = []
        // Squares: no block's numbers are evenly spaced, so every block keeps them in chunks.
        for trial in 0..<2_000 {
            attempts.append(counter.attempt(for: key(1, 1, Int64(trial % 20), Int64(trial * trial))))
        }
        #expect(counter.abandoned)
        #expect(attempts.prefix(5) == [1, 1, 1, 1, 1])
        #expect(attempts.last == .some(nil))
        #expect(counter.attempt(for: key(1, 1, 1, 1)) == nil)
        #expect(counter.bytes == 0)
        var none = AttemptCounter(maxBytes: 0)
        #expect(none.attempt(for: key(1, 1, 1, 1)) == nil)
        #expect(none.abandoned)
    }
}
