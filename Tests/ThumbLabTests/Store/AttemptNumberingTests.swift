import Foundation
import Testing

@testable import ThumbLab

/// Imports of generated trial logs numbered in every way loggers number trials, each
/// checked row by row against SQL's numbering of the same database:
/// `row_number() OVER (PARTITION BY participant, condition, block, trial ORDER BY id)`.
@Suite struct AttemptNumberingTests {
    /// How the generated log numbers its trials.
    enum Numbering: CaseIterable, Sendable {
        /// From 1 within each block.
        case perBlock
        /// From 1 for each participant, on across conditions and blocks.
        case perParticipant
        /// One counter across the file while participants take turns row by row.
        case runningCounter
        /// Millisecond timestamps of each participant's taps, participants taking turns.
        case timestamps
        /// One counter counting down across the file, participants taking turns.
        case descending
        /// From 1 within each block, the block column left empty in a third of the blocks.
        case missingBlock
        /// From 1 within each block, every fifth trial without a number.
        case missingTrialNumber
    }

    /// Where a missed trial is tried again.
    enum Retry: CaseIterable, Sendable {
        /// Right after the miss, up to twice.
        case adjacent
        /// At the end of its block, after every other trial of the block.
        case atTheEndOfTheBlock
    }

    /// A log of 5 participants x 2 techniques x 3 blocks x 30 trials with about one miss in
    /// four, each retried under its number.
    static func log(_ numbering: Numbering, _ retry: Retry) -> String {
        var state: UInt64 = 2024
        func missed() -> Bool {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 62 == 0
        }
        // Each participant's rows in their own order: (technique, block, trial index).
        typealias Shown = (technique: Int, block: Int, index: Int)
        var streams: [[Shown]] = []
        for _ in 0..<5 {
            var stream: [Shown] = []
            for technique in 0..<2 {
                for block in 1...3 {
                    var requeued: [Int] = []
                    for index in 0..<30 {
                        stream.append((technique, block, index))
                        guard missed() else { continue }
                        if retry == .adjacent {
                            stream.append((technique, block, index))
                            if missed() { stream.append((technique, block, index)) }
                        } else {
                            requeued.append(index)
                        }
                    }
                    stream += requeued.map { (technique, block, $0) }
                }
            }
            streams.append(stream)
        }
        let interleaved = [.runningCounter, .timestamps, .descending].contains(numbering)
        var order: [(participant: Int, shown: Shown)] = []
        if interleaved {
            var positions = [Int](repeating: 0, count: streams.count)
            while order.count < streams.map(\.count).reduce(0, +) {
                for participant in streams.indices where positions[participant] < streams[participant].count {
                    order.append((participant, streams[participant][positions[participant]]))
                    positions[participant] += 1
                }
            }
        } else {
            order = streams.enumerated().flatMap { participant, stream in stream.map { (participant, $0) } }
        }
        // A trial's number is given when it is first shown and kept for its retries.
        var numbers: [String: Int64] = [:]
        var counters: [String: Int64] = [:]
        var running: Int64 = 0
        var clocks = [Int64](repeating: 1_712_000_000_000, count: streams.count)
        var text = "participant,technique,block,trial,time_ms,hit\n"
        for (participant, shown) in order {
            let trialKey = "\(participant)/\(shown.technique)/\(shown.block)/\(shown.index)"
            clocks[participant] += 400 + Int64(state % 900)
            if numbers[trialKey] == nil {
                running += 1
                let number: Int64
                switch numbering {
                case .perBlock, .missingBlock, .missingTrialNumber: number = Int64(shown.index) + 1
                case .perParticipant:
                    counters["\(participant)", default: 0] += 1
                    number = counters["\(participant)"]!
                case .runningCounter: number = running
                case .timestamps: number = clocks[participant]
                case .descending: number = 1_000_000 - running
                }
                numbers[trialKey] = number
            }
            let block = numbering == .missingBlock && shown.block == 2 ? "" : "\(shown.block)"
            let trial = numbering == .missingTrialNumber && shown.index % 5 == 4 ? "" : "\(numbers[trialKey]!)"
            text += "P\(participant + 1),\(["Direct", "Shift"][shown.technique]),\(block),\(trial),512,1\n"
        }
        return text
    }

    /// Rows whose attempt differs from SQL's numbering, rows with a later attempt, all rows.
    private func check(_ database: StudyDatabase) throws -> (wrong: Int, retried: Int, rows: Int) {
        let wrong = try scalar(
            database,
            """
            SELECT count(*) FROM (
                SELECT attempt, CASE WHEN trial IS NULL THEN 1 ELSE row_number() OVER (
                    PARTITION BY participant_id, condition_id, block, trial ORDER BY id) END AS expected
                FROM trial)
            WHERE attempt IS NOT expected
            """)
        return (
            wrong, try scalar(database, "SELECT count(*) FROM trial WHERE attempt > 1"),
            try scalar(database, "SELECT count(*) FROM trial")
        )
    }

    @Test(arguments: Numbering.allCases, Retry.allCases)
    func everyAttemptEqualsSQLsNumbering(numbering: Numbering, retry: Retry) throws {
        let folder = TemporaryFolder()
        let path = folder.write(Self.log(numbering, retry), named: "log.csv")
        // Counted in memory; counted until the memory allowed runs out part way; in SQL alone.
        for bytes in [AttemptCounter.defaultMaxBytes, 3_000, 0] {
            let database = try StudyDatabase(path: folder.url.appendingPathComponent("\(bytes).sqlite").path)
            database.attemptCountBytes = bytes
            let report = try Importer(database: database).importFile(at: path, options: ImportOptions(study: "s"))
            let result = try check(database)
            #expect(result.rows == report.rows && result.rows > 900)
            #expect(result.retried > 150)
            #expect(result.wrong == 0, "\(numbering), \(retry), \(bytes) bytes")
        }
    }

    /// The same trial number in two files of one study: the second file's attempts go on
    /// from the first's, as SQL numbers the two batches together.
    @Test(arguments: [AttemptCounter.defaultMaxBytes, 0])
    func attemptsGoOnAcrossFilesWhateverTheNumbering(bytes: Int) throws {
        let folder = TemporaryFolder()
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("study.sqlite").path)
        database.attemptCountBytes = bytes
        for (name, numbering) in [("a.csv", Numbering.runningCounter), ("b.csv", .runningCounter)] {
            let text = Self.log(numbering, .atTheEndOfTheBlock) + (name == "b.csv" ? "P1,Direct,1,1,500,1\n" : "")
            _ = try Importer(database: database).importFile(
                at: folder.write(text, named: name), options: ImportOptions(study: "s"))
        }
        let result = try check(database)
        #expect(result.wrong == 0)
        #expect(try scalar(database, "SELECT max(attempt) FROM trial WHERE trial = 1 AND participant_id = 1") >= 3)
    }
}
