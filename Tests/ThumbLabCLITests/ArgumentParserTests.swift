import Testing

@testable import thumblab

/// The parser on its own: option spellings, repetition, `--` and positionals.
@Suite struct ArgumentParserTests {
    static let spec = CommandSpec(
        name: "demo", abstract: "A command for tests.",
        arguments: [ArgumentSpec(name: "file", help: "Files.", repeats: true)],
        options: [
            OptionSpec(names: ["--study"], valueName: "name", help: "Study."),
            OptionSpec(names: ["--map"], valueName: "field=column", help: "Map.", repeats: true),
            OptionSpec(names: ["--dry-run"], valueName: nil, help: "Dry run."),
        ])

    func parse(_ words: [String]) throws -> ParsedArguments? {
        try ArgumentParser(spec: Self.spec).parse(words)
    }

    @Test func optionsMayComeBeforeBetweenAndAfterPositionals() throws {
        let parsed = try #require(
            try parse(["--study=pilot", "a.csv", "--map", "x=y", "b.csv", "--dry-run", "--map=u=v"]))
        #expect(parsed.positionals == ["a.csv", "b.csv"])
        #expect(parsed.value("study") == "pilot")
        #expect(parsed.all("map") == ["x=y", "u=v"])
        #expect(parsed.flag("dry-run"))
        #expect(!parsed.flag("study"))
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try #require(try parse(["--", "--study", "-h", "-"]))
        #expect(parsed.positionals == ["--study", "-h", "-"])
        #expect(parsed.values.isEmpty)
    }

    @Test func aValueMayStartWithASingleDash() throws {
        let parsed = try #require(try parse(["a.csv", "--study", "-x"]))
        #expect(parsed.value("study") == "-x")
    }

    @Test func helpAnywhereBeforeDoubleDashAsksForHelp() throws {
        #expect(try parse(["a.csv", "--nonsense", "-h"]) == nil)
        #expect(try parse(["a.csv", "--", "--help"])?.positionals == ["a.csv", "--help"])
    }

    @Test(arguments: [
        (["--study"], "Missing value for '--study <name>'."),
        (["a.csv", "--study", "--dry-run"], "Missing value for '--study <name>'."),
        (["a.csv", "--studdy", "x"], "Unknown option '--studdy'. Did you mean '--study'?"),
        (["a.csv", "--zzzzzz"], "Unknown option '--zzzzzz'."),
        (["a.csv", "--study", "a", "--study", "b"], "--study was given more than once."),
        ([], "Missing expected argument '<file>'."),
    ])
    func mistakesAreNamed(words: [String], message: String) throws {
        #expect(throws: CLIError.usage(message)) { try parse(words) }
    }

    @Test(arguments: [
        ("", "", 0), ("abc", "", 3), ("", "ab", 2), ("--format", "--fromat", 2), ("kitten", "sitting", 3),
    ])
    func editDistanceCountsInsertionsDeletionsAndSubstitutions(a: String, b: String, distance: Int) {
        #expect(ArgumentParser.editDistance(a, b) == distance)
        #expect(ArgumentParser.editDistance(b, a) == distance)
    }
}
