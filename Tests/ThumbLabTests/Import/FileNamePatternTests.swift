import Foundation
import Testing

@testable import ThumbLab

/// `{name}` placeholders between literal text, matched against a file's base name.
@Suite struct FileNamePatternTests {
    @Test func placeholdersTakeTheShortestTextThatLetsTheRestMatch() throws {
        let pattern = try FileNamePattern("{participant}_{technique}.csv")
        #expect(pattern.names == ["participant", "technique"])
        #expect(pattern.match("P03_ThumbSpace.csv") == ["P03", "ThumbSpace"])
        #expect(pattern.match("P03_Thumb_Space.csv") == ["P03", "Thumb_Space"])
        #expect(pattern.match("P03_.csv") == nil)
        #expect(pattern.match("P03-ThumbSpace.csv") == nil)
        #expect(pattern.match("P03_ThumbSpace.json") == nil)
        #expect(try FileNamePattern("s{participant}.b{block}.csv").match("s.1.b2.csv") == [".1", "2"])
    }

    @Test func aPatternWithoutADotIgnoresTheExtension() throws {
        let pattern = try FileNamePattern("{participant}_{technique}")
        #expect(pattern.matchedName(ofFileAt: "logs/P03_ThumbSpace.csv") == "P03_ThumbSpace")
        #expect(
            try pattern.values(forFileAt: "logs/P03_ThumbSpace.csv") == [
                ImportConstant(name: "participant", value: "P03", source: .fileName),
                ImportConstant(name: "technique", value: "ThumbSpace", source: .fileName),
            ])
        #expect(throws: ThumbLabError.fileNameMismatch(path: "logs/P04.csv", pattern: "{participant}_{technique}")) {
            try pattern.values(forFileAt: "logs/P04.csv")
        }
    }

    @Test func malformedPatternsAreUsageErrors() {
        for text in ["P01.csv", "{participant}{technique}.csv", "{}_x", "{participant", "x}_{p}", "{p}_{p}"] {
            #expect(throws: ThumbLabError.self, "\(text)") { try FileNamePattern(text) }
        }
    }

    @Test func theFileNameGivesParticipantAndFactorOnImport() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let path = fixture.write("trial,time,hit\n1,500,1\n2,520,0\n", named: "P03_ThumbSpace.csv")
        var options = ImportOptions()
        options.namePattern = try FileNamePattern("{participant}_{technique}.csv")
        let report = try fixture.importer.importFile(at: path, options: options)
        #expect(report.rows == 2)
        #expect(report.constants.map(\.value) == ["P03", "ThumbSpace"])
        let statement = try fixture.database.connection.prepare(
            "SELECT DISTINCT participant, condition FROM trial_long")
        #expect(try statement.step())
        #expect(statement.text(0) == "P03")
        #expect(statement.text(1) == "technique=ThumbSpace")
    }

    @Test func aNameThatDoesNotMatchImportsNothing() throws {
        let fixture = try DatabaseFixture()
        let path = fixture.write("trial,time,hit\n1,500,1\n", named: "P04-Shift.csv")
        var options = ImportOptions()
        options.namePattern = try FileNamePattern("{participant}_{technique}.csv")
        let before = try RowCounts(fixture.database)
        #expect(throws: ThumbLabError.fileNameMismatch(path: path, pattern: "{participant}_{technique}.csv")) {
            try fixture.importer.importFile(at: path, options: options)
        }
        #expect(try RowCounts(fixture.database) == before)
    }

    @Test func aBlockFromTheFileNameMustBeANumber() throws {
        var options = ImportOptions()
        options.namePattern = try FileNamePattern("{participant}_{block}.csv")
        let read = try importInMemory("time\n500\n", named: "P1_B03.csv", options: options)
        #expect(read.sink.trials.map(\.block) == [3])
        let error = #expect(throws: ThumbLabError.self) {
            try importInMemory("time\n500\n", named: "P1_late.csv", options: options)
        }
        guard case .fileNameMismatch(let path, let pattern) = error else {
            Issue.record("expected a file name mismatch, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("/P1_late.csv"))
        #expect(pattern == "{participant}_{block}.csv")
    }
}

/// The constants join the content in the check for a file imported before.
@Suite struct ConstantContentHashTests {
    @Test func theSameContentWithOtherValuesFromItsNameIsAnotherImport() throws {
        let fixture = try DatabaseFixture(seeded: false)
        let first = fixture.write("trial,time,hit\n1,500,1\n", named: "P03_ThumbSpace.csv")
        let second = fixture.write("trial,time,hit\n1,500,1\n", named: "P04_Shift.csv")
        var options = ImportOptions()
        options.namePattern = try FileNamePattern("{participant}_{technique}.csv")
        let one = try fixture.importer.importFile(at: first, options: options)
        let two = try fixture.importer.importFile(at: second, options: options)
        #expect(!one.isNoOp)
        #expect(!two.isNoOp)
        #expect(one.sha256 != two.sha256)
        #expect(try fixture.database.info().participants == 2)
        #expect(try fixture.importer.importFile(at: first, options: options).isNoOp)
        let plain = try FileBytes(path: first).sha256()
        #expect(
            one.sha256
                == ContentHash.keyed(
                    plain,
                    constants: [
                        ImportConstant(name: "technique", value: "ThumbSpace"),
                        ImportConstant(name: "participant", value: "P03"),
                    ]))
    }
}
