import BenchmarkSupport
import Foundation
import ThumbLab

/// The undo of the benchmark's import, against the import's time (goal: at most half of
/// it): once as ThumbLab undoes (`secure_delete` off) and once with `secure_delete` on, as
/// Debian's SQLite would by default, on a copy of the database made before either undo.
/// Prints each undo's wall and CPU seconds and its ratio to the import.
func printUndoTimings(databasePath: String, imported: Timing) throws {
    let copy = databasePath + ".secure-delete.sqlite"
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: copy + suffix)
        if FileManager.default.fileExists(atPath: databasePath + suffix) {
            try FileManager.default.copyItem(atPath: databasePath + suffix, toPath: copy + suffix)
        }
    }
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
    for (label, path, secureDelete) in [
        ("undo (secure_delete off)", databasePath, false), ("undo (secure_delete on) ", copy, true),
    ] {
        let database = try StudyDatabase(path: path, secureDelete: secureDelete)
        guard let batch = try database.batches().last else { throw BenchmarkFailure("no batch to undo in \(path)") }
        let undone = try measure { _ = try database.undo(batch: batch.id) }
        let ratios = String(format: "%.2f wall, %.2f CPU", undone.wall / imported.wall, undone.cpu / imported.cpu)
        print("\(label)  \(undone.text); undo / import \(ratios)")
    }
}
