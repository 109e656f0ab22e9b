import Testing

@testable import thumblab

/// The parser on its own: typed declarations read back through themselves, option
/// spellings, repetition, `--`, positionals, and the usage error for each mistake.
@Suite struct ArgumentParserTests {
    enum Attempts: String, CaseIterable, ExpressibleByArgument { case first, last, all }

    static let files = Argument<[String]>("file", help: "Files.")
    static let study = Option<String>("--study", value: "name", default: "default", help: "Study.")
    static let map = Option<[String]>("--map", value: "field=column", help: "Map.")
    static let attempts = Option<Attempts>("--attempts", value: "attempts", default: .first, help: "Attempts.")
    static let kinds = Option<[Attempts]>("--keep", value: "attempts", help: "Several enum values.")
    static let bins = Option<Int?>("--bins", value: "n", help: "Bins.")
    static let scale = Option<Double?>("--scale", value: "x", help: "Scale.")
    /// An enum option limited to some of its cases.
    static let ends = Option<Attempts>(
        "--ends", value: "attempts", default: .first, choices: [.first, .last], help: "First or last.")
    static let dryRun = Flag("--dry-run", help: "Dry run.")

    static let spec = CommandSpec(
        name: "demo", abstract: "A command for tests.", arguments: [files],
        options: [study, map, attempts, kinds, bins, scale, ends, dryRun])

    func parse(_ words: [String]) throws -> ParsedArguments? {
        try ArgumentParser(spec: Self.spec).parse(words)
    }

    @Test func optionsMayComeBeforeBetweenAndAfterPositionals() throws {
        let parsed = try #require(
            try parse([
                "--study=pilot", "a.csv", "--map", "x=y", "b.csv", "--dry-run", "--map=u=v", "--attempts", "all",
            ]))
        #expect(parsed[Self.files] == ["a.csv", "b.csv"])
        #expect(parsed[Self.study] == "pilot")
        #expect(parsed[Self.map] == ["x=y", "u=v"])
        #expect(parsed[Self.attempts] == .all)
        #expect(parsed[Self.dryRun])
    }

    @Test func absentOptionsReadAsTheirDefaultsNilOrEmpty() throws {
        let parsed = try #require(try parse(["a.csv"]))
        #expect(parsed[Self.study] == "default")
        #expect(parsed[Self.attempts] == .first)
        #expect(parsed[Self.ends] == .first)
        #expect(!parsed.contains(Self.ends))
        #expect(parsed[Self.bins] == nil)
        #expect(parsed[Self.map] == [])
        #expect(!parsed[Self.dryRun])
    }

    @Test func valuesAreReadAsTheirDeclaredTypes() throws {
        let parsed = try #require(
            try parse(["a.csv", "--bins", "12", "--scale", "-2.5", "--keep", "last", "--keep", "all", "--ends=last"]))
        #expect(parsed[Self.bins] == 12)
        #expect(parsed[Self.scale] == -2.5)
        #expect(parsed[Self.kinds] == [.last, .all])
        #expect(parsed[Self.ends] == .last)
        #expect(parsed.contains(Self.ends))
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try #require(try parse(["--", "--study", "-h", "-"]))
        #expect(parsed[Self.files] == ["--study", "-h", "-"])
        #expect(parsed[Self.study] == "default")
    }

    @Test func aValueMayStartWithASingleDash() throws {
        let parsed = try #require(try parse(["a.csv", "--study", "-x"]))
        #expect(parsed[Self.study] == "-x")
    }

    @Test func helpAnywhereBeforeDoubleDashAsksForHelp() throws {
        #expect(try parse(["a.csv", "--nonsense", "-h"]) == nil)
        #expect(try parse(["a.csv", "--", "--help"])?[Self.files] == ["a.csv", "--help"])
    }

    @Test(arguments: [
        (["--study"], "Missing value for '--study <name>'."),
        (["a.csv", "--study", "--dry-run"], "Missing value for '--study <name>'."),
        (["a.csv", "--studdy", "x"], "Unknown option '--studdy'. Did you mean '--study'?"),
        (["a.csv", "--zzzzzz"], "Unknown option '--zzzzzz'."),
        (["a.csv", "--study", "a", "--study", "b"], "--study was given more than once."),
        (["a.csv", "--dry-run=yes"], "--dry-run takes no value."),
        ([], "Missing expected argument '<file>'."),
        (
            ["a.csv", "--attempts", "every"],
            "The value 'every' is invalid for '--attempts'; expected one of 'first', 'last', 'all'."
        ),
        (
            ["a.csv", "--keep", "last", "--keep=most"],
            "The value 'most' is invalid for '--keep'; expected one of 'first', 'last', 'all'."
        ),
        (["a.csv", "--ends", "all"], "The value 'all' is invalid for '--ends'; expected one of 'first', 'last'."),
        (["a.csv", "--bins", "2.5"], "--bins expects a whole number, found '2.5'."),
        (["a.csv", "--scale", "wide"], "--scale expects a number, found 'wide'."),
        (["a.csv", "--scale=inf"], "--scale expects a number, found 'inf'."),
    ])
    func mistakesAreNamed(words: [String], message: String) throws {
        #expect(throws: CLIError.usage(message)) { try parse(words) }
    }

    @Test func requiredOptionsAndArgumentsAreReadWithoutOptionals() throws {
        let name = Argument<String>("name", help: "Name.")
        let width = Option<Double>("--width", value: "px", help: "Width.")
        let spec = CommandSpec(name: "add", abstract: "Add.", arguments: [name], options: [width])
        let parsed = try #require(try ArgumentParser(spec: spec).parse(["phone", "--width", "320"]))
        #expect(parsed[name] == "phone")
        #expect(parsed[width] == 320)
        #expect(throws: CLIError.usage("Missing expected option '--width <px>'.")) {
            try ArgumentParser(spec: spec).parse(["phone"])
        }
    }

    @Test(arguments: [
        ("", "", 0), ("abc", "", 3), ("", "ab", 2), ("--format", "--fromat", 2), ("kitten", "sitting", 3),
    ])
    func editDistanceCountsInsertionsDeletionsAndSubstitutions(a: String, b: String, distance: Int) {
        #expect(ArgumentParser.editDistance(a, b) == distance)
        #expect(ArgumentParser.editDistance(b, a) == distance)
    }
}
