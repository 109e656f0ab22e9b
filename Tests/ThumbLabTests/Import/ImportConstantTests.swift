import Foundation
import Testing

@testable import ThumbLab

/// Values a file holds in no column: given with the import (``ImportOptions/constants``)
/// or read from its name (``ImportOptions/namePattern``).
@Suite struct ImportConstantTests {
    /// Options with `constants`.
    private func given(_ constants: ImportConstant..., ignore: [String] = []) -> ImportOptions {
        var options = ImportOptions(ignore: ignore)
        options.constants = constants
        return options
    }

    /// Participant, condition and block of every stored trial, in id order.
    private func rows(_ database: StudyDatabase) throws -> [String] {
        let statement = try database.connection.prepare(
            "SELECT participant, condition, coalesce(block, '-'), coalesce(trial, '-') FROM trial_long ORDER BY id")
        var result: [String] = []
        while try statement.step() {
            result.append("\(statement.text(0)) | \(statement.text(1)) | \(statement.text(2)) | \(statement.text(3))")
        }
        return result
    }

    @Test func aConstantParticipantAndFactorReachEveryRow() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write("trial,time,hit\n1,500,1\n2,520,0\n3,480,1\n", named: "pilot.csv")
        var options = ImportOptions()
        options.constants = [
            ImportConstant(name: "participant", value: "P01"), ImportConstant(name: "technique", value: "Shift"),
        ]
        let report = try fixture.importer.importFile(at: path, options: options)
        #expect(report.rows == 3)
        #expect(report.factors == ["technique"])
        #expect(report.constants == options.constants)
        #expect(
            try rows(fixture.database) == [
                "P01 | technique=Shift | - | 1", "P01 | technique=Shift | - | 2", "P01 | technique=Shift | - | 3",
            ])
    }

    @Test func aConstantJoinsTheFilesOwnFactorsAndSetsTheBlock() throws {
        let read = try importInMemory(
            "pid,hand,time\nP1,left,500\nP1,right,510\n",
            options: given(
                ImportConstant(name: "mobility", value: "walking"), ImportConstant(name: "block", value: "B02")))
        #expect(read.sink.factors == ["hand", "mobility"])
        #expect(read.sink.trials.map(\.levels) == [["left", "walking"], ["right", "walking"]])
        #expect(read.sink.trials.map(\.block) == [2, 2])
    }

    @Test func aTouchLogsDerivedTrialsGetTheConstantParticipant() throws {
        let read = try importInMemory(
            "trial,timestamp,x,y,phase\n1,0,10,10,down\n1,90,11,10,up\n",
            options: given(ImportConstant(name: "participant", value: "P07")))
        #expect(read.sink.touches.map(\.participant) == ["P07", "P07"])
        #expect(read.sink.trials.map(\.participant) == ["P07"])
    }

    @Test func answersWithoutAnInstrumentColumnTakeTheConstantAndAreStored() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write(
            "pid,technique,item,rating\nP1,A,mental,50\nP1,A,physical,20\nP2,A,mental,40\n", named: "tlx.csv")
        let report = try fixture.importer.importFile(
            at: path, options: given(ImportConstant(name: "instrument", value: "NASA-TLX")))
        #expect(report.kind == .responses && report.rows == 3 && report.batch?.rows == 3)
        let statement = try fixture.database.connection.prepare(
            "SELECT instrument, item, value FROM response ORDER BY id")
        var stored: [String] = []
        while try statement.step() { stored.append("\(statement.text(0)) \(statement.text(1)) \(statement.double(2))") }
        #expect(stored == ["NASA-TLX mental 50.0", "NASA-TLX physical 20.0", "NASA-TLX mental 40.0"])
    }

    @Test func aConstantOfAColumnTheFileHasIsRefusedNamingTheColumn() throws {
        let cases: [(ImportConstant, ImportSetupProblem, String)] = [
            (
                ImportConstant(name: "participant", value: "P01"),
                .constantHasColumn(
                    constant: .init(name: "participant", value: "P01", fromFileName: false), field: "participant",
                    column: "pid", index: 1),
                "participant=P01 (given) sets the field participant, which the file has as column 'pid' (column 1); leave out the constant, or ignore the column"
            ),
            (
                ImportConstant(name: "Technique", value: "Shift"),
                .constantHasColumn(
                    constant: .init(name: "Technique", value: "Shift", fromFileName: false), field: nil,
                    column: "technique", index: 2),
                "Technique=Shift (given) sets the factor Technique, which the file has as column 'technique' (column 2); leave out the constant, or ignore the column"
            ),
        ]
        for (constant, problem, message) in cases {
            #expect(throws: ThumbLabError.importSetup(problem)) {
                try importInMemory("pid,technique,time\nP1,Direct,500\n", options: given(constant))
            }
            #expect(problem.description == message)
        }
        // An ignored column leaves its name free.
        let read = try importInMemory(
            "pid,technique,time\nP1,Direct,500\n",
            options: given(ImportConstant(name: "technique", value: "Shift"), ignore: ["technique"]))
        #expect(read.sink.trials.map(\.levels) == [["Shift"]])
    }

    @Test func aMeasureOrABadNumberCannotBeAConstant() throws {
        #expect(throws: ThumbLabError.self) {
            try importInMemory("pid,hit\nP1,1\n", options: given(ImportConstant(name: "time", value: "5")))
        }
        let notANumber = ImportSetupProblem.constantNotWholeNumber(
            constant: .init(name: "block", value: "two", fromFileName: false), field: "block")
        #expect(notANumber.description == "block=two (given): block is a whole number, found 'two'")
        #expect(throws: ThumbLabError.importSetup(notANumber)) {
            try importInMemory("pid,time\nP1,5\n", options: given(ImportConstant(name: "block", value: "two")))
        }
    }

    @Test func aOnePersonFittsFileImportsWithAConstantParticipant() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write("A,W,MT,ID\n256,32,612,3.17\n256,64,488,2.32\n512,32,790,4.09\n", named: "fitts.csv")
        let refused = problems { _ = try fixture.importer.importFile(at: path, options: ImportOptions()) }
        #expect(
            refused?.problems.first?.remedy
                == .mapMissingField(field: "participant", byConstant: true, detectedKind: nil))
        let report = try fixture.importer.importFile(
            at: path, options: given(ImportConstant(name: "participant", value: "P01")))
        #expect(report.rows == 3)
        #expect(report.columns.map(\.field) == ["target_w", "time_ms"])
        #expect(report.factors == ["A", "ID"])
        #expect(try rows(fixture.database).first == "P01 | A=256; ID=3.17 | - | -")
    }
}
