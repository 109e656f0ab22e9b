import Foundation
import Testing

@testable import ThumbLab

/// A read of last attempts keeps exactly the rows SQL's definition keeps: per participant,
/// condition, block and trial number (a missing one a value of its own), the attempts
/// equal to the largest.
@Suite struct LastAttemptReadTests {
    /// A seeded study over three imports whose trials are retried up to three times, with
    /// missing blocks and trial numbers, numbers too far apart for a table and, when
    /// `manyAttempts`, a trial attempted more often than ``LastAttempts`` counts.
    private func database(seed: UInt64, manyAttempts: Bool) throws -> (TestDirectory, StudyDatabase) {
        let folder = try TestDirectory()
        let database = try folder.database()
        var random = seed
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        let blocks: [Int?] = [nil, 1, 2, Int(Int32.min), Int(Int32.max) - 1]
        let numbers: [Int?] = [nil, -3, 0, 1, 2, 7, 1 << 40]
        var line = 2
        for batch in 0..<3 {
            let writer = try database.beginImport(.trials("log\(batch).csv"))
            try writer.declareFactors(["technique"])
            for _ in 0..<400 {
                let record = trial(
                    "P\(next(4))", [next(2) == 0 ? "A" : "B"], block: blocks[next(blocks.count)],
                    trial: numbers[next(numbers.count)], time: Double(300 + next(500)), line: line)
                for _ in 0...(next(3) == 0 ? next(3) : 0) {
                    try writer.add(record)
                    line += 1
                }
            }
            if manyAttempts && batch == 2 {
                for _ in 0..<65_537 { try writer.add(trial("P1", ["A"], block: 9, trial: 1, line: line)) }
            }
            _ = try writer.commit()
        }
        // Undoing the middle import renumbers the attempts of the trials it had continued.
        _ = try database.undo(batch: 2)
        return (folder, database)
    }

    /// The selected rows by SQL's window definition of the last attempt, in storage order.
    private func windowRows(_ database: StudyDatabase, _ query: TrialQuery) throws -> [String] {
        let filter = StudyDatabase.TrialFilter(query)
        let sql = """
            SELECT participant_id, condition_id, block, trial, attempt, time_ms FROM (
                SELECT *, max(attempt) OVER (PARTITION BY participant_id, condition_id, block, trial) AS last
                FROM trial WHERE \(filter.sql))
            WHERE attempt = last ORDER BY id
            """
        let statement = try database.connection.prepare(sql)
        try filter.bind(query, to: statement)
        var result: [String] = []
        while try statement.step() {
            result.append(
                (0..<6).map { statement.optionalText($0) ?? "NULL" }.joined(separator: "|"))
        }
        return result
    }

    private func text(_ trial: StoredTrial) -> String {
        [
            "\(trial.participantID)", "\(trial.conditionID)", trial.block.map { "\($0)" } ?? "NULL",
            trial.trial.map { "\($0)" } ?? "NULL", "\(trial.attempt)", trial.timeMS.map { "\($0)" } ?? "NULL",
        ].joined(separator: "|")
    }

