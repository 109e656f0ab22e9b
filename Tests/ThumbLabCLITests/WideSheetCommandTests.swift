import Foundation
import Testing

/// A questionnaire sheet in wide form at the shell: the scale asked for, then given; the
/// items and the scale stated; an answer outside the set refused with the option that fixes it.
@Suite struct WideSheetCommandTests {
    static let tlx = """
        participant,interface,mental_demand,physical_demand,temporal_demand,performance,effort,frustration
        1,Touch1T,3,15,12,17,14,18
        1,Gesture2F,1,4,10,13,4,4
        2,Touch1T,5,6,7,8,9,10

        """

    @Test func aTLXSheetAsksForItsScaleThenImportsOnIt() throws {
        let sandbox = try Sandbox()
        try sandbox.write("tlx.csv", Self.tlx)
        let asked = try sandbox.run(["import", "tlx.csv"])
        #expect(asked.status == 65)
        #expect(
            asked.stderr.hasPrefix(
                "Error: tlx.csv:1:3: expected NASA-TLX ratings whose scale the values show, found none above 21 "
                    + "(the largest is 18); give the scale with --scale 0-100, 0-20 or 1-21\n"))
        let run = try sandbox.run(["import", "tlx.csv", "--scale", "0-20"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("tlx.csv: imported 18 responses into study 'default' as batch 1.\n"))
        #expect(
            run.stdout.contains(
                "\n  read      NASA-TLX in wide form, one answer per item column: mental_demand = mental, "
                    + "physical_demand = physical, temporal_demand = temporal, performance, effort, frustration\n"))
        #expect(run.stdout.contains("\n  read      NASA-TLX ratings on 0-20 as given, stored on 0-100 (x 5)\n"))
        #expect(run.stdout.contains("\n  factors   interface\n"))
        let scores = try sandbox.run(["scores", "--format", "csv"])
        #expect(scores.status == 0)
        // Participant 1 on Touch1T: (3 + 15 + 12 + 17 + 14 + 18) x 5 / 6, each subscale x 5.
        #expect(scores.stdout.contains("1,Touch1T,65.83333333333333,15,75,60,85,70,90,1\r\n"))
    }

    @Test func anAnswerWordOutsideTheSetNamesTheLikertOption() throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "seq.csv", "pid,technique,ease\nP1,A,Very easy\nP2,A,Quite easy\n")
        let run = try sandbox.run(["import", "seq.csv", "--instrument", "seq"])
        #expect(run.status == 65)
        #expect(
            run.stderr.hasPrefix(
                "Error: seq.csv:3:3: expected a number or an answer of the SEQ's end labels (Very difficult, Very easy), "
                    + "found 'Quite easy' in ease; give the ordered answers with --likert 'w1,w2,...'\n"))
        #expect(try sandbox.run(["info"]).stdout.contains("  responses     0\n"))
        #expect(try sandbox.run(["import", "seq.csv", "--instrument", "seq", "--dry-run"]).status == 65)
    }
}
