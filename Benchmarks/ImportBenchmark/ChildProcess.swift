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

/// The process's peak resident set size in KiB, from `VmHWM` in /proc/self/status.
func peakResidentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }
    return 0
}

/// A finished child process: wall time, CPU time (user + system, from wait4's rusage),
/// exit status and output.
struct ChildRun {
    var seconds: Double
    var cpuSeconds: Double
    var status: Int32
    var output: String
}

/// Runs a program to completion with posix_spawn, its output sent to a temporary file.
func timeChild(_ executable: String, _ arguments: [String]) throws -> ChildRun {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
        "thumblab-benchmark-child-\(getpid()).txt"
    ).path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = Date()
    let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
        throw ThumbLabError.usage("cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    let seconds = Date().timeIntervalSince(start)
    let cpu =
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        / 1e6
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return ChildRun(seconds: seconds, cpuSeconds: cpu, status: exitStatus, output: output)
}

/// The middle value (mean of the two middle values for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
