import Foundation
import Testing

@testable import ThumbLab

@Suite struct BatchWriterTests {
    @Test func committedTrialsAreStoredWithTheirBatchParticipantAndCondition() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("log.csv"))
        try writer.declareFactors(["technique", "size"])
        try writer.add(trial("P01", ["Shift", "3.6"], trial: 1, time: 812.5, hit: false, line: 2))
        try writer.add(
            TrialRecord(participant: "P01", levels: ["Shift", "9.6"], trial: 2, timeMS: 640, line: 3))
        try writer.add(trial("P02", ["Direct", "3.6"], trial: 1, line: 4))
        let summary = try writer.commit()

        #expect(summary.rows == 3)
        #expect(summary.rejected == 0)
        #expect(summary.study == "s1")
        #expect(summary.kind == .trials)
        #expect(summary.source == "log.csv")
        #expect(try database.batches() == [summary])
        #expect(abs(summary.importedAt.timeIntervalSinceNow) < 60)
        #expect(
            try rows(
                database,
                """
                SELECT participant, condition, block, trial, attempt, target_x, touch_y, time_ms,
                    hit, errors, line, batch_id
                FROM trial_long ORDER BY id
                """)
                == [
                    "P01|technique=Shift; size=3.6|1|1|1|10.0|21.0|812.5|0|NULL|2|\(summary.id)",
                    "P01|technique=Shift; size=9.6|NULL|2|1|NULL|NULL|640.0|NULL|NULL|3|\(summary.id)",
                    "P02|technique=Direct; size=3.6|1|1|1|10.0|21.0|500.0|1|NULL|4|\(summary.id)",
                ])
        #expect(
            try rows(database, "SELECT factor, level FROM condition_long ORDER BY condition_id, factor")
                == [
                    "size|3.6", "technique|Shift", "size|9.6", "technique|Shift", "size|3.6",
                    "technique|Direct",
                ])
    }

    @Test func nonASCIILevelsAndLabelsAreKeptExactly() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("umlaut.csv", study: "Studie Ü"))
        try writer.declareFactors(["Technik", "Größe"])
        try writer.add(trial("Jürgen", ["Daumen→Ecke", "9,6 mm"], trial: 1))
        try writer.add(trial("", ["", "日本語"], trial: 1))
        _ = try writer.commit()
        #expect(
            try rows(database, "SELECT participant, condition FROM trial_long ORDER BY id") == [
                "Jürgen|Technik=Daumen→Ecke; Größe=9,6 mm", "|Technik=; Größe=日本語",
            ])
        #expect(
            try database.info().studyFactors == [
                StudyFactors(
                    study: "Studie Ü",
                    factors: [
                        FactorLevels(name: "Technik", levels: ["Daumen→Ecke", ""]),
                        FactorLevels(name: "Größe", levels: ["9,6 mm", "日本語"]),
                    ])
            ])
    }

    @Test func touchesAndResponsesAreStored() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let touches = try database.beginImport(
            NewBatch(study: "s1", source: "touch.jsonl", sha256: "01", format: "jsonl", kind: .touches))
        try touches.declareFactors(["technique"])
        for (t, phase) in [(0.0, TouchPhase.down), (16, .move), (120, .up)] {
            try touches.add(
                TouchRecord(
                    participant: "P1", levels: ["Direct"], block: 1, trial: 4, timeMS: t, x: 3, y: 4,
                    phase: phase))
        }
        #expect(try touches.commit().rows == 3)
        let responses = try database.beginImport(
            NewBatch(study: "s1", source: "sus.csv", sha256: "02", format: "csv", kind: .responses))
        try responses.declareFactors(["technique"])
        try responses.add(
            ResponseRecord(participant: "P1", levels: ["Direct"], instrument: "SUS", item: "1", value: 4))
        #expect(try responses.commit().rows == 1)
        #expect(
            try rows(database, "SELECT participant, condition, t_ms, phase, trial_id FROM touch_long ORDER BY id")
                == [
                    "P1|technique=Direct|0.0|down|NULL", "P1|technique=Direct|16.0|move|NULL",
                    "P1|technique=Direct|120.0|up|NULL",
                ])
        #expect(
            try rows(database, "SELECT participant, condition, instrument, item, value FROM response_long")
                == ["P1|technique=Direct|SUS|1|4.0"])
        // One participant and one condition, shared by both batches.
        #expect(try scalar(database, "SELECT count(*) FROM participant") == 1)
        #expect(try scalar(database, "SELECT count(*) FROM condition") == 1)
    }

    @Test func rejectedRowsAreRecordedWithTheirBatch() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("glitch.csv"))
        try writer.add(trial("P1", [], trial: 1, line: 2))
        try writer.addRejected(line: 3, reason: "time_ms: expected a time ≥ 0, found -5", raw: "P1,2,-5")
        try writer.addRejected(line: 7, reason: "participant: empty", raw: ",3,400")
        let summary = try writer.commit()
        #expect(summary.rows == 1)
        #expect(summary.rejected == 2)
        #expect(
            try database.rejectedRows(batch: summary.id) == [
                RejectedRow(
                    batch: summary.id, file: "glitch.csv", line: 3, reason: "time_ms: expected a time ≥ 0, found -5",
                    raw: "P1,2,-5"),
                RejectedRow(
                    batch: summary.id, file: "glitch.csv", line: 7, reason: "participant: empty", raw: ",3,400"),
            ])
        #expect(try database.info().rejected == 2)
    }

    @Test func rollbackLeavesTheDatabaseExactlyAsBefore() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let first = try database.beginImport(.trials("a.csv"))
        try first.declareFactors(["technique"])
        try first.add(trial("P1", ["Direct"], trial: 1))
        _ = try first.commit()
        let before = try snapshot(database)

        let second = try database.beginImport(.trials("b.csv", study: "other"))
        try second.declareFactors(["technique", "posture"])
        for n in 1...500 { try second.add(trial("P\(n % 7)", ["Shift", "walking"], trial: n)) }
        try second.addRejected(line: 9, reason: "bad", raw: "x")
        second.rollback()
        #expect(try snapshot(database) == before)
        #expect(throws: ThumbLabError.self) { try second.add(trial("P1", ["Shift", "walking"], trial: 1)) }
        #expect(throws: ThumbLabError.self) { _ = try second.commit() }
    }

    /// An import larger than the page cache spills pages into the log before it ends;
    /// rolled back, the database file's bytes and every row are as when it began, and the
    /// log is emptied.
    @Test func aLargeRolledBackImportLeavesTheFileAsItWas() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let first = try database.beginImport(.trials("a.csv"))
        for n in 1...100 { try first.add(trial("P1", [], trial: n)) }
        _ = try first.commit()
        let before = try snapshot(database)

        let writer = try database.beginImport(.trials("big.csv"))
        let bytes = FileManager.default.contents(atPath: folder.path("study.sqlite"))
        for n in 1...20_000 { try writer.add(trial("P\(n % 40)", [], trial: n, time: Double(n))) }
        let longRow = String(repeating: "x,", count: 4096)
        for n in 1...2_000 { try writer.addRejected(line: n, reason: "bad", raw: longRow) }
        // The scenario holds: pages did spill into the log.
        let logPath = folder.path("study.sqlite-wal")
        #expect((try FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int ?? 0) > 4_000_000)
        writer.rollback()
        #expect((try FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int ?? 0) == 0)
        #expect(FileManager.default.contents(atPath: folder.path("study.sqlite")) == bytes)
        #expect(try snapshot(database) == before)
        #expect(try folder.database().info().trials == 100)
    }

    @Test func aWriterDroppedWithoutCommitRollsBack() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let before = try snapshot(database)
        do {
            let writer = try database.beginImport(.trials("dropped.csv"))
            try writer.add(trial("P1", [], trial: 1))
        }
        #expect(try snapshot(database) == before)
        // The connection is free again for the next import.
        let writer = try database.beginImport(.trials("dropped.csv"))
        try writer.add(trial("P1", [], trial: 1))
        #expect(try writer.commit().rows == 1)
    }

    @Test func existingBatchFindsTheSameContentInTheSameStudyOnly() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let batch = NewBatch.trials("log.csv")
        #expect(try database.existingBatch(study: "s1", sha256: batch.sha256) == nil)
        let writer = try database.beginImport(batch)
        try writer.add(trial("P1", [], trial: 1))
        let summary = try writer.commit()
        #expect(try database.existingBatch(study: "s1", sha256: batch.sha256) == summary)
        #expect(try database.existingBatch(study: "s1", sha256: batch.sha256.uppercased()) == summary)
        #expect(try database.existingBatch(study: "s2", sha256: batch.sha256) == nil)
        #expect(throws: ThumbLabError.self) { _ = try database.beginImport(batch) }
        var elsewhere = batch
        elsewhere.study = "s2"
        let again = try database.beginImport(elsewhere)
        try again.add(trial("P1", [], trial: 1))
        #expect(try again.commit().study == "s2")
    }

    @Test func misuseIsReportedAsUsageErrors() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let before = try snapshot(database)
        #expect(throws: ThumbLabError.self) { _ = try database.beginImport(.trials("x.csv", device: "nope")) }
        #expect(try snapshot(database) == before)

        let writer = try database.beginImport(.trials("x.csv"))
        #expect(throws: ThumbLabError.self) { _ = try database.beginImport(.trials("y.csv")) }
        #expect(throws: ThumbLabError.self) { try writer.declareFactors(["a", "a"]) }
        try writer.declareFactors(["a", "b"])
        #expect(throws: ThumbLabError.self) { try writer.declareFactors(["c"]) }
        #expect(throws: ThumbLabError.self) { try writer.add(trial("P1", ["only one"], trial: 1)) }
        writer.rollback()
        #expect(try snapshot(database) == before)
    }

    @Test func aBatchRecordsItsDevice() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let phone = Device(name: "iphone-3g", widthPx: 320, heightPx: 480, ppi: 163)
        try database.addDevice(phone)
        let writer = try database.beginImport(.trials("log.csv", device: "iphone-3g"))
        try writer.add(trial("P1", [], trial: 1))
        let summary = try writer.commit()
        #expect(summary.device == "iphone-3g")
        #expect(try database.device(forBatch: summary.id) == phone)
        #expect(try rows(database, "SELECT device FROM trial_long") == ["iphone-3g"])
    }
}
