import Testing

@testable import ThumbLab

@Suite struct TouchLinkTests {
    /// One writer call: a touch (participant, trial number) or a trial.
    enum Row {
        case touch(String, Int?)
        case trial(String, Int)
    }

    /// Writes the rows as one touch batch and returns, per touch in file order,
    /// "participant trial → attempt" of the trial it is linked to, or "-" when unlinked.
    private func links(
        _ rows: [Row], into database: StudyDatabase, source: String = "taps.csv", kind: RowKind = .touches
    ) throws -> [String] {
        let writer = try database.beginImport(
            NewBatch(study: "s1", source: source, sha256: source, format: "csv", kind: kind))
        for (index, row) in rows.enumerated() {
            switch row {
            case .touch(let participant, let number):
                try writer.add(
                    TouchRecord(
                        participant: participant, block: 1, trial: number, timeMS: Double(index), x: 1, y: 1,
                        phase: .move, line: index + 2))
            case .trial(let participant, let number):
                try writer.add(
                    TrialRecord(participant: participant, block: 1, trial: number, timeMS: 90, line: index + 2))
            }
        }
        _ = try writer.commit()
        return try linkTable(database)
    }

    private func linkTable(_ database: StudyDatabase) throws -> [String] {
        try rows(
            database,
            """
            SELECT CASE WHEN t.id IS NULL THEN '-' ELSE p.label || ' ' || t.trial || '→' || t.attempt END
            FROM touch LEFT JOIN trial t ON t.id = touch.trial_id
            LEFT JOIN participant p ON p.id = t.participant_id
            ORDER BY touch.batch_id, touch.line
            """)
    }

    @Test func touchesLinkToTheTrialDerivedAfterThem() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let result = try links(
            [
                .touch("P1", 1), .touch("P1", 1), .trial("P1", 1), .touch("P1", 2), .touch("P1", 2), .trial("P1", 2),
                .touch("P1", 3), .touch("P1", nil),
            ], into: database)
        #expect(result == ["P1 1→1", "P1 1→1", "P1 2→1", "P1 2→1", "-", "-"])
    }

    @Test func aRepeatedTrialLinksEachGroupToItsOwnAttempt() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let result = try links(
            [
                .touch("P1", 1), .trial("P1", 1), .touch("P1", 2), .trial("P1", 2), .touch("P1", 1),
                .touch("P1", 1), .trial("P1", 1),
            ], into: database)
        #expect(result == ["P1 1→1", "P1 2→1", "P1 1→2", "P1 1→2"])
    }

    @Test func interleavedParticipantsKeepTheirOwnGroups() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let result = try links(
            [.touch("P1", 1), .touch("P2", 1), .touch("P1", 1), .trial("P2", 1), .touch("P2", 2), .trial("P1", 1)],
            into: database)
        #expect(result == ["P1 1→1", "P2 1→1", "P1 1→1", "-"])
    }

    @Test func aTrialBeforeItsTouchesIsFoundAtCommit() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let result = try links([.trial("P1", 1), .touch("P1", 1), .touch("P1", 1)], into: database)
        #expect(result == ["P1 1→1", "P1 1→1"])
    }

    @Test func touchesImportedBeforeTheirTrialLogAreLinkedByIt() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        #expect(try links([.touch("P1", 1), .touch("P1", 2), .touch("P1", 2)], into: database) == ["-", "-", "-"])
        let result = try links(
            [.trial("P1", 1), .trial("P1", 2), .trial("P1", 2)], into: database, source: "trials.csv",
            kind: .trials)
        // Trial 2 has two attempts: its touches cannot tell which, and stay unlinked.
        #expect(result == ["P1 1→1", "-", "-"])
    }

    @Test func aGroupLargerThanTheCapIsStillLinked() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let count = TouchGroups.maxGroupSize + 50
        let result = try links(Array(repeating: .touch("P1", 7), count: count) + [.trial("P1", 7)], into: database)
        #expect(result.count == count)
        #expect(Set(result) == ["P1 7→1"])
    }
}

@Suite struct PredictedRowIDTests {
    /// Should SQLite give a trial another rowid than the writer predicted (here a row is
    /// slipped in behind the writer's back), links and attempts are redone in SQL.
    @Test func linksAndAttemptsSurviveAnUnexpectedRowid() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(
            NewBatch(study: "s1", source: "taps.csv", sha256: "1", format: "csv", kind: .touches))
        for phase in [TouchPhase.down, .up] {
            try writer.add(TouchRecord(participant: "P1", block: 1, trial: 1, timeMS: 0, x: 1, y: 1, phase: phase))
        }
        try writer.add(TrialRecord(participant: "P1", block: 1, trial: 1, timeMS: 90))
        try database.connection.execute(
            """
            INSERT INTO trial (batch_id, participant_id, condition_id, block, trial, attempt, line)
            SELECT \(writer.batchID), id, (SELECT min(id) FROM condition), 1, 1, 1, 0 FROM participant
            """)
        try writer.add(TrialRecord(participant: "P1", block: 1, trial: 2, timeMS: 90))
        _ = try writer.commit()
        #expect(
            try rows(database, "SELECT trial, attempt, line FROM trial ORDER BY id") == ["1|1|0", "1|2|0", "2|1|0"])
        // Trial 1 now has two attempts, so its touches cannot tell which: unlinked, not misdirected.
        #expect(try rows(database, "SELECT trial_id FROM touch") == ["NULL", "NULL"])
    }
}
