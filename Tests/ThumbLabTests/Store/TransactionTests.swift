import Foundation
import Testing

@testable import ThumbLab

/// What may and may not happen while an import transaction is open.
@Suite struct TransactionTests {
    @Test func otherWritesOnTheSameConnectionWaitForTheImportToEnd() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let first = try database.beginImport(.trials("a.csv"))
        try first.add(trial("P1", [], trial: 1))
        let batch = try first.commit()

        let writer = try database.beginImport(.trials("b.csv"))
        try writer.add(trial("P2", [], trial: 1))
        #expect(throws: ThumbLabError.self) { try database.undo(batch: batch.id) }
        #expect(throws: ThumbLabError.self) {
            try database.addDevice(Device(name: "phone", widthPx: 1, heightPx: 1, pxPerMM: 1))
        }
        #expect(throws: ThumbLabError.self) {
            try database.setParticipantAttribute(study: "s1", participant: "P1", name: "hand", value: "left")
        }
        // Reads on the importing connection work, and see the open batch.
        #expect(try database.info().batches == 2)
        _ = try writer.commit()
        try database.undo(batch: batch.id)
        #expect(try database.participants(study: "s1") == ["P2"])
    }

    @Test func aDatabaseCanBeOpenedWhileAnotherConnectionImports() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("a.csv"))
        for n in 1...100 { try writer.add(trial("P1", [], trial: n)) }

        let reader = try folder.database()
        #expect(try reader.info().trials == 0)
        #expect(try reader.schemaVersion() == Schema.currentVersion)
        _ = try writer.commit()
        #expect(try reader.info().trials == 100)
    }

    @Test(arguments: ["", "   "])
    func aStudyNeedsAName(name: String) throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        #expect(throws: ThumbLabError.importSetup(.studyWithoutName)) {
            _ = try database.beginImport(.trials("a.csv", study: name))
        }
        #expect(try database.studies().isEmpty)
    }

    @Test func anAttributeNeedsAnImportedParticipant() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        #expect(throws: ThumbLabError.self) {
            try database.setParticipantAttribute(study: "s1", participant: "P1", name: "hand", value: "left")
        }
        let writer = try database.beginImport(.trials("a.csv"))
        try writer.add(trial("P1", [], trial: 1))
        _ = try writer.commit()
        try database.setParticipantAttribute(study: "s1", participant: "P1", name: "hand", value: "left")
        try database.setParticipantAttribute(study: "s1", participant: "P1", name: "hand", value: "right")
        try database.setParticipantAttribute(study: "s1", participant: "P1", name: "hand_length_mm", value: "182")
        #expect(try database.participantAttributes(study: "s1") == ["P1": ["hand": "right", "hand_length_mm": "182"]])
        #expect(try database.participantAttributes(study: "other").isEmpty)
    }

    /// The importer drives the writer through the `RecordSink` protocol.
    @Test func theWriterWorksThroughTheSinkProtocol() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let writer = try database.beginImport(.trials("a.csv"))
        var sink: any RecordSink = writer
        try sink.declareFactors(["technique"])
        try sink.add(trial("P1", ["Direct"], trial: 1))
        try sink.addRejected(line: 3, reason: "bad", raw: "x")
        let summary = try writer.commit()
        #expect((summary.rows, summary.rejected) == (1, 1))
    }
}
