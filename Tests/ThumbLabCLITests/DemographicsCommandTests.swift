import Foundation
import Testing

/// A demographics file at the shell: imported before the log, listed by `info`, opening
/// the report's Dataset section, and undone by `undo`.
@Suite struct DemographicsCommandTests {
    static let people = """
        participant,age,gender,handedness
        P1,24,female,right
        P2,31,male,left
        P3,27,female,right

        """
    static let log = """
        participant,technique,time_ms,hit
        P1,Direct,500,1
        P1,Shift,610,0
        P2,Direct,540,1
        P2,Shift,650,1
        P4,Direct,520,1
        P4,Shift,600,1

        """

    @Test func theSheetIsImportedListedReportedAndUndone() throws {
        let sandbox = try Sandbox()
        try sandbox.write("people.csv", Self.people)
        try sandbox.write("log.csv", Self.log)
        let imported = try sandbox.run(["import", "people.csv"])
        #expect(imported.status == 0)
        #expect(imported.stdout.hasPrefix("people.csv: imported 3 participants into study 'default' as batch 1.\n"))
        #expect(imported.stdout.contains("\n  kind      participants (detected from the columns)\n"))
        #expect(imported.stdout.contains("\n  attributes age, gender, handedness\n"))
        #expect(try sandbox.run(["import", "log.csv"]).status == 0)

        let info = try sandbox.run(["info"]).stdout
        #expect(info.contains("  attributes    age 3, gender 3, handedness 3 (participants with a value)\n"))
        #expect(info.contains("  1  -        participants default: people.csv\n"))

        let report = try sandbox.run(["report", "--out", "out"])
        #expect(report.status == 0)
        let markdown = try String(contentsOfFile: sandbox.path("out/report.md"), encoding: .utf8)
        #expect(
            markdown.contains(
                """
                ## Dataset and design

                Participants: 3 (gender: 1 female, 1 male, 1 not given; age: M = 27.50, SD = 4.95, range 24–31, n = 2; \
                handedness: 1 left, 1 right, 1 not given). Described by the demographics but without trials here: P3. \
                With trials but not in the demographics: P4.
                """))

        let undo = try sandbox.run(["undo", "1"])
        #expect(undo.status == 0)
        #expect(undo.stdout.contains("\n  attributes 9 attribute values of its participants\n"))
        #expect(try sandbox.run(["info"]).stdout.contains("  participants  3\n"))
    }

    @Test func aRepeatedParticipantExits65AndImportsNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.write("people.csv", Self.people + "P2,32,male,left\n")
        let run = try sandbox.run(["import", "people.csv", "--kind", "participants"])
        #expect(run.status == 65)
        #expect(
            run.stderr.hasPrefix(
                "Error: people.csv:5:1: expected one row per participant, found P2 again (first on line 3)"))
        #expect(try sandbox.run(["batches", "--format", "csv"]).stdout.components(separatedBy: "\r\n").count <= 2)
    }
}
