import Foundation
import Testing

/// `thumblab import` of JSON Lines whose objects have different keys, then `info` and a
/// filtered `summary` over the missing values it leaves.
@Suite struct UnevenJSONCommandTests {
    static let log = """
        {"participant": "P1", "trial": 0, "time_ms": 0}
        {"participant": "P1", "technique": "Shift", "trial": 1, "time_ms": 640, "hit": 1, "target_w": 9.6}
        {"participant": "P1", "technique": "Direct", "trial": 2, "time_ms": 700, "hit": 0, "target_w": 3.6}
        {"time_ms": 720, "participant": "P2", "trial": 1, "technique": "Shift", "hit": 1}

        """

    @Test func infoListsMissingAndWhereNeverMatchesIt() throws {
        let sandbox = try Sandbox()
        try sandbox.write("taps.jsonl", Self.log)
        let imported = try sandbox.run(["import", "taps.jsonl"])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("imported 4 trials"))
        let info = try sandbox.run(["info"])
        #expect(info.stdout.contains("technique     2 levels: Shift, Direct, (missing)"))
        let all = try sandbox.run(["summary", "--by", "technique", "--attempts", "all", "--format", "csv"])
        #expect(all.status == 0, "\(all.stderr)")
        let cells = all.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",").first ?? "" }
        #expect(cells == ["Shift", "Direct", "(missing)"])
        let kept = try sandbox.run([
            "summary", "--by", "technique", "--where", "technique=Shift,Direct", "--attempts", "all", "--format", "csv",
        ])
        #expect(kept.status == 0)
        #expect(!kept.stdout.contains("(missing)"))
        #expect(kept.stdout.split(separator: "\r\n").count == 3)
    }
}
