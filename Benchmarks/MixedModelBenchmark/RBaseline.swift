import Foundation

/// Runs an R script with `Rscript -e` and reads the numbers it prints on its last line, or
/// says why R could not give them.
enum RBaseline {
    enum Outcome {
        case figures([Double])
        case missing(String)
    }

    /// The numbers of the script's last output line; `expected` of them, else the reason.
    static func run(_ script: String, expected: Int, needs packages: String) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["Rscript", "-e", script]
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent(
            "thumblab-mm-r-\(ProcessInfo.processInfo.processIdentifier).log")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try? FileHandle(forWritingTo: errors)
        do {
            try process.run()
        } catch {
            return .missing("no Rscript on the PATH")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let last = text.split(separator: "\n").last ?? ""
        let figures = last.split(separator: " ").compactMap { Double($0) }
        guard process.terminationStatus == 0, figures.count == expected else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            if message.contains("there is no package") || process.terminationStatus == 127 {
                return .missing("Rscript with \(packages) is needed")
            }
            let reason = message.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.suffix(2)
            return .missing("R failed: \(reason.joined(separator: " "))")
        }
        return .figures(figures)
    }

    /// A folder of its own in the temporary directory for the CSV files R reads.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "thumblab-mm-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Writes one line to standard output at once, unbuffered, so that the sizes done so far are
/// on record while R works on the next one.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
