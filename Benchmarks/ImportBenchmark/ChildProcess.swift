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

/// Times the phases of one import apart: hashing, reading and validating alone (into a
/// sink that keeps nothing), inserting through the store's batch writer (reading
/// included), and its commit. Prints `hash=W/C read_validate=W/C insert=W/C commit=W/C`
/// in wall/CPU seconds; returns the exit status.
func runChildPhases(csv: String, database path: String) -> Int32 {
    do {
        var clock = PhaseClock()
        guard let handle = FileHandle(forReadingAtPath: csv) else { return 66 }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { hasher.update($0) }
        }
        let sha256 = SHA256.hex(hasher.finalize())
        let hash = clock.lap()
        let importer = Importer(database: nil)
        let options = ImportOptions(study: "benchmark")
        var nothing = DiscardingSink()
        _ = try importer.read(fileAt: csv, options: options, into: &nothing)
        let readValidate = clock.lap()
        let database = try StudyDatabase(path: path)
        _ = clock.lap()
        var writer = try database.beginImport(
            NewBatch(study: "benchmark", source: csv, sha256: sha256, format: "csv", kind: .trials))
        _ = try importer.read(fileAt: csv, options: options, into: &writer)
        let insert = clock.lap()
        _ = try writer.commit()
        let commit = clock.lap()
        print("hash=\(hash) read_validate=\(readValidate) insert=\(insert) commit=\(commit)")
        return 0
    } catch {
        print("error: \(error)")
        return 1
    }
}
