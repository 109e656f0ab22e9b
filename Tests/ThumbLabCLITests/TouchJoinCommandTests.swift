import Foundation
import Testing

/// `thumblab import` and `undo` on a trial log and a touch log of one study, and what a
/// dry run and an undo say.
@Suite struct TouchJoinCommandTests {
    static let trials = """
        pid,technique,block,trial,target_x,target_y,width,time,hit
        P1,Direct,1,1,100,200,40,500,1
        P1,Direct,1,2,300,200,40,700,0
        P1,Direct,1,2,300,200,40,650,1

        """

    static let touches = """
        pid,technique,block,trial,t,x,y,phase
        P1,Direct,1,-1,0,50,50,down
        P1,Direct,1,-1,80,50,50,up
        P1,Direct,1,1,100,101,199,down
        P1,Direct,1,1,180,102,200,up
        P1,Direct,1,2,300,330,200,down
        P1,Direct,1,2,380,330,200,up
        P1,Direct,1,2,400,301,201,down
        P1,Direct,1,2,480,301,201,up
        P1,Direct,1,3,600,200,500,down
        P1,Direct,1,3,660,200,500,up

        """

    @Test func importAndUndoSayHowTheLogsWereJoined() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        try sandbox.write("touches.csv", Self.touches)
        #expect(try sandbox.run(["import", "trials.csv"]).status == 0)
        let touches = try sandbox.run(["import", "touches.csv"])
        #expect(touches.status == 0)
        #expect(
            touches.stdout.contains(
                "  touches   attached 8 touches to 4 trials; derived 1 trial; 2 touches belong to no trial; "
                    + "3 trials of the log matched logged trials\n"))
        #expect(touches.stdout.contains("  outside   2 touches outside every trial"))

        try sandbox.write("more.csv", Self.touches.replacingOccurrences(of: "P1,", with: "P2,"))
        let json = try sandbox.run(["import", "more.csv", "--format", "json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let links = try #require(reports.first?["links"] as? [String: Int])
        #expect(
            links == [
                "attached_touches": 8, "attached_trials": 4, "derived_trials": 4, "covered_trials": 0,
                "touches_without_trial": 2, "replaced_trials": 0, "touches_of_other_batches": 0,
            ])
        #expect(reports.first?["touches_outside_trials"] as? Int == 2)
        #expect(try sandbox.run(["undo", "3"]).status == 0)

        let undo = try sandbox.run(["undo", "1"])
        #expect(undo.status == 0)
        #expect(
            undo.stdout == """
                Removed batch 1: 3 trials from trials.csv (study 'default').
                  touches   6 touches of other imports detached from its trials; 3 trials derived from them are back

                """)
        let undoTouches = try sandbox.run(["undo", "2", "--format", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(undoTouches.stdout.utf8)) as? [String: Any])
        let removed = try #require(object["removed"] as? [String: Any])
        #expect(removed["derived_trials"] as? Int == 4)
        #expect(removed["attached_touches"] as? Int == 8)
        #expect(removed["touches"] as? Int == 10)
    }

    @Test func undoNamesTheRejectedRows() throws {
        let sandbox = try Sandbox()
        try sandbox.write("a.csv", "participant,technique,time_ms\nP1,Direct,100\nP2,Direct,fast\n")
        #expect(try sandbox.run(["import", "a.csv", "--skip-invalid"]).status == 0)
        let undo = try sandbox.run(["undo", "1"])
        #expect(
            undo.stdout == """
                Removed batch 1: 1 trial from a.csv (study 'default').
                  rejected  1 rejected row recorded by --skip-invalid

                """)
    }

    @Test func aStrictDryRunShowsTheColumnsAndNeverClaimsADatabase() throws {
        let sandbox = try Sandbox()
        try sandbox.write("a.csv", "pid,technique,time_ms\nP1,Direct,100\nP2,Direct,fast\n")
        let run = try sandbox.run(["import", "a.csv", "--dry-run"])
        #expect(run.status == 65)
        #expect(
            run.stdout == """
                a.csv: checked, its rows have problems (listed below); its columns would be read so:
                  study     default (the default; --study NAME names another)
                  kind      trials (detected from the columns)
                  format    csv
                  fields    pid -> participant, time_ms
                  factors   technique

                """)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Error: a.csv:3:") == true)
        #expect(lines.last == "Error: Dry run: nothing was written, and there is no study database yet.")
        #expect(!run.stderr.contains("unchanged"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))

        #expect(try sandbox.run(["import", "a.csv", "--skip-invalid"]).status == 0)
        try sandbox.write("b.csv", "pid,technique,time_ms\nP3,Direct,slow\n")
        let withDatabase = try sandbox.run(["import", "b.csv", "--dry-run"])
        #expect(withDatabase.stderr.hasSuffix("Error: Dry run: nothing was written; the database is unchanged.\n"))
    }
}
