import Foundation
import Testing

/// The examples of the JSONContract article against what `thumblab` prints: every key an
/// example shows is printed, with the value shown (arrays cut to their first elements,
/// texts ending in `...` to their beginning), and the error examples exit as stated.
@Suite struct JSONContractArticleTests {
    static let article = repositoryRoot().appendingPathComponent("Sources/ThumbLab/ThumbLab.docc/JSONContract.md")

    /// Keys whose values change from run to run.
    static let volatileKeys: Set<String> = ["imported_at"]

    /// The commands of the demo folder's examples, as the article writes them.
    static let demoCommands = [
        "thumblab info --format json",
        "thumblab summary --by technique --exclude block=0 --format json",
        "thumblab compare --factor technique --exclude block=0 --format json",
        "thumblab scores --instrument SUS --format json",
        "thumblab heatmap --format json",
        "thumblab reach --format json",
    ]

    static let pilot = "pid,technique,trial,time_ms,hit\nP1,Direct,1,812.5,1\nP1,Direct,2,790,0\nP1,Shift,1,1020,1\n"

    /// The first ```json block after `command` in the article, parsed.
    static func example(after command: String) throws -> Any {
        let text = try String(contentsOf: article, encoding: .utf8)
        let start = try #require(text.range(of: command), "JSONContract.md does not show `\(command)`")
        let block = try #require(text.range(of: "```json\n", range: start.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "\n```", range: block.upperBound..<text.endIndex))
        return try JSONSerialization.jsonObject(with: Data(text[block.upperBound..<end.lowerBound].utf8))
    }

    /// Where `example` is not shown by `actual`, one line each.
    static func differences(_ example: Any, _ actual: Any, at path: String = "") -> [String] {
        switch example {
        case let object as [String: Any]:
            guard let actual = actual as? [String: Any] else { return ["\(path): not an object"] }
            return object.keys.sorted().flatMap { key -> [String] in
                guard let value = actual[key] else { return ["\(path).\(key): not printed"] }
                return volatileKeys.contains(key) ? [] : differences(object[key]!, value, at: "\(path).\(key)")
            }
        case let array as [Any]:
            guard let actual = actual as? [Any] else { return ["\(path): not an array"] }
            if array.isEmpty != actual.isEmpty || array.count > actual.count {
                return ["\(path): \(actual.count) elements printed, \(array.count) shown"]
            }
            return zip(array, actual).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
        case let text as String:
            guard let actual = actual as? String else { return ["\(path): not a string"] }
            if let cut = text.range(of: "...") {
                return actual.hasPrefix(text[..<cut.lowerBound]) ? [] : ["\(path): '\(actual)' is not '\(text)'"]
            }
            return actual == text ? [] : ["\(path): '\(actual)' is not '\(text)'"]
        case is NSNull:
            return actual is NSNull ? [] : ["\(path): \(actual) is not null"]
        case let number as NSNumber:
            guard let actual = actual as? NSNumber else { return ["\(path): not a number"] }
            return actual == number ? [] : ["\(path): \(actual) is not \(number)"]
        case let flag as Bool:
            return actual as? Bool == flag ? [] : ["\(path): \(actual) is not \(flag)"]
        default:
            return ["\(path): unexpected example value \(example)"]
        }
    }

    static func check(_ run: Run, against command: String) throws {
        #expect(run.status == 0, "\(command): \(run.stderr)")
        let actual = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        let found = differences(try example(after: command), actual)
        #expect(found.isEmpty, "\(command):\n\(found.prefix(10).joined(separator: "\n"))")
    }

    static func arguments(_ command: String) -> [String] {
        Array(command.split(separator: " ").dropFirst().map(String.init))
    }

    @Test func theDemoFolderExamplesAreWhatTheCommandsPrint() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let environment = ["THUMBLAB_DB": "thumblab-demo/study.sqlite"]
        for command in Self.demoCommands {
            try Self.check(try sandbox.run(Self.arguments(command), environment: environment), against: command)
        }
    }

    @Test func theLabelsExampleIsWhatLabelShowPrints() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let environment = ["THUMBLAB_DB": "thumblab-demo/study.sqlite"]
        let set = try sandbox.run(
            ["label", "level", "technique", "ThumbSpace", "Thumb Space"], environment: environment)
        #expect(set.status == 0, "\(set.stderr)")
        let command = "thumblab label show --format json"
        try Self.check(try sandbox.run(Self.arguments(command), environment: environment), against: command)
    }

    @Test func theImportAndUndoExamplesAreWhatTheCommandsPrint() throws {
        let sandbox = try Sandbox()
        try sandbox.write("pilot.csv", Self.pilot)
        for command in ["thumblab import pilot.csv --study pilot --format json", "thumblab undo 1 --format json"] {
            try Self.check(try sandbox.run(Self.arguments(command)), against: command)
        }
    }

    @Test func thePowerExampleIsWhatTheCommandPrints() throws {
        let sandbox = try Sandbox()
        let command = "thumblab power rm-anova --levels 3 --f 0.25 --power 0.8 --format json"
        try Self.check(try sandbox.run(Self.arguments(command)), against: command)
    }

    @Test func theErrorExamplesExitAsStatedAndPrintNothingOnStandardOutput() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let demo = ["THUMBLAB_DB": "thumblab-demo/study.sqlite"]
        try sandbox.write("bad.csv", "pid,technique,trial,time_ms,hit\nP1,Direct,1,fast,1\n")
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let cases: [(command: String, status: Int32, message: String)] = [
            (
                "thumblab compare --factor nothing --format json", 64,
                "Error: study 'default' has no factor 'nothing'; its factors are"
            ),
            (
                "thumblab import bad.csv --format json", 65,
                "Error: bad.csv:2:4: expected a finite number in time_ms, found 'fast';"
            ),
            (
                "thumblab import missing.csv --format json", 66,
                "Error: No such file: 'missing.csv'. Check the path and that the file is readable."
            ),
        ]
        for (command, status, message) in cases {
            let row = try #require(
                text.components(separatedBy: "\n").first { $0.hasPrefix("| \(status) |") },
                "JSONContract.md has no row for status \(status)")
            #expect(row.contains("`\(command)`") && row.contains(message), "the article's row: \(row)")
            let run = try sandbox.run(Self.arguments(command), environment: demo)
            #expect(run.status == status, "\(command): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix(message), "\(command): \(run.stderr)")
        }
    }
}
