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
    /// A study that is not there or not chosen, or a stored plan that cannot be read.
    case study(StudyProblem)
    /// A filter, factor, level or block the study does not have, or an empty selection.
    case selection(SelectionProblem)
    /// A device that is not registered, not in the selection, or one of several.
    case device(DeviceProblem)
    /// A design a comparison cannot read off the data.
    case design(DesignProblem)
    /// A comparison that cannot run as asked.
    case comparison(ComparisonProblem)
    /// A parameter value an analysis cannot take.
    case parameter(ParameterProblem)
    /// Data that lack what an analysis needs.
    case analysis(AnalysisProblem)
    /// A Fitts' law analysis that cannot measure the selected trials.
    case fitts(FittsProblem)
    /// A figure that cannot be drawn or encoded.
    case figure(FigureProblem)
    /// An import batch that is unknown, imported already, or no longer open.
    case batch(BatchProblem)
    /// A folder or file that cannot be written.
    case output(OutputProblem)
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
    /// The database file could not be read or written: a full disk, a read-only or busy
    /// file, a file that is not a database. The database is as it was before the operation.
    case storage(StorageFailure)
    /// An import that cannot start: its options do not fit the file, the database or the device.
    case importSetup(ImportSetupProblem)
}

extension ThumbLabError: CustomStringConvertible {
    /// The error in plain words, one problem a line for invalid input:
    ///
    /// - `invalidInput`: each problem as `FILE:LINE:COLUMN: message`, then how many there
    ///   were in all when only the first ones are kept;
    /// - `fileNotFound`: `No such file: 'PATH'`;
    /// - the other cases: their problem's own description;
    /// - `database`: the message, then `(SQLite result code N)`, then the statement;
    /// - `incompatibleDatabase`: `Cannot use 'PATH' as a study database: REASON`;
    /// - `fileNameMismatch`: `The name of 'PATH' does not match the pattern 'PATTERN'`;
    /// - `storage`: the ``StorageFailure``'s sentence.
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
        case .study(let problem): return problem.description
        case .selection(let problem): return problem.description
        case .device(let problem): return problem.description
        case .design(let problem): return problem.description
        case .comparison(let problem): return problem.description
        case .parameter(let problem): return problem.description
        case .analysis(let problem): return problem.description
        case .fitts(let problem): return problem.description
        case .figure(let problem): return problem.description
        case .batch(let problem): return problem.description
        case .output(let problem): return problem.description
        case .database(let code, let message, let sql):
            let located = "\(message) (SQLite result code \(code))"
            return sql.map { "\(located)\nStatement: \($0)" } ?? located
        case .incompatibleDatabase(let path, let reason):
            return "Cannot use '\(path)' as a study database: \(reason)"
        case .fileNameMismatch(let path, let pattern):
            return "The name of '\(path)' does not match the pattern '\(pattern)'"
        case .storage(let failure): return failure.description
        case .importSetup(let problem): return problem.description
        }
    }
}

extension ThumbLabError {
    /// Whether the error refuses what a call asked of the study, so that a report can leave
    /// that analysis out and go on; false for database, file and input-data errors.
    package var refusesAnalysis: Bool {
        switch self {
        case .study, .selection, .device, .design, .comparison, .parameter, .analysis, .fitts, .figure,
            .batch, .output:
            true
        default: false
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
