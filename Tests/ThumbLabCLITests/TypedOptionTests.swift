import Foundation
import Testing

/// Options read as their declared types, end to end: enum values checked against their
/// cases, numbers parsed, repeatable options kept in order. A refused value stops the
/// command before it touches a database.
@Suite struct TypedOptionTests {
    static let trials = """
        participant,technique,block,trial,time_ms,hit,note,room
        P1,Direct,1,1,812.5,1,ok,A
        P2,Shift,1,1,700,1,fine,B

        """

    @Test(arguments: [
        (
            ["import", "trials.csv", "--kind", "taps"],
            "The value 'taps' is invalid for '--kind'; expected one of 'trials', 'touches', 'responses', 'participants', 'phrases'."
        ),
        (
            ["batches", "--format", "yaml"],
            "The value 'yaml' is invalid for '--format'; expected one of 'text', 'md', 'csv', 'json'."
        ),
        (
            ["device", "list", "--format=html"],
            "The value 'html' is invalid for '--format'; expected one of 'text', 'md', 'csv', 'json'."
        ),
    ])
    func anEnumOptionWithABadValueListsTheChoices(arguments: [String], message: String) throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let run = try sandbox.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("Error: \(message)\nUsage: thumblab "))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }

    @Test(arguments: [
        (["--width", "3 20", "--height", "480", "--ppi", "163"], "--width expects a number, found '3 20'."),
        (["--width", "320", "--height", "4x80", "--ppi", "163"], "--height expects a number, found '4x80'."),
        (["--width", "320", "--height", "480", "--px-per-mm=six"], "--px-per-mm expects a number, found 'six'."),
        (["--width", "320", "--height", "480", "--ppi", "inf"], "--ppi expects a number, found 'inf'."),
    ])
    func aBadNumberIsAUsageErrorNamingTheOption(options: [String], message: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["device", "add", "phone"] + options)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("Error: \(message)\nUsage: thumblab device add <name> --width <px> "))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }

    @Test func aRepeatableOptionKeepsEveryValue() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let run = try sandbox.run(["import", "trials.csv", "--ignore", "note", "--ignore=room", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let reports = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(reports.first?["factors"] as? [String] == ["technique"])
        let once = try sandbox.run(["import", "trials.csv", "--study", "again", "--ignore", "note", "--format", "json"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(once.stdout.utf8)) as? [[String: Any]])
        #expect(report.first?["factors"] as? [String] == ["technique", "room"])
    }

    @Test func aRepeatableOptionChecksEveryValue() throws {
        let sandbox = try Sandbox()
        try sandbox.write("trials.csv", Self.trials)
        let run = try sandbox.run(["import", "trials.csv", "--map", "time_ms=time_ms", "--map", "hit"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix("Error: --map expects field=column, such as --map participant=user_id; found 'hit'.\n")
        )
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }
}
