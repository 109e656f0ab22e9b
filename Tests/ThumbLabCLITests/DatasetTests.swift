import Foundation
import Testing

/// The repository root: the folder above `Tests/` that holds this file.
func repositoryRoot(filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// The bundled datasets: the README's first command works on them, and the generator
/// reproduces every file byte for byte.
@Suite struct DatasetTests {
    static let datasets = repositoryRoot().appendingPathComponent("Datasets")

    /// The README's first command, as `thumblab` arguments: the lines that start with
    /// `swift run thumblab`.
    static func readmeCommands() throws -> [[String]] {
        let readme = try String(contentsOf: repositoryRoot().appendingPathComponent("README.md"), encoding: .utf8)
        let prefix = "swift run thumblab "
        return readme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix(prefix) }
            .map { $0.dropFirst(prefix.count).split(separator: " ").map(String.init) }
    }

    /// The output the README shows for the demo: the first fenced block after the command.
    static func readmeOutput() throws -> [String] {
        let readme = try String(contentsOf: repositoryRoot().appendingPathComponent("README.md"), encoding: .utf8)
        let afterCommand = try #require(readme.range(of: "swift run thumblab demo"))
        let rest = readme[afterCommand.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        return rest[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
    }

    @Test func theReadmeDemoPrintsWhatTheReadmeShows() throws {
        #expect(try Self.readmeCommands() == [["demo"]])
        let sandbox = try Sandbox()
        let run = try sandbox.run(["demo"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let shown = try Self.readmeOutput()
        #expect(shown.count >= 8)
        for line in shown { #expect(run.stdout.contains(line + "\n"), "README line not printed: \(line)") }
        // The HTML report is written beside the others and its path printed.
        #expect(shown.contains("  thumblab-demo/report.html"))
        let html = try String(contentsOfFile: sandbox.path("thumblab-demo/report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<figure id=\"figure-1\""))
    }

    @Test func theBundledStudyImportsWhole() throws {
        let sandbox = try Sandbox()
        let folder = Self.datasets.appendingPathComponent("thumbspace-vs-shift")
        let files = ["responses.csv", "touches.csv", "trials.csv"].map { folder.appendingPathComponent($0).path }
        let commands = [
            ["device", "add", "phone-3.5in", "--width", "320", "--height", "480", "--ppi", "163"],
            ["import"] + files + ["--device", "phone-3.5in"], ["info"],
        ]
        var outputs: [String] = []
        for arguments in commands {
            let run = try sandbox.run(arguments)
            #expect(run.status == 0, "thumblab \(arguments.joined(separator: " ")): \(run.stderr)")
            #expect(run.stderr == "")
            outputs.append(run.stdout)
        }
        #expect(outputs.first == "Added device 'phone-3.5in': 320 x 480 px, 6.4173 px/mm (163 ppi), 49.9 x 74.8 mm.\n")
        #expect(
            outputs.dropFirst().first?.contains(
                "  touches   attached 8685 touches to 576 trials; derived 576 trials; 1152 touches belong to no trial\n")
                == true)
        #expect(
            outputs.dropFirst().first?.contains(
                "  outside   1152 touches outside every trial (a negative trial number or a role such as start)\n")
                == true)
        #expect(
            outputs.last?.contains(
                """

                  studies          1
                  participants    16
                  trials        7478
                  phrases          0
                  key taps         0
                  touches       9837
                  responses      528
                  batches          3
                  rejected         0

                Study 'default'
                  technique       3 levels: Direct, Shift, ThumbSpace
                  target_size_mm  3 levels: 3.6, 5.8, 9.6
                  mobility        2 levels: standing, walking

                """) == true)

        // Running it again changes nothing, and says so.
        for arguments in commands.dropLast() {
            let again = try sandbox.run(arguments)
            #expect(again.status == 0)
            #expect(again.stdout.contains("already"))
        }
        let info = try sandbox.run(["info", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(object["trials"] as? Int == 6902 + 576)
        #expect(object["batches"] as? Int == 3)
    }

    @Test(arguments: ["thumb-reach/small.csv", "thumb-reach/large.csv"])
    func thumbReachFilesImport(_ name: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run(["import", Self.datasets.appendingPathComponent(name).path, "--study", "reach"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("imported 1008 trials into study 'reach'"))
        #expect(run.stdout.contains("start_x, start_y"))
    }

    @Test func theGeneratorReproducesEveryFileByteForByte() throws {
        let generator = try #require(
            builtExecutable("thumblab-datasets"), "build the generator first: swift build --product thumblab-datasets")
        let sandbox = try Sandbox()
        let process = Process()
        process.executableURL = generator
        process.arguments = [sandbox.folder.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let names = [
            "thumbspace-vs-shift/trials.csv", "thumbspace-vs-shift/touches.csv", "thumbspace-vs-shift/responses.csv",
            "thumb-reach/small.csv", "thumb-reach/large.csv",
        ]
        for name in names {
            let fresh = try Data(contentsOf: sandbox.folder.appendingPathComponent(name))
            let shipped = try Data(contentsOf: Self.datasets.appendingPathComponent(name))
            #expect(fresh == shipped, "\(name) differs from a fresh run of the generator")
            #expect(shipped.count < 2_000_000, "\(name) should stay under 2 MB")
        }
    }
}
