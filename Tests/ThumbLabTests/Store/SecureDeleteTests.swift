import Testing

@testable import ThumbLab

/// ThumbLab deletes without overwriting the pages it frees (`secure_delete` off, whatever
/// SQLite's build default), unless asked to; either way an undo leaves the same rows.
@Suite struct SecureDeleteTests {
    private func importTrials(_ database: StudyDatabase, _ source: String, participants: [String]) throws
        -> BatchSummary
    {
        let writer = try database.beginImport(.trials(source))
        try writer.declareFactors(["technique"])
        for participant in participants {
            for (n, level) in ["Direct", "Shift"].enumerated() {
                try writer.add(trial(participant, [level], trial: n + 1))
            }
        }
        return try writer.commit()
    }

    @Test func aDatabaseDeletesWithoutOverwritingUnlessAsked() throws {
        let folder = try TestDirectory()
        #expect(try scalar(folder.database(), "PRAGMA secure_delete") == 0)
        let secure = try StudyDatabase(path: folder.path("secure.sqlite"), secureDelete: true)
        #expect(try scalar(secure, "PRAGMA secure_delete") == 1)
        // The setting belongs to the connection: the file opened again takes the default.
        #expect(try scalar(StudyDatabase(path: folder.path("secure.sqlite")), "PRAGMA secure_delete") == 0)
    }

    /// Every row of every table, the batches without their import time.
    private func state(_ database: StudyDatabase) throws -> [String: [String]] {
        var tables = try snapshot(database)
        tables["batch"] = try rows(database, "SELECT id, source, sha256, rows FROM batch ORDER BY id")
        return tables
    }

    @Test func anUndoLeavesTheSameRowsWithOrWithoutOverwriting() throws {
        let folder = try TestDirectory()
        var states: [[String: [String]]] = []
        for secureDelete in [false, true] {
            let database = try StudyDatabase(
                path: folder.path("study-\(secureDelete).sqlite"), secureDelete: secureDelete)
            _ = try importTrials(database, "a.csv", participants: ["P1", "P2"])
            let second = try importTrials(database, "b.csv", participants: ["P2", "P3"])
            try database.undo(batch: second.id)
            states.append(try state(database))
        }
        #expect(states[0] == states[1])
        #expect(states[0]["trial"]?.count == 4)
    }

    @Test(arguments: [false, true])
    func undoingTheOnlyBatchEmptiesEveryTableAndKeepsItsNumber(secureDelete: Bool) throws {
        let folder = try TestDirectory()
        let database = try StudyDatabase(path: folder.path("study.sqlite"), secureDelete: secureDelete)
        let empty = try state(database)
        let only = try importTrials(database, "a.csv", participants: ["P1", "P2"])
        try database.undo(batch: only.id)
        #expect(try state(database) == empty)
        let next = try importTrials(database, "b.csv", participants: ["P3"])
        #expect(next.id == only.id + 1)
        #expect(try scalar(database, "SELECT count(*) FROM trial") == 2)
    }

    @Test func anUnknownBatchIsStillAnErrorWithoutOverwriting() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        #expect(throws: ThumbLabError.batch(.unknown(id: 42))) { try database.undo(batch: 42) }
    }
}
