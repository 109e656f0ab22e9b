import Foundation

/// The study database a benchmark measures: reused when it holds the current fill with the
/// wanted number of trials (its one study named benchmark, imported on
/// ``StudyFill/device``), otherwise filled by a child process of the benchmark program
/// (`PROGRAM --fill N PATH`, which calls ``runFill(rows:database:)``), so that the
/// benchmark's own process stays small: its size would count in the ru_maxrss of the
/// processes it starts. A file that is not a benchmark database is never replaced.
public struct BenchmarkDatabase {
    public let path: String
    public let trials: Int
    /// Whether this run filled the file (and so removes it unless asked to keep it).
    public private(set) var filledHere = false

    /// Reuses or fills the database at `path`; prints what it did. Exits the program when
    /// the file is not a benchmark database or the fill fails.
    public init(path: String, trials: Int, fillingWith executable: String) throws {
        self.path = path
        self.trials = trials
        let exists = FileManager.default.fileExists(atPath: path)
        if exists, sqliteValue("SELECT group_concat(name) FROM study", database: path) != "benchmark" {
            print("\(path) exists and is not a benchmark database; name another with --db")
            exit(1)
        }
        if exists {
            let current =
                "SELECT (SELECT count(*) FROM trial) || ' ' || (SELECT count(*) FROM batch b JOIN device d "
                + "ON d.id = b.device_id WHERE d.name = '\(StudyFill.device.name)')"
            if sqliteValue(current, database: path) == "\(trials) 1" {
                print("reusing \(path) (\(trials) trials)")
                return
            }
            print("\(path) holds another fill (trials or device differ); filling it again")
        }
        removeDatabase(path)
        filledHere = true
        let fill = try timeChild(executable, ["--fill", String(trials), path])
        guard fill.status == 0 else {
            print("filling \(path) failed (status \(fill.status)):\n\(fill.output)")
            removeDatabase(path)
            exit(1)
        }
        print(fill.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// One value from the sqlite3 CLI on this database (for checks, not timed).
    public func value(_ sql: String) -> String? { sqliteValue(sql, database: path) }

    /// The file's size in MB.
    public var megabytes: Double {
        Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
    }
}

/// One value from the sqlite3 CLI (for checks, not timed); `nil` when sqlite3 fails.
public func sqliteValue(_ sql: String, database: String) -> String? {
    guard let run = try? timeChild("sqlite3", [database, sql]), run.status == 0 else { return nil }
    return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Removes a database with its write-ahead log and shared-memory files.
public func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
}