    @Test(arguments: [(1, false), (2, false), (3, true)])
    func everyReadKeepsTheRowsOfTheWindowDefinition(seed: UInt64, manyAttempts: Bool) throws {
        let (folder, database) = try database(seed: seed, manyAttempts: manyAttempts)
        defer { _ = folder }
        let layout = try database.layout(study: "s1")
        var query = TrialQuery(conditionIDs: Array(layout.conditions.keys).sorted(), attempts: .last)
        let onlyA = layout.conditions.filter { $0.value == ["A"] }.map(\.key)
        for (conditions, excluded) in [(query.conditionIDs, []), (onlyA, [1]), (query.conditionIDs, [2, 1])] {
            query.conditionIDs = conditions
            query.excludedBlocks = excluded
            let expected = try windowRows(database, query)
            #expect(expected.count > 100)
            #expect(expected.contains { $0.split(separator: "|")[4] != "1" })
            var plain: [String] = []
            try database.forEachTrial(query) { plain.append(text($0)) }
            #expect(plain == expected)
            var ahead: [String] = []
            try database.forEachTrial(query, fields: [.numbers, .time]) { ahead.append(text($0)) }
            #expect(ahead == expected)
            // Fields not asked for stay empty, as in every read.
            var times: [StoredTrial] = []
            try database.forEachTrial(query, fields: [.time]) { times.append($0) }
            #expect(times.map(\.timeMS) == expected.map { Double($0.split(separator: "|")[5]) })
            #expect(times.allSatisfy { $0.block == nil && $0.trial == nil && $0.attempt == 1 })
            // SQLite's own selection of last attempts, which counts and bounds use.
            let filter = StudyDatabase.TrialFilter(query)
            let statement = try database.connection.prepare(
                StudyDatabase.trialSQL(
                    query, filter: filter, columns: "participant_id, condition_id, block, trial, attempt, time_ms"))
            try filter.bind(query, to: statement)
            var selected: [String] = []
            while try statement.step() {
                selected.append((0..<6).map { statement.optionalText($0) ?? "NULL" }.joined(separator: "|"))
            }
            #expect(selected == expected)
            #expect(try database.trialCount(query) == expected.count)
            try checkHalves(database, query, expected: expected)
        }
    }

    /// The two halves of a read split by trial id keep, together, the rows of the whole,
    /// although some trial has attempts on both sides of the middle.
    private func checkHalves(_ database: StudyDatabase, _ query: TrialQuery, expected: [String]) throws {
        let halves = try #require(try database.trialHalves(query, minimumTrials: 2))
        var plain: [[String]] = [[], []]
        var ahead: [[String]] = [[], []]
        var selected: [[String]] = [[], []]
        for (index, half) in [halves.first, halves.second].enumerated() {
            try database.forEachTrial(half) { plain[index].append(text($0)) }
            try database.forEachTrial(half, fields: [.numbers, .time]) { ahead[index].append(text($0)) }
            let filter = StudyDatabase.TrialFilter(half)
            let statement = try database.connection.prepare(
                StudyDatabase.trialSQL(
                    half, filter: filter, columns: "participant_id, condition_id, block, trial, attempt, time_ms"))
            try filter.bind(half, to: statement)
            while try statement.step() {
                selected[index].append((0..<6).map { statement.optionalText($0) ?? "NULL" }.joined(separator: "|"))
            }
        }
        #expect(plain[0].count > 0 && plain[1].count > 0)
        #expect(plain.joined().map { $0 } == expected)
        #expect(ahead.joined().map { $0 } == expected)
        #expect(selected.joined().map { $0 } == expected)
        // Last attempts within the lower half alone would keep attempts that a later one follows.
        #expect(try windowRows(database, halves.first) != plain[0])
    }

    /// The SQL that DatabaseSchema.md gives readers for last attempts keeps the same rows.
    @Test func theArticlesRecipeKeepsTheRowsOfTheWindowDefinition() throws {
        let (folder, database) = try database(seed: 4, manyAttempts: false)
        defer { _ = folder }
        let article = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Sources/ThumbLab/ThumbLab.docc/DatabaseSchema.md"),
            encoding: .utf8)
        let after = try #require(article.range(of: "The last attempt of each trial"))
        let start = try #require(article.range(of: "```sql\n", range: after.upperBound..<article.endIndex))
        let end = try #require(article.range(of: "```", range: start.upperBound..<article.endIndex))
        let recipe = article[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        let columns = "participant_id, condition_id, block, trial, attempt, time_ms"
        let sql = "SELECT \(columns) FROM (\(recipe.dropLast())) ORDER BY id"
        let layout = try database.layout(study: "s1")
        let query = TrialQuery(conditionIDs: Array(layout.conditions.keys).sorted(), attempts: .last)
        let expected = try windowRows(database, query)
        #expect(expected.contains { $0.split(separator: "|")[4] != "1" })
        #expect(try rows(database, sql) == expected)
    }

