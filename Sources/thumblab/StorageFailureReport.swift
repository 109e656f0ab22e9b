import ThumbLab

extension ErrorReport {
    /// What the CLI says when the database file could not be read or written, and the
    /// status: 74 (EX_IOERR) for a full disk or an input/output error, 75 (EX_TEMPFAIL)
    /// for a database another process is writing, 1 otherwise. `isImport` words a failed
    /// write as an import that left nothing behind. SQL text never appears.
    static func report(_ failure: StorageFailure, isImport: Bool) -> ErrorReport {
        let path = failure.path
        let otherFile = "--db PATH or THUMBLAB_DB names another file."
        switch failure {
        case .diskFull(_, let free, let written):
            // What the write put in the log plus what is still free was free when it began.
            let room = free.map { ($0 + (written ?? 0)) }.map { " more than the \(ByteCount.text($0)) that were free" }
            let outcome = isImport ? "the import needed" : "the command needed"
            let nothing = isImport ? "nothing was imported" : "nothing was written"
            return ErrorReport(
                lines: [
                    "The disk holding '\(path)' is full: \(outcome)\(room ?? " more space than was free"), so \(nothing) "
                        + "and the database is unchanged; free some space, or use a database on another disk "
                        + "(--db PATH or THUMBLAB_DB names one)."
                ],
                status: 74)
        case .readOnly:
            return ErrorReport(
                lines: [
                    "'\(path)' is read-only: the file, its folder or its log cannot be written. "
                        + "Choose another --db path or change its permissions."
                ],
                status: 1)
        case .busy:
            return ErrorReport(
                lines: ["Another process is writing to '\(path)'; try again when it has finished."], status: 75)
        case .notADatabase:
            return ErrorReport(lines: ["'\(path)' is not a SQLite database. \(otherFile)"], status: 1)
        case .corrupt:
            return ErrorReport(
                lines: [
                    "'\(path)' is a damaged SQLite database: restore it from a copy, or rescue its rows with "
                        + "the sqlite3 shell's .recover. \(otherFile)"
                ],
                status: 1)
        case .cannotOpen:
            return ErrorReport(
                lines: [
                    "Cannot open the database '\(path)'. Check that the folder exists and that you may write to it."
                ],
                status: 1)
        case .ioError(_, let code):
            return ErrorReport(
                lines: [
                    "The system failed to read or write '\(path)' (SQLite result code \(code)); check the disk and try again."
                ],
                status: 74)
        }
    }
}
