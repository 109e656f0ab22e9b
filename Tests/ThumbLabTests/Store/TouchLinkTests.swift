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
                try writer.add(TrialRecord(participant: participant, block: 1, trial: number, timeMS: 90, line: index + 2))
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
