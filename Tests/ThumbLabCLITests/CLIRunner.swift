import Foundation
import Testing

/// The folder that holds the built products, next to the test bundle.
func productsFolder() -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
}

/// A built executable of the package, found beside the test bundle or one folder up.
func builtExecutable(_ name: String) -> URL? {
    [productsFolder(), productsFolder().deletingLastPathComponent()]
        .map { $0.appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// What one run of `thumblab` did.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A private working folder for one test: its own current directory and database,
/// removed when the test is done.
struct Sandbox: ~Copyable {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("thumblab-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The path of `name` inside the sandbox.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes `text` to `name` inside the sandbox and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        return path(name)
    }

    /// Runs `thumblab` with `arguments` in the sandbox. The environment is minimal (no
    /// THUMBLAB_DB, no colour settings) unless `environment` adds to it.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let executable = try #require(builtExecutable("thumblab"), "the thumblab executable is not built")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var base = ["PATH": "/usr/bin:/bin", "HOME": folder.path]
        base.merge(environment) { $1 }
        process.environment = base
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting, so that a full pipe cannot block the child.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
