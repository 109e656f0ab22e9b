import Foundation
import Testing

/// `thumblab import --set field=value` and `--name-pattern` end to end: what is stored,
/// what the summary says, and the refusals.
@Suite struct ImportConstantCommandTests {
    @Test func setGivesEveryRowTheParticipantAndTheFactor() throws {
        let sandbox = try Sandbox()
        try sandbox.write("pilot.csv", "trial,time,hit\n1,500,1\n2,520,0\n3,480,1\n")
        let run = try sandbox.run(["import", "pilot.csv", "--set", "participant=P01", "--set", "technique=Shift"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.contains("\n  constant  participant = P01, technique = Shift (from --set)\n"))
        #expect(run.stdout.contains("\n  factors   technique\n"))
        let info = try sandbox.run(["info", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(object["participants"] as? Int == 1)
        #expect(object["trials"] as? Int == 3)
        let factors = try #require(object["factors"] as? [String: [String: [String]]])
        #expect(factors["default"]?["technique"] == ["Shift"])
        let json = try sandbox.run(["import", "pilot.csv", "--study", "b", "--set", "pid=P02", "--format", "json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let constants = try #require(reports.first?["constants"] as? [[String: Any]])
        #expect(constants.first?["name"] as? String == "pid")
        #expect(constants.first?["field"] as? String == "participant")
        #expect(constants.first?["value"] as? String == "P02")
        #expect(constants.first?["source"] as? String == "given")
    }

    @Test func setOfAColumnTheFileHasExits64NamingTheColumn() throws {
        let sandbox = try Sandbox()
        try sandbox.write("log.csv", "pid,technique,time\nP1,Direct,500\n")
        let run = try sandbox.run(["import", "log.csv", "--set", "participant=P01"])
        #expect(run.status == 64)
        #expect(
            run.stderr
                == "Error: participant=P01 (given) sets the field participant, which the file has as column 'pid' (column 1); leave out the constant, or ignore the column\n"
        )
        let factor = try sandbox.run(["import", "log.csv", "--set", "technique=Shift"])
        #expect(factor.status == 64)
        #expect(factor.stderr.contains("column 'technique' (column 2)"))
        let info = try sandbox.run(["info", "--format", "json"])
        #expect(info.status == 66 || info.stdout.contains("\"trials\": 0"))
    }

    @Test func namePatternGivesParticipantAndTechniqueFromTheFileName() throws {
        let sandbox = try Sandbox()
        try sandbox.write("P03_ThumbSpace.csv", "trial,time,hit\n1,500,1\n2,520,0\n")
        let run = try sandbox.run(["import", "P03_ThumbSpace.csv", "--name-pattern", "{participant}_{technique}.csv"])
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                "\n  file name participant = P03, technique = ThumbSpace (from --name-pattern '{participant}_{technique}.csv')\n"
            ))
        let info = try sandbox.run(["info"])
        #expect(info.stdout.contains("\n  technique     1 level: ThumbSpace\n"))
        #expect(info.stdout.contains("\n  participants  1\n"))
    }

    @Test func filesOfTheSameContentWithOtherNamesAreEachImported() throws {
        let sandbox = try Sandbox()
        try sandbox.write("P03_ThumbSpace.csv", "trial,time,hit\n1,500,1\n")
        try sandbox.write("P04_Shift.csv", "trial,time,hit\n1,500,1\n")
        let pattern = ["--name-pattern", "{participant}_{technique}.csv"]
        let run = try sandbox.run(["import", "P03_ThumbSpace.csv", "P04_Shift.csv"] + pattern)
        #expect(run.status == 0)
        #expect(run.stdout.contains("P04_Shift.csv: imported 1 trial into study 'default' as batch 2."))
        let info = try sandbox.run(["info"])
        #expect(info.stdout.contains("\n  participants  2\n"))
        #expect(info.stdout.contains("\n  technique     2 levels: ThumbSpace, Shift\n"))
        let again = try sandbox.run(["import", "P03_ThumbSpace.csv"] + pattern)
        #expect(again.stdout.contains("already imported into study 'default' as batch 1"))
    }

    @Test func aNameThatDoesNotMatchExits65AndNoFileIsImported() throws {
        let sandbox = try Sandbox()
        try sandbox.write("P03_ThumbSpace.csv", "trial,time,hit\n1,500,1\n")
        try sandbox.write("P04-Shift.csv", "trial,time,hit\n1,510,0\n")
        let run = try sandbox.run([
            "import", "P03_ThumbSpace.csv", "P04-Shift.csv", "--name-pattern", "{participant}_{technique}.csv",
        ])
        #expect(run.status == 65)
        #expect(
            run.stderr.hasPrefix(
                "Error: The name of 'P04-Shift.csv' does not match --name-pattern '{participant}_{technique}.csv'"))
        #expect(run.stderr.hasSuffix("Error: Nothing was imported; the database is unchanged.\n"))
        #expect(run.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }

    @Test func aFieldGivenBothWaysOrAMalformedPatternExits64() throws {
        let sandbox = try Sandbox()
        try sandbox.write("P03_ThumbSpace.csv", "trial,time,hit\n1,500,1\n")
        let both = try sandbox.run([
            "import", "P03_ThumbSpace.csv", "--set", "technique=Shift", "--name-pattern", "{participant}_{technique}",
        ])
        #expect(both.status == 64)
        #expect(
            both.stderr.hasPrefix(
                "Error: --set technique=... and {technique} of --name-pattern both give technique; give it one way"))
        let malformed = try sandbox.run(["import", "P03_ThumbSpace.csv", "--name-pattern", "{participant}{technique}"])
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("need literal text between them"))
    }

    @Test func aOnePersonPilotOfAPointingExperimentImportsWithSet() throws {
        let sandbox = try Sandbox()
        try sandbox.write("pilot.csv", "A,W,MT,ID\n256,32,612,3.17\n256,64,488,2.32\n512,32,790,4.09\n")
        let refused = try sandbox.run(["import", "pilot.csv"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("or give every row one with --set participant=P01"))
        let run = try sandbox.run(["import", "pilot.csv", "--set", "participant=P01"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("\n  fields    W -> target_w, MT -> time_ms\n"))
        #expect(run.stdout.contains("\n  factors   A, ID\n"))
        #expect(run.stdout.hasPrefix("pilot.csv: imported 3 trials into study 'default' as batch 1."))
    }

    @Test func helpDescribesSetAndNamePattern() throws {
        let sandbox = try Sandbox()
        let help = try sandbox.run(["help", "import"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--set <field=value>"))
        #expect(help.stdout.contains("--name-pattern <pattern>"))
        // The details are in the article the help names.
        #expect(help.stdout.contains("Sources/ThumbLab/ThumbLab.docc/Importing.md"))
        let article = try String(
            contentsOf: repositoryRoot().appendingPathComponent("Sources/ThumbLab/ThumbLab.docc/Importing.md"),
            encoding: .utf8)
        #expect(HelpTests.unwrapped(article).contains("takes the shortest text that lets the rest match"))
    }
}
