import Foundation
import Testing

/// `thumblab fitts` end to end: a serial tapping log imported into a database, a GoFitts
/// sd1 file read directly, every output format, and the refusals.
@Suite struct FittsCommandTests {
    static let fixtures = repositoryRoot().appendingPathComponent("Tests/ThumbLabTests/Fixtures/fitts")
    static let serial = fixtures.appendingPathComponent("serial_trials.csv").path
    static let sd1 = fixtures.appendingPathComponent("gofitts_B01.sd1").path

    func serialSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["import", Self.serial])
        #expect(run.status == 0, "\(run.stderr)")
        return sandbox
    }

    @Test func printsThroughputFitsAndMethods() throws {
        let sandbox = try serialSandbox()
        let run = try sandbox.run(["fitts", "--by", "technique"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Throughput (mean of means)"))
        #expect(run.stdout.contains("Direct"))
        #expect(run.stdout.contains("Offset"))
        #expect(run.stdout.contains("TP(bps)"))
        #expect(run.stdout.contains("Soukoreff & MacKenzie (2004"))
    }

    @Test func jsonHasCellsFitsAndSequences() throws {
        let sandbox = try serialSandbox()
        let run = try sandbox.run(["fitts", "--by", "technique", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let cells = try #require(object["cells"] as? [[String: Any]])
        #expect(cells.count == 2)
        #expect(cells.first?["technique"] as? String == "Direct")
        #expect((cells.first?["TP(bps)"] as? Double).map { $0 > 3 && $0 < 6 } == true)
        #expect((object["sequences"] as? [Any])?.count == 36)
        #expect((object["selection"] as? [String: Any])?["attempts"] as? String == "all")
        #expect(object["methods"] is String)
    }

    @Test func compareMeasuresThroughput() throws {
        let sandbox = try serialSandbox()
        let run = try sandbox.run(["compare", "--measure", "throughput", "--factor", "technique", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["measure"] as? String == "throughput")
        #expect(object["aggregate"] as? String == "mean")
        #expect((object["levels"] as? [Any])?.count == 2)
        let refused = try sandbox.run([
            "compare", "--measure", "throughput", "--factor", "technique", "--aggregate", "median",
        ])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--aggregate does not apply to throughput"))
    }

    @Test func sd2RowsPutFactorsFirst() throws {
        let sandbox = try serialSandbox()
        let run = try sandbox.run(["fitts", "--format", "sd2"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(whereSeparator: \.isNewline)
        #expect(
            lines.first == "Participant,technique,amplitude,Block,Trials,A,W,ID,Ae,We,IDe(bits),MT(ms),ER(%),TP(bps)")
        #expect(lines.count == 37)
    }

    @Test func readsAGoFittsFileAndDrawsTheChart() throws {
        let sandbox = try Sandbox()
        let text = try sandbox.run(["fitts", "--gofitts", Self.sd1, "--format", "sd2"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.hasPrefix(
                "Participant,App,Condition,Session,Group,TaskType,SelectionMethod,InteractionMethod,Block,Trials,A,W"))
        #expect(text.stdout.contains("P00,FittsTask,C00,S00,G00,2D,MB,PS,1,15,400,20,"))
        let svg = try sandbox.run(["fitts", "--gofitts", Self.sd1, "--out", "fitts.svg"])
        #expect(svg.status == 0, "\(svg.stderr)")
        let figure = try String(contentsOfFile: sandbox.path("fitts.svg"), encoding: .utf8)
        #expect(figure.contains("<svg"))
        #expect(figure.contains("Effective index of difficulty IDe (bits)"))
        #expect(figure.contains("MT = "))
    }

    @Test func importsAGoFittsFileAsTrials() throws {
        let sandbox = try Sandbox()
        let imported = try sandbox.run(["import", Self.sd1])
        #expect(imported.status == 0, "\(imported.stderr)")
        let run = try sandbox.run(["fitts", "--format", "sd2"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.count == 10)
        #expect(lines.first?.hasSuffix("Block,Trials,A,W,ID,Ae,We,IDe(bits),MT(ms),ER(%),TP(bps)") == true)
        #expect(lines.dropFirst().allSatisfy { $0.contains(",1,15,") })
        #expect(lines.first?.components(separatedBy: ",").filter { $0 == "A" }.count == 1)
    }

    @Test func refusesTrialsWithoutAmplitudeOrWidth() throws {
        let sandbox = try Sandbox()
        let log = try sandbox.write("log.csv", "participant,time_ms,hit\nP1,500,1\nP1,450,0\n")
        #expect(try sandbox.run(["import", log]).status == 0)
        let run = try sandbox.run(["fitts"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("has an amplitude and a width"))
    }

    @Test func refusesASequenceOfOneTrial() throws {
        let sandbox = try Sandbox()
        let log = try sandbox.write(
            "log.csv",
            "participant,start_x,start_y,target_x,target_y,target_w,touch_x,touch_y,time_ms\nP1,0,0,100,0,20,101,2,500\n"
        )
        #expect(try sandbox.run(["import", log]).status == 0)
        let run = try sandbox.run(["fitts"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("at least two trials"))
    }

    @Test func refusesTrialsWithoutSelectionCoordinates() throws {
        let sandbox = try Sandbox()
        let log = try sandbox.write(
            "log.csv", "participant,start_x,start_y,target_x,target_y,target_w,time_ms\nP1,0,0,100,0,20,500\n")
        #expect(try sandbox.run(["import", log]).status == 0)
        let run = try sandbox.run(["fitts"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("selection coordinates"))
    }

    @Test func reportsABadGoFittsFile() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write("bad.sd1", "Participant,Trial,A,W,Ae,dx,MT(ms),Errors\nP1,0,400,20,401,x,900,0\n")
        let run = try sandbox.run(["fitts", "--gofitts", file])
        #expect(run.status == 65)
        #expect(run.stderr.contains("bad.sd1:2:6"))
        let missing = try sandbox.run(["fitts", "--gofitts", sandbox.path("none.sd1")])
        #expect(missing.status == 66)
    }
}
