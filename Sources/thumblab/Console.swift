import Foundation
import ThumbLab

/// Where the CLI writes: results to stdout, errors and progress to stderr. Colour and
/// progress lines appear only on a terminal, and colour never when `NO_COLOR` is set
/// (https://no-color.org); `CLICOLOR_FORCE=1` asks for colour off a terminal.
struct Console: Sendable {
    var environment: [String: String]
    var stdoutIsTerminal: Bool
    var stderrIsTerminal: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
    }

    private var colourAllowed: Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return true
    }

    private var colourForced: Bool {
        guard let force = environment["CLICOLOR_FORCE"] else { return false }
        return !force.isEmpty && force != "0"
    }

    var stdoutColour: Bool { colourAllowed && (stdoutIsTerminal || colourForced) }
    var stderrColour: Bool { colourAllowed && (stderrIsTerminal || colourForced) }

    /// Writes `text` to stdout as it is (callers end lines themselves).
    func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to stderr.
    func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Bold text on stdout when colour is on, for headings.
    func heading(_ text: String) -> String {
        stdoutColour ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// Prints `Error: message` on stderr, `Error:` in bold red when colour is on.
    func error(_ message: String) {
        let label = stderrColour ? "\u{1B}[1;31mError:\u{1B}[0m" : "Error:"
        err("\(label) \(message)")
    }

    /// Prints a note on stderr, such as a default that shaped a result.
    func note(_ message: String) {
        let label = stderrColour ? "\u{1B}[1;33mNote:\u{1B}[0m" : "Note:"
        err("\(label) \(message)")
    }

    /// Prints `Warning: message` on stderr: something doubtful that did not stop the command.
    func warning(_ message: String) {
        let label = stderrColour ? "\u{1B}[1;33mWarning:\u{1B}[0m" : "Warning:"
        err("\(label) \(message)")
    }

    /// Rewrites the progress line on stderr; does nothing unless stderr is a terminal.
    func progress(_ line: String) {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
    }

    /// Clears the progress line, if one was drawn.
    func endProgress() {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// Writes a result to the file `--out` names, or to stdout when there is none.
    func deliver(_ text: String, to path: String?) throws {
        guard let path else { return out(text) }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CLIError.cannotWrite(path: path, reason: error.localizedDescription)
        }
    }

    /// Prints a JSON result followed by a newline.
    func print(_ json: JSONValue) {
        out(json.rendered() + "\n")
    }
}
