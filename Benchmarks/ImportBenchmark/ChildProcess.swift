import BenchmarkSupport
import Foundation
import ThumbLab

/// What the child import prints on its one line of output.
struct ChildReport {
    var rows: Int
    var seconds: Double
    var peakKiB: Int

    /// Parses `rows=N seconds=S peak_kib=K`.
    init?(parsing output: String) {
        var values: [String: String] = [:]
        for pair in output.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        guard let rows = values["rows"].flatMap({ Int($0) }), let seconds = values["seconds"].flatMap({ Double($0) }),
            let peak = values["peak_kib"].flatMap({ Int($0) })
        else { return nil }
        self.rows = rows
        self.seconds = seconds
        self.peakKiB = peak
    }
}

/// Imports `csv` into a fresh database and prints a ``ChildReport`` line; the exit status.
func runChildImport(csv: String, database path: String) -> Int32 {
    do {
        let start = Date()
        let database = try StudyDatabase(path: path)
        let report = try Importer(database: database).importFile(at: csv, options: ImportOptions(study: "benchmark"))
        let seconds = Date().timeIntervalSince(start)
        print("rows=\(report.rows) seconds=\(seconds) peak_kib=\(peakResidentKiB())")
        return 0
    } catch {
        print("error: \(error)")
        return 1
    }
}

/// Validates `csv` without a database (a dry run) and prints a ``ChildReport`` line, so
/// that the memory of reading alone can be told apart from the store's.
func runChildDryRun(csv: String) -> Int32 {
    do {
        let start = Date()
        let report = try Importer(database: nil).importFile(at: csv, options: ImportOptions(dryRun: true))
        print("rows=\(report.rows) seconds=\(Date().timeIntervalSince(start)) peak_kib=\(peakResidentKiB())")
        return 0
    } catch {
        print("error: \(error)")
        return 1
    }
}

/// Wall and CPU (user + system) seconds of one phase.
struct PhaseClock {
    private var wall = Date()
    private var cpu = PhaseClock.cpuSeconds()

    /// `wall/cpu` seconds since the clock was (re)started, and restarts it.
    mutating func lap() -> String {
        let text = String(format: "%.2f/%.2f", Date().timeIntervalSince(wall), PhaseClock.cpuSeconds() - cpu)
        self = PhaseClock()
        return text
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
            usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// Times one import's phases as far as the public API tells them apart: a dry run (the
/// file hashed, then read and validated into nothing: no database), then the import of the
/// same file into a fresh database (hashing, reading, validating, the store's inserts and
/// its commit, the hash on a thread of its own). What the import takes beyond the dry run
/// is the store's work. Prints `dry_run=W/C import=W/C` in wall/CPU seconds; returns the
/// exit status.
func runChildPhases(csv: String, database path: String) -> Int32 {
    do {
        var clock = PhaseClock()
        _ = try Importer(database: nil).importFile(at: csv, options: ImportOptions(dryRun: true))
        let dryRun = clock.lap()
        let database = try StudyDatabase(path: path)
        _ = clock.lap()
        _ = try Importer(database: database).importFile(at: csv, options: ImportOptions(study: "benchmark"))
        let imported = clock.lap()
        print("dry_run=\(dryRun) import=\(imported)")
        return 0
    } catch {
        print("error: \(error)")
        return 1
    }
}
