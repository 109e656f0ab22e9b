import Foundation

extension StorageFailure {
    /// The storage failure that SQLite's extended result `code` stands for on the database
    /// at `path`, or nil when the code is not the file's doing (a constraint, a misuse, an
    /// interrupt). Primary codes: https://sqlite.org/rescode.html.
    init?(sqliteCode code: Int32, path: String) {
        switch code & 0xFF {
        case 13:  // SQLITE_FULL
            self = .diskFull(
                path: path, freeBytes: Self.freeBytes(onFileSystemOf: path),
                writtenBytes: Self.size(ofFile: path + "-wal"))
        case 8: self = .readOnly(path: path)  // SQLITE_READONLY
        case 5, 6: self = .busy(path: path)  // SQLITE_BUSY, SQLITE_LOCKED
        case 26: self = .notADatabase(path: path)  // SQLITE_NOTADB
        case 11: self = .corrupt(path: path)  // SQLITE_CORRUPT
        case 14: self = .cannotOpen(path: path)  // SQLITE_CANTOPEN
        case 10: self = .ioError(path: path, code: code)  // SQLITE_IOERR
        default: return nil
        }
    }

    /// The bytes free on the file system that holds `path` (or would hold it: its folder).
    private static func freeBytes(onFileSystemOf path: String) -> Int64? {
        let folder = (path as NSString).deletingLastPathComponent
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: folder.isEmpty ? "." : folder)
        return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value
    }

    /// The size of the file at `path`, nil when there is none.
    private static func size(ofFile path: String) -> Int64? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.int64Value
    }
}
