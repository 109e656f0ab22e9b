/// The one error type of the ``ThumbLab`` library. Each case carries what a user needs
/// to fix the input; ``exitStatus`` maps it onto the CLI's exit statuses (sysexits).
public enum ThumbLabError: Error, Equatable, Sendable {
    /// Malformed input data: one or more problems, each located in a file.
    /// `total` counts all problems found; `problems` holds the first ones (at most 20).
    case invalidInput(problems: [InputProblem], total: Int)
    /// An input file that does not exist or cannot be read.
    case fileNotFound(path: String)
    /// A wrong use of the library or CLI (unknown study, unknown device, bad option value).
    case usage(String)
    /// The database refused an operation.
    case database(code: Int32, message: String, sql: String?)

    /// The process exit status the CLI uses for this error: 65 bad data, 66 missing
    /// input, 64 usage, 1 anything else.
    public var exitStatus: Int32 {
        switch self {
        case .invalidInput: 65
        case .fileNotFound: 66
        case .usage: 64
        case .database: 1
        }
    }
}

/// One problem in an input file, located by 1-based line and column.
public struct InputProblem: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// What was expected, what was found and how to fix it, in one sentence or two.
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, the layout editors and compilers use.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
