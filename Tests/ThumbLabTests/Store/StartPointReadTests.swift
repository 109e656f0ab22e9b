import Testing

@testable import ThumbLab

/// Typed reads return a trial's start point when the log recorded one, and only when
/// asked for.
@Suite struct StartPointReadTests {
    private func database(with records: [TrialRecord]) throws -> (TestDirectory, StudyDatabase) {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("log.csv"))
        try writer.declareFactors(["technique"])
        for record in records { try writer.add(record) }
        _ = try writer.commit()
        return (folder, database)
    }

    private func read(_ database: StudyDatabase, fields: TrialFields) throws -> [StoredTrial] {
        let layout = try database.layout(study: "s1")
        var trials: [StoredTrial] = []
        try database.forEachTrial(
            TrialQuery(conditionIDs: Array(layout.conditions.keys), attempts: .all), fields: fields
        ) { trials.append($0) }
        return trials
    }

    @Test func startPointIsReadWithEveryField() throws {
        let (folder, database) = try database(with: [
            TrialRecord(participant: "P1", levels: ["A"], trial: 1, startX: 447.5, startY: 815.1, timeMS: 900, line: 2),
            TrialRecord(participant: "P1", levels: ["A"], trial: 2, timeMS: 800, line: 3),
        ])
        defer { _ = folder }
        let trials = try read(database, fields: .all)
        #expect(trials.map(\.startX) == [447.5, nil])
        #expect(trials.map(\.startY) == [815.1, nil])
        #expect(trials.map(\.timeMS) == [900, 800])
    }

    @Test func startPointIsLeftOutUnlessAskedFor() throws {
        let (folder, database) = try database(with: [
            TrialRecord(participant: "P1", levels: ["A"], trial: 1, startX: 10, startY: 20, timeMS: 900, line: 2)
        ])
        defer { _ = folder }
        let without = try read(database, fields: [.time])
        #expect(without.map(\.startX) == [nil])
        #expect(without.map(\.timeMS) == [900])
        let with = try read(database, fields: [.start])
        #expect(with.map(\.startX) == [10])
        #expect(with.map(\.startY) == [20])
        #expect(with.map(\.timeMS) == [nil])
    }
}