    @Test func retriesGetTheirLargestAttemptAndTooManyAttemptsRefuse() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        func attempts(_ values: String) throws -> LastAttempts? {
            try LastAttempts(database.connection.prepare("SELECT * FROM (VALUES \(values))"))
        }
        var last = try #require(
            try attempts(
                """
                (1, 2, NULL, 5, 2), (1, 2, NULL, 5, 4), (1, 2, NULL, 5, 3), (1, 2, NULL, NULL, 2),
                (1, 2, 3, 9000000000000, 2), (1, 2, 3, -9000000000000, 3), (1, 2, 3, 0, 2)
                """))
        func isLast(_ participant: Int64, _ block: Int64?, _ trial: Int64?, _ attempt: Int64) -> Bool {
            last.isLast(participant: participant, condition: 2, block: block, trial: trial, attempt: attempt)
        }
        // A table from trial 5 of block NULL.
        #expect(!isLast(1, nil, 5, 3))
        #expect(isLast(1, nil, 5, 4))
        #expect(isLast(1, nil, 4, 1))
        #expect(isLast(1, nil, Int64.min, 1))
        #expect(!isLast(1, nil, nil, 1))
        #expect(isLast(1, nil, nil, 2))
        // A missing block is not block 0; another participant's trial 5 was attempted once.
        #expect(isLast(1, 0, 5, 1))
        #expect(isLast(2, nil, 5, 1))
        // Numbers too far apart for a table.
        #expect(!isLast(1, 3, 9_000_000_000_000, 1))
        #expect(!isLast(1, 3, -9_000_000_000_000, 2))
        #expect(!isLast(1, 3, 0, 1))
        #expect(isLast(1, 3, 1, 1))
        #expect(try attempts("(1, 2, 1, 1, 65535)") != nil)
        #expect(try attempts("(1, 2, 1, 1, 65536)") == nil)
        // Numbers too far apart to pack.
        last = try #require(try attempts("(1, 2, 7, \(Int64.min), 2), (1, 2, 7, \(Int64.max), 5)"))
        #expect(!isLast(1, 7, .min, 1))
        #expect(isLast(1, 7, .max, 5))
        #expect(!isLast(1, 7, .max, 4))
        #expect(isLast(1, 7, 0, 1))
    }

    /// Dense groups (2 bits a number), sparse ones (sorted numbers) and every order of
    /// asking agree with the largest attempts counted plainly.
    @Test(arguments: [(span: 50, retried: 40), (span: 100_000, retried: 300), (span: 3_000, retried: 2_000)])
    func eachStoreGivesTheLargestAttempt(span: Int, retried: Int) throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(span + retried)
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        var largest: [[Int64]: Int64] = [:]
        var rows: [String] = []
        for _ in 0..<retried {
            let key: [Int64] = [Int64(1 + next(2)), Int64(next(3) - 1_000), Int64(next(span))]
            let attempt = Int64(2 + next(next(4) == 0 ? 8 : 2))
            largest[key] = max(largest[key] ?? 1, attempt)
            rows.append("(\(key[0]), 4, \(key[1]), \(key[2]), \(attempt))")
        }
        var last = try #require(
            try LastAttempts(database.connection.prepare("SELECT * FROM (VALUES \(rows.joined(separator: ", ")))")))
        var asked: [(key: [Int64], attempt: Int64)] = []
        for participant: Int64 in 1...2 {
            for block: Int64 in -1_000...(-998) {
                for number in stride(from: Int64(-2), to: Int64(span + 2), by: max(1, span / 3_000)) {
                    for attempt: Int64 in 1...9 { asked.append(([participant, block, number], attempt)) }
                }
            }
        }
        for order in 0..<2 {
            if order == 1 { asked.shuffle() }
            for (key, attempt) in asked {
                let expected = attempt >= (largest[key] ?? 1)
                let found = last.isLast(
                    participant: key[0], condition: 4, block: key[1], trial: key[2], attempt: attempt)
                #expect(found == expected, "\(key) attempt \(attempt), order \(order)")
                if found != expected { return }
            }
        }
    }
}
