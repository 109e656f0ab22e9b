import Foundation
import Testing

@testable import ThumbLab

@Suite struct InfoTests {
    @Test func anEmptyDatabaseCountsNothing() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let info = try database.info()
        #expect(
            info
                == DatabaseInfo(
                    path: folder.path("study.sqlite"), schemaVersion: Schema.currentVersion, studies: 0,
                    participants: 0, trials: 0, touches: 0, responses: 0, batches: 0, rejected: 0,
                    studyFactors: []))
    }

    @Test func countsEveryKindOfRowAndListsFactorsPerStudy() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let trials = try database.beginImport(.trials("trials.csv", study: "karlson"))
        try trials.declareFactors(["technique", "size"])
        for (p, technique, size) in [("P1", "Direct", "3.6"), ("P1", "Shift", "9.6"), ("P2", "Direct", "9.6")] {
            try trials.add(trial(p, [technique, size], trial: 1))
        }
        try trials.addRejected(line: 5, reason: "negative time", raw: "P2,Shift,3.6,-1")
        _ = try trials.commit()

        let responses = try database.beginImport(
            NewBatch(study: "karlson", source: "sus.csv", sha256: "5", format: "csv", kind: .responses))
        try responses.declareFactors(["technique", "posture"])
        try responses.add(
            ResponseRecord(
                participant: "P3", levels: ["ThumbSpace", "walking"], instrument: "SUS", item: "1", value: 3))
        _ = try responses.commit()

        let touches = try database.beginImport(
            NewBatch(study: "reach", source: "taps.jsonl", sha256: "6", format: "jsonl", kind: .touches))
        try touches.add(TouchRecord(participant: "A", timeMS: 0, x: 0, y: 0, phase: .down))
        try touches.add(TouchRecord(participant: "A", timeMS: 5, x: 0, y: 0, phase: .up))
        _ = try touches.commit()

        let info = try database.info()
        #expect(info.studies == 2)
        #expect(info.participants == 4)
        #expect(info.trials == 3)
        #expect(info.touches == 2)
        #expect(info.responses == 1)
        #expect(info.batches == 3)
        #expect(info.rejected == 1)
        #expect(
            info.studyFactors == [
                StudyFactors(
                    study: "karlson",
                    factors: [
                        FactorLevels(name: "technique", levels: ["Direct", "Shift", "ThumbSpace"]),
                        FactorLevels(name: "size", levels: ["3.6", "9.6"]),
                        FactorLevels(name: "posture", levels: ["walking"]),
                    ]),
                StudyFactors(study: "reach", factors: []),
            ])
        #expect(try database.participants(study: "karlson") == ["P1", "P2", "P3"])
    }
}

@Suite struct DeviceTests {
    @Test func devicesAreAddedListedByNameAndFound() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        let small = Device(name: "iphone-3g", widthPx: 320, heightPx: 480, ppi: 163)
        let large = Device(name: "galaxy", widthPx: 1080, heightPx: 2340, pxPerMM: 16.1)
        try database.addDevice(small)
        try database.addDevice(large)
        #expect(try database.devices() == [large, small])
        #expect(try database.device(named: "iphone-3g") == small)
        #expect(try database.device(named: "IPHONE-3G") == nil)
        #expect(try database.device(named: "pixel") == nil)
        let reopened = try folder.database()
        #expect(try reopened.device(named: "galaxy")?.pxPerMM == 16.1)
    }

    @Test func aDuplicateNameIsAClearError() throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        try database.addDevice(Device(name: "phone", widthPx: 320, heightPx: 480, pxPerMM: 6.4))
        #expect(
            throws: ThumbLabError.device(.exists(name: "phone"))
        ) {
            try database.addDevice(Device(name: "phone", widthPx: 640, heightPx: 960, pxPerMM: 12.8))
        }
        #expect(try database.devices().map(\.widthPx) == [320])
    }

    @Test(arguments: [
        Device(name: "", widthPx: 320, heightPx: 480, pxPerMM: 6),
        Device(name: "  ", widthPx: 320, heightPx: 480, pxPerMM: 6),
        Device(name: "a", widthPx: 0, heightPx: 480, pxPerMM: 6),
        Device(name: "a", widthPx: 320, heightPx: -1, pxPerMM: 6),
        Device(name: "a", widthPx: 320, heightPx: 480, pxPerMM: .nan),
        Device(name: "a", widthPx: .infinity, heightPx: 480, pxPerMM: 6),
    ])
    func invalidDevicesAreRefused(device: Device) throws {
        let folder = try TestDirectory()
        let database = try folder.database()
        #expect(throws: ThumbLabError.self) { try database.addDevice(device) }
        #expect(try database.devices().isEmpty)
    }
}
