import Testing

@testable import ThumbLab

/// The reads SQLite answers over a whole query (counts, a trial with given columns, the
/// bounds of positions) agree with the trials a typed read returns, and a 0 stays a 0.
@Suite struct TrialAggregateReadTests {
    private func database() throws -> (TestDirectory, StudyDatabase, TrialQuery) {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("log.csv"))
        try writer.declareFactors(["technique"])
        let records = [
            TrialRecord(participant: "P1", levels: ["A"], trial: 1, targetX: 0, targetY: 5, timeMS: 0, hit: false),
            // A second attempt of trial 1, off to the left.
            TrialRecord(participant: "P1", levels: ["A"], trial: 1, targetX: -40, targetY: 7, timeMS: 300, hit: true),
            TrialRecord(participant: "P1", levels: ["B"], trial: 2, targetX: 120, targetY: 0, targetWidth: 9),
            TrialRecord(participant: "P2", levels: ["B"], trial: 3, targetX: .infinity, targetY: 900),
            TrialRecord(participant: "P2", levels: ["B"], trial: 4, targetY: 950),
        ]
        for (line, record) in records.enumerated() {
            var record = record
            record.line = line + 2
            try writer.add(record)
        }
        _ = try writer.commit()
        let layout = try database.layout(study: "s1")
        return (folder, database, TrialQuery(conditionIDs: Array(layout.conditions.keys).sorted()))
    }

    @Test func zeroIsReadAsZeroAndNullAsNil() throws {
        let (folder, database, query) = try database()
        defer { _ = folder }
        var trials: [StoredTrial] = []
        try database.forEachTrial(query, fields: [.target, .time, .hit]) { trials.append($0) }
        #expect(trials.map(\.targetX) == [0, 120, .infinity, nil])
        #expect(trials.map(\.targetY) == [5, 0, 900, 950])
        #expect(trials.map(\.timeMS) == [0, nil, nil, nil])
        #expect(trials.map(\.hit) == [false, nil, nil, nil])
    }

    @Test func countsFollowTheAttemptPolicy() throws {
        let (folder, database, query) = try database()
        defer { _ = folder }
        var every = query
        every.attempts = .all
        #expect(try database.trialCount(query) == 4)
        #expect(try database.trialCount(every) == 5)
        var none = query
        none.conditionIDs = []
        #expect(try database.trialCount(none) == 0)
    }

    @Test func aTrialWithColumnsIsFoundOnlyWhenOneHasThemAll() throws {
        let (folder, database, query) = try database()
        defer { _ = folder }
        #expect(try database.hasTrial(query, havingAnyOf: [[.targetWidth, .targetX]]))
        #expect(try !database.hasTrial(query, havingAnyOf: [[.targetWidth, .startX], [.deviation]]))
        #expect(try database.hasTrial(query, havingAnyOf: [[.startX], [.targetY]]))
        #expect(try !database.hasTrial(query, havingAnyOf: []))
    }

    @Test func boundsCoverFinitePositionsOutsideTheExcludedBatches() throws {
        let (folder, database, query) = try database()
        defer { _ = folder }
        let first = try database.positionBounds(query, columns: .target, excludedBatches: [])
        #expect(first == PositionBounds(points: 2, minX: 0, minY: 0, maxX: 120, maxY: 5))
        var every = query
        every.attempts = .all
        let all = try database.positionBounds(every, columns: .target, excludedBatches: [])
        #expect(all == PositionBounds(points: 3, minX: -40, minY: 0, maxX: 120, maxY: 7))
        let touch = try database.positionBounds(every, columns: .touch, excludedBatches: [])
        #expect(touch.points == 0)
        let batches = try database.batches().map(\.id)
        #expect(try database.positionBounds(every, columns: .target, excludedBatches: batches).points == 0)
    }
}
