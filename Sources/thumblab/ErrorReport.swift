import ThumbLab

/// The one error type of the `thumblab` command line, for what the CLI itself finds wrong;
/// the library's findings come as ``ThumbLab/ThumbLabError``. Neither carries an exit
/// status: ``ErrorReport`` words every error and picks its status, in one place.
enum CLIError: Error, Equatable {
    /// A command line that does not fit the command: an unknown option or subcommand, a
    /// missing or malformed value. Help's usage line follows the message.
    case usage(String)
    /// A command that reads the study database found no file at `path`; it creates none.
    case noDatabase(path: String)
    /// `device add` names a device the database holds with other figures.
    case deviceExists(Device)
    /// A result could not be written to the file that `--out` names.
    case cannotWrite(path: String, reason: String)
    /// Problems in input data, with a closing note that replaces the command's
    /// ``CommandSpec/invalidInputNote`` (a dry run's, which wrote nothing anywhere).
    case invalidInput(problems: [InputProblem], total: Int, note: String)
}

/// What the CLI prints for an error (each line after `Error: `) and the status it exits
/// with: the one place where errors become wording and exit statuses (sysexits: 64
/// usage, 65 bad input data, 66 missing input, 73 an output file or folder that cannot be
/// created, 74 a full disk or an I/O error, 75 a database another process is writing, 1
/// anything else).
struct ErrorReport {
    /// What happened and what to do about it.
    var lines: [String]
    /// The process exit status.
    var status: Int32
    /// Whether help's usage line and a pointer to `--help` follow: for command lines that
    /// do not fit the command, not for refusals of what the database holds.
    var showsUsage = false

    /// The report for any error a command throws; `invalidInputNote` (the command's
    /// ``CommandSpec/invalidInputNote``) follows a list of input problems; `isImport` says
    /// the command was an import, for a failure to write.
    init(_ error: any Error, invalidInputNote: String? = nil, isImport: Bool = false) {
        switch error {
        case let error as CLIError: self = Self.report(error)
        case let error as ThumbLabError:
            self = Self.report(error, invalidInputNote: invalidInputNote, isImport: isImport)
        default: self.init(lines: ["\(error)"], status: 1)
        }
    }

    init(lines: [String], status: Int32, showsUsage: Bool = false) {
        self.lines = lines
        self.status = status
        self.showsUsage = showsUsage
    }

    private static func report(_ error: CLIError) -> ErrorReport {
        switch error {
        case .usage(let message):
            return ErrorReport(lines: [message], status: 64, showsUsage: true)
        case .noDatabase(let path):
            return ErrorReport(
                lines: [
                    "No study database at '\(path)'. 'thumblab import FILE' creates one; --db PATH or THUMBLAB_DB names another."
                ],
                status: 66)
        case .deviceExists(let existing):
            return ErrorReport(
                lines: [
                    "A device named '\(existing.name)' already exists with other figures (\(DeviceTable.summary(existing))). Choose another name."
                ],
                status: 64)
        case .cannotWrite(let path, let reason):
            return ErrorReport(
                lines: ["Cannot write '\(path)': \(reason) Check the folder and its permissions."], status: 73)
        case .invalidInput(let problems, let total, let note):
            return report(ThumbLabError.invalidInput(problems: problems, total: total), invalidInputNote: note)
        }
    }

    private static func report(_ error: ThumbLabError, invalidInputNote: String?, isImport: Bool = false) -> ErrorReport
    {
        switch error {
        case .invalidInput(let problems, let total):
            var lines = problems.map(\.commandLineWords)
            if total > problems.count {
                lines.append("\(total) problems in all; the first \(problems.count) are shown above.")
            }
            if let invalidInputNote { lines.append(invalidInputNote) }
            return ErrorReport(lines: lines, status: 65)
        case .fileNotFound:
            return ErrorReport(lines: ["\(error). Check the path and that the file is readable."], status: 66)
        case .importSetup(let problem): return ErrorReport(lines: [problem.commandLineWords], status: 64)
        case .database(let code, let message, _):
            // The statement stays out: it can run to kilobytes and tells a user nothing.
            return ErrorReport(
                lines: ["The database refused the operation: \(message) (SQLite result code \(code))."], status: 1)
        case .storage(let failure):
            return report(failure, isImport: isImport)
        case .incompatibleDatabase:
            return ErrorReport(lines: ["\(error). --db PATH or THUMBLAB_DB names another file."], status: 1)
        case .output:
            return ErrorReport(lines: [ErrorWording.sentence(error) ?? "\(error)"], status: 73)
        case .study, .selection, .device, .design, .comparison, .parameter, .analysis, .fitts, .figure, .batch:
            return ErrorReport(lines: [ErrorWording.sentence(error) ?? "\(error)"], status: 64)
        case .fileNameMismatch(let path, let pattern):
            return ErrorReport(
                lines: [
                    "The name of '\(path)' does not match --name-pattern '\(pattern)': its literal text must appear exactly and each {name} stands for one or more characters. Rename the file or give a pattern that fits every file.",
                    "Nothing was imported; the database is unchanged.",
                ],
                status: 65)
        }
    }
}
