import Testing

@testable import ThumbLab

/// Reads of trials whose SQLite side runs ahead on another thread give the trials a plain
/// loop gives, in the same order; an error on either side reaches the caller and leaves
/// the connection usable.
@Suite struct TrialReadAheadTests {
    /// A study of `count` trials over two techniques, with values in every column kind.
    private func database(trials count: Int) throws -> (TestDirectory, StudyDatabase, TrialQuery) {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("log.csv"))
        try writer.declareFactors(["technique"])
        for index in 0..<count {
            try writer.add(
                TrialRecord(
                    participant: "P\(index % 7)", levels: [index % 3 == 0 ? "A" : "B"], block: index / 1000,
                    trial: index, targetX: Double(index), targetY: index % 5 == 0 ? nil : 2.5,
                    timeMS: Double(300 + index % 97), hit: index % 11 != 0, line: index + 2))
        }
        _ = try writer.commit()
        let layout = try database.layout(study: "s1")
        var query = TrialQuery(conditionIDs: Array(layout.conditions.keys).sorted())
        query.attempts = .all
        return (folder, database, query)
    }

    @Test(arguments: [0, 1, TrialReadAhead.blockSize, 3 * TrialReadAhead.blockSize + 17, 20 * TrialReadAhead.blockSize])
    func readingAheadGivesTheTrialsOfAPlainReadInOrder(count: Int) throws {
        let (folder, database, query) = try database(trials: count)
        defer { _ = folder }
        var plain: [StoredTrial] = []
        try database.forEachTrial(query) { plain.append($0) }
        var ahead: [StoredTrial] = []
        try database.forEachTrial(query, fields: .all) { ahead.append($0) }
        #expect(plain.count == count)
        #expect(ahead == plain)
        // One technique only: a filtered read.
        let layout = try database.layout(study: "s1")
        var onlyA = query
        onlyA.conditionIDs = layout.conditions.filter { $0.value == ["A"] }.map(\.key)
        var filtered: [StoredTrial] = []
        try database.forEachTrial(onlyA, fields: [.numbers, .time]) { filtered.append($0) }
        #expect(filtered.map(\.trial) == plain.filter { $0.conditionID == onlyA.conditionIDs.first }.map(\.trial))
        #expect(filtered.map(\.timeMS) == plain.filter { $0.conditionID == onlyA.conditionIDs.first }.map(\.timeMS))
    }

    private struct Stop: Error {}

    @Test func aBodyThatThrowsStopsTheReadAndLeavesTheConnectionUsable() throws {
        let (folder, database, query) = try database(trials: 10 * TrialReadAhead.blockSize)
        defer { _ = folder }
        var seen = 0
        #expect(throws: Stop.self) {
            try database.forEachTrial(query, fields: [.numbers]) { trial in
                #expect(trial.trial == seen)
                seen += 1
                if seen == 700 { throw Stop() }
            }
        }
        #expect(seen == 700)
        #expect(try database.trialCount(query) == 10 * TrialReadAhead.blockSize)
        var again = 0
        try database.forEachTrial(query, fields: [.numbers]) { _ in again += 1 }
        #expect(again == 10 * TrialReadAhead.blockSize)
    }

    @Test func anErrorOfAStepReachesTheCallerAfterTheRowsBeforeIt() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        defer { _ = folder }
        // abs() of the smallest integer fails with "integer overflow" when SQLite steps to
        // row 1,200.
        let statement = try database.connection.prepare(
            """
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000)
            SELECT CASE WHEN x >= 1200 THEN abs(-9223372036854775807 - 1) ELSE x END FROM n
            """)
        var participants: [Int64] = []
        let decode = { (row: SQLiteStatement) in StoredTrial(participantID: row.int64(0), conditionID: 1, batchID: 0) }
        do {
            try TrialReadAhead.run(statement, decode: decode) { participants.append($0.participantID) }
            Issue.record("the read ended without the step's error")
        } catch ThumbLabError.database(_, let message, _) {
            #expect(message.contains("integer overflow"), "\(message)")
        }
        #expect(participants == Array(1...1199).map(Int64.init))
        #expect(try rows(database, "SELECT 40 + 2") == ["42"])
    }
}
