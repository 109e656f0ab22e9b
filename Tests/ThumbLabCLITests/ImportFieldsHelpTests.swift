import Foundation
import Testing

@testable import thumblab

/// `thumblab help import` lists every field of every kind with its database column, value
/// and aliases, and `--map` takes database column names.
@Suite struct ImportFieldsHelpTests {
    @Test func importHelpListsTheFieldsOfEveryKind() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["help", "import"])
        #expect(run.status == 0)
        let section = try #require(ImportCommand.spec.sections.first)
        #expect(section.title == "FIELDS")
        #expect(run.stdout.contains("\n\nFIELDS:\n\(section.body)\n\nEXAMPLES:\n"))
        for line in [
            "  trials:", "  touches:", "  responses:",
            "    participant      text; participant.label; aliases: participant,",
            "    timestamp        ms; touch.t_ms; aliases: t, timestamp, time, timems, ts,",
            "    target_w         px, or --units; trial.target_width; aliases: targetw,",
            "    value            number; response.value; aliases: value, score, rating,",
        ] {
            #expect(run.stdout.split(separator: "\n").contains(Substring(line)), "\(line)")
        }
    }

    @Test func mapTakesTheDatabaseColumnNames() throws {
        let sandbox = try Sandbox()
        try sandbox.write("log.csv", "who,size,mt\nP1,44,500\n")
        let run = try sandbox.run(["import", "log.csv", "--map", "participant=who", "--map", "target_width=size"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("\n  fields    who -> participant, size -> target_w, mt -> time_ms\n"))
    }
}
