/// The one error type of the ``ThumbLab`` library. Each case carries what a user needs
/// to fix the input; ``description`` words it for scripts and logs.
///
/// The library reports what went wrong, never how a program should exit: the `thumblab`
/// command line maps each case onto its exit status.
public enum ThumbLabError: Error, Equatable, Sendable {
    /// Malformed input data: one or more problems, each located in a file.
    /// `total` counts all problems found; `problems` holds the first ones (at most 20).
    case invalidInput(problems: [InputProblem], total: Int)
    /// An input file that does not exist or cannot be read.
    case fileNotFound(path: String)
    /// A wrong use of the library: an unknown study, device or batch, a mapped column that
    /// is not there, an import used after it ended.
    case usage(String)
    /// SQLite refused an operation: its (extended) result code
    /// (https://sqlite.org/rescode.html), its message and the statement, when there was one.
    case database(code: Int32, message: String, sql: String?)
    /// A file SQLite opens fine that cannot serve as this build's study database: written
    /// by a newer ThumbLab, holding another application's tables, or unable to use
    /// write-ahead logging. `reason` says which, and what to do about it.
    case incompatibleDatabase(path: String, reason: String)
    /// The name of the file at `path` does not match the ``FileNamePattern`` whose text is
    /// `pattern`, so the values it should give are unknown.
    case fileNameMismatch(path: String, pattern: String)
    /// An import that cannot start: its options do not fit the file, the database or the device.
    case importSetup(ImportSetupProblem)
}

extension ThumbLabError: CustomStringConvertible {
    /// The error in plain words, one problem a line for invalid input:
    ///
    /// - `invalidInput`: each problem as `FILE:LINE:COLUMN: message`, then how many there
    ///   were in all when only the first ones are kept;
    /// - `fileNotFound`: `No such file: 'PATH'`;
    /// - `usage`: the message;
    /// - `database`: the message, then `(SQLite result code N)`, then the statement;
    /// - `incompatibleDatabase`: `Cannot use 'PATH' as a study database: REASON`;
    /// - `fileNameMismatch`: `The name of 'PATH' does not match the pattern 'PATTERN'`.
    public var description: String {
        switch self {
        case .invalidInput(let problems, let total):
            var lines = problems.map(\.description)
            if total > problems.count {
                lines.append("\(total) problems in all; the first \(problems.count) are shown above.")
            }
            return lines.joined(separator: "\n")
        case .fileNotFound(let path):
            return "No such file: '\(path)'"
        case .usage(let message):
            return message
        case .database(let code, let message, let sql):
            let located = "\(message) (SQLite result code \(code))"
            return sql.map { "\(located)\nStatement: \($0)" } ?? located
        case .incompatibleDatabase(let path, let reason):
            return "Cannot use '\(path)' as a study database: \(reason)"
        case .fileNameMismatch(let path, let pattern):
            return "The name of '\(path)' does not match the pattern '\(pattern)'"
        case .importSetup(let problem): return problem.description
        }
    }
}

/// One problem in an input file, located by 1-based line and column.
public struct InputProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file, as the import was given it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// What was expected, what was found and how to fix it, in one sentence or two.
    public var message: String
    /// How to fix it, when a change of the import's options can (``InputProblem/Remedy``).
    public var remedy: Remedy?

    /// A problem at `file:line:column`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, then `; remedy` when there is one: the layout editors and compilers use.
    public var description: String { "\(file):\(line):\(column): \(message)\(remedy.map { "; \($0)" } ?? "")" }
}
