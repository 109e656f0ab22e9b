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

    @Test func theReadmeDemoImportsTheWholeStudy() throws {
        let sandbox = try Sandbox()
        let folder = Self.datasets.appendingPathComponent("thumbspace-vs-shift")
        let files = ["responses.csv", "touches.csv", "trials.csv"].map { folder.appendingPathComponent($0).path }
        let device = try sandbox.run(["device", "add", "phone-3.5in", "--width", "320", "--height", "480", "--ppi", "163"])
        #expect(device.status == 0)
        let run = try sandbox.run(["import"] + files + ["--device", "phone-3.5in"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.contains("  derived   576 trials from the touch events\n"))
        let info = try sandbox.run(["info", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(object["studies"] as? Int == 1)
        #expect(object["participants"] as? Int == 16)
        #expect(object["trials"] as? Int == 6902 + 576)
        #expect(object["touches"] as? Int == 9837)
        #expect(object["responses"] as? Int == 528)
        #expect(object["batches"] as? Int == 3)
        #expect(object["rejected"] as? Int == 0)
        let factors = try #require((object["factors"] as? [String: Any])?["default"] as? [String: [String]])
        #expect(factors["technique"]?.sorted() == ["Direct", "Shift", "ThumbSpace"])
        #expect(factors["target_size_mm"]?.sorted() == ["3.6", "5.8", "9.6"])
        #expect(factors["mobility"]?.sorted() == ["standing", "walking"])
        let again = try sandbox.run(["import"] + files + ["--device", "phone-3.5in"])
        #expect(again.status == 0)
        #expect(again.stdout.components(separatedBy: "(same content); nothing changed.").count == 4)
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
