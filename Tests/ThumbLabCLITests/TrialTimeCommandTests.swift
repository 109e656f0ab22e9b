import Foundation
import Testing

/// `thumblab import --trial-time`: the timing model of trials derived from touch events,
/// stated in the summary and the JSON report, and refused input.
@Suite struct TrialTimeCommandTests {
    /// A start tap, then two trials in block 1; block 2's first trial has no start tap.
    static let touches = """
        pid,technique,block,trial,t,x,y,phase,role
        P1,Direct,1,1,1000,50,50,down,start
        P1,Direct,1,1,1060,50,50,up,start
        P1,Direct,1,1,1500,100,200,down,target
        P1,Direct,1,1,1550,100,200,up,target
        P1,Shift,1,2,2300,300,200,down,target
        P1,Shift,1,2,2340,300,200,up,target
        P1,Direct,2,1,5600,10,10,down,target
        P1,Direct,2,1,5650,10,10,up,target

        """

    @Test func theSummaryAndTheJSONReportNameTheModel() throws {
        let sandbox = try Sandbox()
        try sandbox.write("taps.csv", Self.touches)
        let run = try sandbox.run(["import", "taps.csv"])
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                "  timing    trials derived from touch events are timed from the previous selection (the previous trial's or start tap's touch-up, ISO 9241-411 serial task); 1 first trial of a block without a start tap has no time\n"
            ))
        let json = try sandbox.run([
            "import", "taps.csv", "--study", "contact", "--trial-time", "contact", "--format", "json",
        ])
        #expect(json.status == 0)
        let reports = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(reports.first?["trial_time"] as? String == "contact")
        #expect(reports.first?["trials_without_time"] as? Int == 0)
        let summary = try sandbox.run(["summary", "--study", "default", "--format", "json"])
        let selection = try #require(
            (try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])?["selection"]
                as? [String: Any])
        #expect(selection["trial_time"] as? [String] == ["previous"])
    }

    @Test func onsetWithoutAnOnsetColumnIsAUsageError() throws {
        let sandbox = try Sandbox()
        try sandbox.write("taps.csv", Self.touches)
        let run = try sandbox.run(["import", "taps.csv", "--trial-time", "onset"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("onset, onsetms, stimulusonset, targetonset, shownat"))
    }

    @Test func anOnsetAfterItsSelectionIsADataErrorAtTheOnsetValue() throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "onset.csv",
            """
            pid,trial,t,x,y,phase,shown_at
            P1,1,1000,5,5,down,900
            P1,1,1040,5,5,up,900
            P1,2,2000,5,5,down,2100
            P1,2,2040,5,5,up,2100

            """)
        let run = try sandbox.run(["import", "onset.csv"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("onset.csv:4:7: expected a stimulus onset at or before the selection"))
        if FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")) {
            let info = try sandbox.run(["info", "--format", "json"])
            #expect(info.stdout.contains("\"touches\": 0"))
        }
    }
}
