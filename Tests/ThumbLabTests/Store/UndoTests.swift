import Testing

@testable import ThumbLab

@Suite struct UndoTests {
    private func importTrials(
        _ database: StudyDatabase, _ source: String, study: String = "s1",
        participants: [String], levels: [String]
    ) throws -> BatchSummary {
        let writer = try database.beginImport(.trials(source, study: study))
        try writer.declareFactors(["technique"])
        for participant in participants {
            for (n, level) in levels.enumerated() {
                try writer.add(trial(participant, [level], trial: n + 1))
            }
        }
        try writer.addRejected(line: 99, reason: "bad", raw: "raw")
        return try writer.commit()
    }

    @Test func undoRemovesTheBatchAndWhatOnlyItUsed() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        _ = try importTrials(database, "a.csv", participants: ["P1", "P2"], levels: ["Direct", "Shift"])
        let afterFirst = try snapshot(database)
        let second = try importTrials(
            database, "b.csv", participants: ["P2", "P3"], levels: ["Shift", "ThumbSpace"])
        #expect(try database.info().participants == 3)

        let removed = try database.undo(batch: second.id)
        #expect(removed == second)
        #expect(try snapshot(database) == afterFirst)
        #expect(try database.batches().map(\.source) == ["a.csv"])
    }

    @Test func anUndoneBatchNumberIsNeverGivenToALaterImport() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        _ = try importTrials(database, "a.csv", participants: ["P1"], levels: ["Direct"])
        let second = try importTrials(database, "b.csv", participants: ["P1"], levels: ["Shift"])
        try database.undo(batch: second.id)
        let third = try importTrials(database, "c.csv", participants: ["P1"], levels: ["Shift"])
        #expect(third.id == second.id + 1)
        #expect(try database.batch(id: second.id) == nil)
    }

    @Test func undoingTheLastBatchOfAStudyRemovesTheStudy() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let empty = try snapshot(database)
        let only = try importTrials(database, "a.csv", participants: ["P1"], levels: ["Direct"])
        let touches = try database.beginImport(
            NewBatch(study: "s1", source: "t.csv", sha256: "77", format: "csv", kind: .touches))
        try touches.declareFactors(["technique"])
        try touches.add(
            TouchRecord(participant: "P1", levels: ["Direct"], block: 1, trial: 1, timeMS: 0, x: 0, y: 0, phase: .up))
        let touchBatch = try touches.commit()
        #expect(try scalar(database, "SELECT count(*) FROM touch WHERE trial_id IS NOT NULL") == 1)

        try database.undo(batch: only.id)
        // The touch stays, unlinked, with its participant and condition.
        #expect(try rows(database, "SELECT participant, trial_id FROM touch_long") == ["P1|NULL"])
        #expect(try database.info().studies == 1)
        try database.undo(batch: touchBatch.id)
        let info = try database.info()
        #expect(
            [info.studies, info.participants, info.trials, info.touches, info.batches, info.rejected] == [
                0, 0, 0, 0, 0, 0,
            ])
        #expect(try snapshot(database) == empty)
    }

    @Test func undoKeepsOtherStudiesUntouched() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let a = try importTrials(database, "a.csv", study: "one", participants: ["P1"], levels: ["X"])
        _ = try importTrials(database, "a.csv", study: "two", participants: ["P1"], levels: ["X"])
        try database.undo(batch: a.id)
        #expect(try database.studies() == ["two"])
        #expect(try rows(database, "SELECT study, participant, condition FROM trial_long") == ["two|P1|technique=X"])
    }

    @Test func undoOfAnUnknownBatchIsAUsageError() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        #expect(throws: ThumbLabError.batch(.unknown(id: 42))) {
            try database.undo(batch: 42)
        }
    }

    @Test func undoRemovesAttributesOfParticipantsItRemoves() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let batch = try importTrials(database, "a.csv", participants: ["P1"], levels: ["X"])
        try database.setParticipantAttribute(study: "s1", participant: "P1", name: "handedness", value: "right")
        #expect(try database.participantAttributes(study: "s1") == ["P1": ["handedness": "right"]])
        try database.undo(batch: batch.id)
        #expect(try scalar(database, "SELECT count(*) FROM participant_attribute") == 0)
    }
}
