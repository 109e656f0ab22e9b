import Foundation
import Testing

/// `thumblab import --dry-run`: it reads an existing database to say what is already
/// there, and never writes or creates one.
@Suite struct DryRunTests {
    static let trials = "participant,technique,trial,time_ms,hit\nP1,Direct,1,812.5,1\nP2,Shift,1,700,0\n"

    @Test func contentAlreadyInTheStudyIsNamedWithItsBatch() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        #expect(try sandbox.run(["import", "trials.csv", "--study", "pilot", "--db", "study.sqlite"]).status == 0)
        let before = try sandbox.run(["info", "--format", "json", "--db", "study.sqlite"]).stdout
        try sandbox.write("renamed.csv", Self.trials)

        let text = try sandbox.run(["import", "renamed.csv", "--dry-run", "--study", "pilot", "--db", "study.sqlite"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("renamed.csv: already imported into study 'pilot' as batch 1 on "))
        #expect(text.stdout.hasSuffix(" (same content); nothing changed.\n"))

        let json = try sandbox.run(
            ["import", "renamed.csv", "--dry-run", "--study", "pilot", "--db", "study.sqlite", "--format", "json"])
        let object = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(object["dry_run"] as? Bool == true)
        #expect(object["batch"] is NSNull)
        #expect((object["already_imported"] as? [String: Any])?["id"] as? Int == 1)
        #expect((object["already_imported"] as? [String: Any])?["study"] as? String == "pilot")

        let otherStudy = try sandbox.run([
            "import", "renamed.csv", "--dry-run", "--study", "replication", "--db", "study.sqlite",
        ])
        #expect(
            otherStudy.stdout.hasPrefix(
                "renamed.csv: checked, 2 trials would be imported into study 'replication' (dry run: nothing written).\n"
            ))
        #expect(try sandbox.run(["info", "--format", "json", "--db", "study.sqlite"]).stdout == before)
    }

    @Test func aDatabaseNamedByTHUMBLAB_DBIsReadButNeverCreated() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let missing = try sandbox.run(
            ["import", "trials.csv", "--dry-run"], environment: ["THUMBLAB_DB": "env.sqlite"])
        #expect(missing.status == 0)
        #expect(missing.stdout.hasPrefix("trials.csv: checked, 2 trials would be imported into study 'default'"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("env.sqlite")))

        _ = try sandbox.run(["import", "trials.csv"], environment: ["THUMBLAB_DB": "env.sqlite"])
        let known = try sandbox.run(["import", "trials.csv", "--dry-run"], environment: ["THUMBLAB_DB": "env.sqlite"])
        #expect(known.stdout.hasPrefix("trials.csv: already imported into study 'default' as batch 1 on "))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }
}
