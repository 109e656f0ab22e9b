import ThumbLab

/// The lines the CLI prints (each after `Error: `) for a library error: what happened
/// and what to do about it.
struct ErrorReport {
    var error: ThumbLabError

    var lines: [String] {
        switch error {
        case .invalidInput(let problems, let total):
            var lines = problems.map(\.description)
            if total > problems.count {
                lines.append("\(total) problems in all; the first \(problems.count) are shown above.")
            }
            lines.append("Nothing was imported; the database is unchanged.")
            return lines
        case .fileNotFound(let path):
            return ["No such file: '\(path)'. Check the path and that the file is readable."]
        case .usage(let message):
            return [message]
        case .database(let code, let message, let sql):
            var line = "The database refused the operation: \(message) (SQLite result code \(code))."
            // Result codes: https://sqlite.org/rescode.html
            switch code & 0xFF {
            case 8: line += " The file is read-only: choose another --db path or change its permissions."
            case 14: line += " Check that the folder exists and that you may write to it."
            default: if let sql { line += " Statement: \(sql)" }
            }
            return [line]
        case .incompatibleDatabase:
            return ["\(error). --db PATH or THUMBLAB_DB names another file."]
        }
    }

    /// The exit status (sysexits): 65 bad input data, 66 missing input file, 64 usage,
    /// 1 anything else.
    var status: Int32 {
        switch error {
        case .invalidInput: 65
        case .fileNotFound: 66
        case .usage: 64
        case .database, .incompatibleDatabase: 1
        }
    }
}
