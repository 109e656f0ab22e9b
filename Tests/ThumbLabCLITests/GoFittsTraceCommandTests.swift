import Foundation
import Testing

/// `thumblab import` of GoFitts' sd3 traces beside the sd1 trials, `thumblab fitts` on
/// them, and a malformed trace file.
@Suite struct GoFittsTraceCommandTests {
    static let fixtures = repositoryRoot().appendingPathComponent("Tests/ThumbLabTests/Fixtures/fitts")

    @Test func importsTracesAsTouchesOfTheLoggedTrials() throws {
        let sandbox = try Sandbox()
        let sd3 = Self.fixtures.appendingPathComponent("gofitts_B01.sd3").path
        let sd1 = Self.fixtures.appendingPathComponent("gofitts_B01.sd1").path
        let traces = try sandbox.run(["import", sd3])
        #expect(traces.status == 0, "\(traces.stderr)")
        #expect(traces.stdout.contains("format    sd3"))
        #expect(traces.stdout.contains("derived 135 trials"))
        let trials = try sandbox.run(["import", sd1])
        #expect(trials.status == 0, "\(trials.stderr)")
        #expect(trials.stdout.contains("took over 135 trials derived from touch logs"))
        let run = try sandbox.run(["fitts", "--format", "sd2"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(whereSeparator: \.isNewline).map { $0.components(separatedBy: ",") }
        let sd2 = try String(
            contentsOfFile: Self.fixtures.appendingPathComponent("gofitts_B01.sd2").path, encoding: .utf8
        )
        .split(whereSeparator: \.isNewline).map { $0.components(separatedBy: ",") }
        let ae = try #require(lines.first?.firstIndex(of: "Ae"))
        let expectedAe = try #require(sd2.first?.firstIndex(of: "Ae"))
        #expect(lines.count == 10)
        for (row, expected) in zip(lines.dropFirst(), sd2.dropFirst()) {
            let value = try #require(Double(row[ae]))
            let reference = try #require(Double(expected[expectedAe]))
            #expect(abs(value - reference) <= 0.055)
        }
        let text = try sandbox.run(["fitts"])
        #expect(text.stdout.contains("Ae of every sequence from the touch traces"))
    }

    @Test func reportsAMalformedTraceFile() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(
            "bad.sd3",
            "TRACE DATA\nParticipant,A,W,Trial,from_x,from_y,to_x,to_y,{t_x_y}\nP1,400,20,0,0,0,400,0,t=,0,10\n"
                + "P1,400,20,0,0,0,400,0,x=,0,4x0\nP1,400,20,0,0,0,400,0,y=,0,0\n")
        let run = try sandbox.run(["import", file])
        #expect(run.status == 65)
        #expect(run.stderr.contains("bad.sd3:4:11"), "\(run.stderr)")
        let headless = try sandbox.write("headless.sd3", "P1,400,20,0,0,0,400,0,t=,0,10\n")
        let missing = try sandbox.run(["import", headless])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("headless.sd3:1:1"), "\(missing.stderr)")
    }
}
