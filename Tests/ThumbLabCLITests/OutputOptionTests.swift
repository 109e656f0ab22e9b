import Foundation
import Testing

/// `--format` on every command that prints a result, and `--out` naming in its help
/// exactly the extensions the command accepts.
@Suite struct OutputOptionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var path: [String]
        var extensions: [String]
        var testDescription: String { path.joined(separator: " ") }
    }

    static let printing: [[String]] = [
        ["init"], ["import"], ["info"], ["batches"], ["undo"], ["device", "add"], ["device", "list"],
    ]

    static let withOut = [
        Case(path: ["info"], extensions: ["txt", "json"]),
        Case(path: ["batches"], extensions: ["txt", "md", "csv", "json"]),
        Case(path: ["device", "list"], extensions: ["txt", "md", "csv", "json"]),
    ]

    /// Help text with its line wrapping undone.
    static func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(arguments: printing)
    func everyPrintingCommandTakesFormat(_ path: [String]) throws {
        let help = try Sandbox().run(path + ["--help"])
        #expect(help.status == 0)
        #expect(Self.unwrapped(help.stdout).contains("--format <format> How to print the result. (values: text,"))
    }

    @Test(arguments: withOut)
    func outHelpNamesTheExtensionsTheCommandAccepts(_ command: Case) throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["init"]).status == 0)
        let help = Self.unwrapped(try sandbox.run(command.path + ["--help"]).stdout)
        let listed = command.extensions.map { "." + $0 }.joined(separator: ", ")
        #expect(help.contains("its extension (\(listed)) sets the format unless --format does."))
        for suffix in command.extensions {
            let run = try sandbox.run(command.path + ["--out", "result.\(suffix)"])
            #expect(run.status == 0, "--out result.\(suffix): \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: sandbox.path("result.\(suffix)")))
        }
        for suffix in ["md", "csv"] where !command.extensions.contains(suffix) {
            let run = try sandbox.run(command.path + ["--out", "result.\(suffix)"])
            #expect(run.status == 64)
            #expect(run.stderr.hasPrefix("Error: --out result.\(suffix): the extension does not name a format"))
        }
    }
}
