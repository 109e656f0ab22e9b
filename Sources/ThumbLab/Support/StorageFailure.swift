import Foundation

/// Why the study database file could not be read or written: the file system's part of
/// an operation that failed, as SQLite's primary result code tells it
/// (https://sqlite.org/rescode.html). Each case names the database file; a failed write
/// leaves the database as it was before the write began.
public enum StorageFailure: Equatable, Sendable {
    /// The disk (or SQLite's page limit) had no room for the write (`SQLITE_FULL`).
    /// `freeBytes` is the space left on the file system holding `path` when the write
    /// failed and `writtenBytes` what the write had put in the database's log by then, so
    /// the write needed more than their sum; either is nil when it cannot be measured. A
    /// write in rollback-journal mode (a first import) has given its new pages back by
    /// then: `freeBytes` is what was free before it, and its log is empty.
    case diskFull(path: String, freeBytes: Int64?, writtenBytes: Int64?)
    /// The file, its folder or its log cannot be written (`SQLITE_READONLY`).
    case readOnly(path: String)
    /// Another connection holds the lock the operation needs, longer than the busy
    /// timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    case busy(path: String)
    /// The file exists but is not a SQLite database (`SQLITE_NOTADB`).
    case notADatabase(path: String)
    /// The file is a SQLite database whose pages are damaged (`SQLITE_CORRUPT`).
    case corrupt(path: String)
    /// The file cannot be opened or created: a missing folder, a folder in its place, no
    /// permission (`SQLITE_CANTOPEN`).
    case cannotOpen(path: String)
    /// The operating system reported an input or output error (`SQLITE_IOERR`); `code`
    /// is SQLite's extended result code, which names the system call.
    case ioError(path: String, code: Int32)

    /// The database file the failure concerns.
    public var path: String {
        switch self {
        case .diskFull(let path, _, _), .readOnly(let path), .busy(let path), .notADatabase(let path),
            .corrupt(let path), .cannotOpen(let path), .ioError(let path, _):
            path
        }
    }
}

extension StorageFailure: CustomStringConvertible {
    /// The failure in one sentence that names the file.
    public var description: String {
        switch self {
        case .diskFull(let path, let free, let written):
            let room = free.map { ($0 + (written ?? 0)) }.map {
                ": the write needed more than the \(ByteCount.text($0)) that were free"
            }
            return "The disk holding '\(path)' is full\(room ?? ""); nothing was written"
        case .readOnly(let path):
            return "'\(path)' is read-only: the file, its folder or its log cannot be written"
        case .busy(let path):
            return "Another connection is writing to '\(path)'; try again when it has finished"
        case .notADatabase(let path):
            return "'\(path)' is not a SQLite database"
        case .corrupt(let path):
            return "'\(path)' is a damaged SQLite database"
        case .cannotOpen(let path):
            return "Cannot open '\(path)': check that its folder exists and may be written"
        case .ioError(let path, let code):
            return "The operating system failed to read or write '\(path)' (SQLite result code \(code))"
        }
    }
}

/// Byte counts in the units people read: B, KB, MB, GB (powers of 1000, as `df -H` and
/// file managers show them), with one decimal above bytes.
package enum ByteCount {
    /// `bytes` as `512 B`, `1.2 KB`, `41.0 MB`, `3.1 GB`.
    package static func text(_ bytes: Int64) -> String {
        let units = ["KB", "MB", "GB", "TB"]
        guard bytes >= 1000 else { return "\(bytes) B" }
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
