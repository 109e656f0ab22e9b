import Foundation
import Testing

@testable import thumblab

/// `--db` and `--format` before or after the subcommand, run through the built binary.
@Suite struct GlobalOptionTests {
    @Test func dbMayComeBeforeOrAfterTheSubcommand() throws {
        let sandbox = try Sandbox()
        let created = try sandbox.run(["--db", "x.sqlite", "init"])
        #expect(created.status == 0)
        #expect(created.stdout == "Created study database x.sqlite.\n")
        #expect(FileManager.default.fileExists(atPath: sandbox.path("x.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
        let after = try sandbox.run(["info", "--db", "x.sqlite"])
        #expect(after.status == 0)
        #expect(after.stdout.hasPrefix("Study database x.sqlite (schema version "))
        for before in [["--db", "x.sqlite", "info"], ["--db=x.sqlite", "info"]] {
            let run = try sandbox.run(before)
            #expect(run.status == 0, "\(before): \(run.stderr)")
            #expect(run.stdout == after.stdout, "\(before)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }

    @Test func globalOptionsReachCommandsInsideAGroup() throws {
        let sandbox = try Sandbox()
        let added = try sandbox.run([
            "--db", "phones.sqlite", "device", "add", "phone", "--width", "320", "--height", "480", "--ppi", "163",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try sandbox.run(["--db", "phones.sqlite", "--format", "csv", "device", "list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.hasPrefix("name,width_px,height_px,"))
        #expect(listed.stdout.contains("\r\nphone,320,480,"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("thumblab.sqlite")))
    }

    @Test func formatMayComeBeforeTheSubcommand() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.run(["init"])
        let before = try sandbox.run(["--format", "json", "info"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.hasPrefix("{\n  \"path\": \"thumblab.sqlite\","))
        #expect(before.stdout == (try sandbox.run(["info", "--format", "json"])).stdout)
    }

    @Test func theSubcommandStillChecksAGlobalOptionsValue() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["--format", "csv", "info"])
        #expect(run.status == 64)
        #expect(
            run.stderr == """
                Error: The value 'csv' is invalid for '--format'; expected one of 'text', 'json'.
                Usage: thumblab info [--format <format>] [--out <file>] [--db <path>]
                  See 'thumblab info --help' for more information.

                """)
    }

    @Test func aGlobalOptionGivenBothBeforeAndAfterIsGivenTwice() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["--db", "a.sqlite", "init", "--db", "b.sqlite"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --db was given more than once.\n"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("a.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("b.sqlite")))
    }

    @Test func aGlobalOptionAloneStillNeedsASubcommand() throws {
        let run = try Sandbox().run(["--format", "json"])
        #expect(run.status == 64)
        let subcommands = CommandList.commands.map(\.spec.name).joined(separator: ", ")
        #expect(run.stderr.hasPrefix("Error: Missing subcommand; expected one of: \(subcommands).\n"))
    }
}
