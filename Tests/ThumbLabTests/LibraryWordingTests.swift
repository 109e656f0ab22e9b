import Foundation
import Testing

/// The library speaks its own terms: no string literal of Sources/ThumbLab names an option
/// of the `thumblab` command line (`--device`) or one of its commands (`thumblab import`).
/// The command line turns the library's errors and notes into sentences with the option to use.
@Suite struct LibraryWordingTests {
    /// The string literals of Swift source `text`, each with its 1-based line: single-line,
    /// multi-line and raw literals, with the text of their interpolations; comments skipped.
    static func literals(_ text: String) -> [(line: Int, text: String)] {
        let characters = Array(text)
        var found: [(Int, String)] = []
        var index = 0
        var line = 1
        func at(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                index += 1
            } else if character == "/", at(1) == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if character == "/", at(1) == "*" {
                index += 2
                while index < characters.count, !(characters[index] == "*" && at(1) == "/") {
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
            } else if character == "\"" || (character == "#" && at(1) == "\"") {
                let start = line
                var hashes = 0
                while characters[index] == "#" {
                    hashes += 1
                    index += 1
                }
                let multiline = at(1) == "\"" && at(2) == "\""
                let quote = String(repeating: "\"", count: multiline ? 3 : 1) + String(repeating: "#", count: hashes)
                index += multiline ? 3 : 1
                var literal = ""
                while index < characters.count,
                    String(characters[index..<min(characters.count, index + quote.count)]) != quote
                {
                    if characters[index] == "\n" { line += 1 }
                    if characters[index] == "\\", hashes == 0 {
                        literal.append(characters[index])
                        index += 1
                    }
                    if index < characters.count { literal.append(characters[index]) }
                    index += 1
                }
                index += quote.count
                found.append((start, literal))
            } else {
                index += 1
            }
        }
        return found
    }

    /// The options (`--device`) and commands (`thumblab undo`) of the command line that
    /// `literal` names. A CSS custom property (`--muted:`, `var(--muted)`) is no option.
    static func commandLineNames(_ literal: String) -> [String] {
        let options = literal.matches(of: /--[a-z][a-z0-9-]*/).filter { match in
            let before = literal[..<match.range.lowerBound].last
            let after = literal[match.range.upperBound...].first
            let joined = before.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "(" } ?? false
            return !joined && after != ":"
        }
        let commands = literal.matches(of: /\bthumblab\s+[a-z]+/)
        return options.map { String($0.output) } + commands.map { String($0.output) }
    }

    @Test func noStringLiteralOfTheLibraryNamesAnOptionOrCommand() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources/ThumbLab")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var offences: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for (line, literal) in Self.literals(text) {
                for name in Self.commandLineNames(literal) { offences.append("\(relative):\(line): \(name)") }
            }
        }
        #expect(offences.isEmpty, "\(offences.sorted().joined(separator: "\n"))")
    }

    @Test func theCheckFindsOptionsAndCommandsInLiteralsOnly() {
        let source = #"""
            // check --where in a comment
            /// `thumblab device add` in documentation
            let a = "choose one with --device NAME"
            let b = "x \(y ?? "z"); `thumblab batches` lists them"
            let c = """
                :root { --text: #111; color: var(--muted); }
                see --skip-invalid
                """
            let d = "a -- b, A--B, thumblab.sqlite"
            """#
        let names = Self.literals(source).flatMap { literal in
            Self.commandLineNames(literal.text).map { "\(literal.line) \($0)" }
        }
        #expect(names == ["3 --device", "4 thumblab batches", "5 --skip-invalid"])
    }
}
