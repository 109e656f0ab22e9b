import Foundation
import Testing

/// The Debian programs the figure and report tests check ThumbLab's output with
/// (`rsvg-convert`, `qpdf`, `pdftotext`, `pdflatex`, ...). A missing one fails the test.
enum ExternalTool {
    /// The executable `name` on the PATH (or in /usr/bin), which Debian's `package` installs.
    static func find(_ name: String, package: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        let found = candidates.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(
            found, "\(name) is missing: install Debian's \(package) (apt-get install \(package)), as .ci/run does")
    }

    /// Runs `tool` with `arguments` in `directory` (the current one if nil), no standard
    /// input, and returns its exit status and its standard output and error together.
    static func run(_ tool: URL, _ arguments: [String], in directory: URL? = nil) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = tool
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
