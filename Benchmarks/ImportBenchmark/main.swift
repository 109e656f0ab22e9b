import BenchmarkSupport
import Foundation
import ThumbLab

// Import benchmark: ThumbLab's typed, validated import of a trials CSV against the
// untyped `sqlite3 .import` of the same file, measured in the same run.
//
//     swift run -c release --package-path Benchmarks thumblab-import-benchmark [ROWS] [--runs N]
//
// Each import runs in a child process (this program with `--child-import`), so the peak
// resident memory (VmHWM) it reports belongs to the import alone. The two imports
// alternate, each into a fresh database, and the medians are compared.

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--child-import", arguments.count == 3 {
    exit(runChildImport(csv: arguments[1], database: arguments[2]))
}
if arguments.first == "--child-dry-run", arguments.count == 2 {
    exit(runChildDryRun(csv: arguments[1]))
}
if arguments.first == "--child-phases", arguments.count == 3 {
    exit(runChildPhases(csv: arguments[1], database: arguments[2]))
}

var rows = 2_000_000
var runs = 3
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--runs" where index + 1 < arguments.count:
        runs = max(1, Int(arguments[index + 1]) ?? runs)
        index += 1
    case let value where Int(value) != nil:
        rows = Int(value)!
    default:
        print("usage: thumblab-import-benchmark [ROWS] [--runs N]")
        exit(64)
    }
    index += 1
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumblab-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let csv = folder.appendingPathComponent("trials.csv").path

let generationStart = Date()
let bytes = try TrialLogGenerator(rows: rows).write(to: csv)
print(
    String(
        format: "generated %d rows, %.1f MB in %.1f s: %@", rows, Double(bytes) / 1e6,
        Date().timeIntervalSince(generationStart), csv))

var thumbLabSeconds: [Double] = []
var sqliteSeconds: [Double] = []
var thumbLabCPU: [Double] = []
var sqliteCPU: [Double] = []
var peakKiB = 0
for run in 1...runs {
    let ours = try timeChild(
        CommandLine.arguments[0], ["--child-import", csv, folder.appendingPathComponent("thumblab-\(run).sqlite").path])
    guard ours.status == 0, let report = ChildReport(parsing: ours.output) else {
        print("ThumbLab import failed (status \(ours.status)):\n\(ours.output)")
        exit(1)
    }
    guard report.rows == rows else {
        print("ThumbLab imported \(report.rows) rows, expected \(rows)")
        exit(1)
    }
    thumbLabSeconds.append(ours.seconds)
    thumbLabCPU.append(ours.cpuSeconds)
    peakKiB = max(peakKiB, report.peakKiB)
    let theirs = try timeChild(
        "sqlite3",
        ["-cmd", ".mode csv", folder.appendingPathComponent("sqlite-\(run).sqlite").path, ".import \(csv) t"])
    guard theirs.status == 0 else {
        print("sqlite3 .import failed (status \(theirs.status)):\n\(theirs.output)")
        exit(1)
    }
    sqliteSeconds.append(theirs.seconds)
    sqliteCPU.append(theirs.cpuSeconds)
    print(
        String(
            format: "run %d: ThumbLab %.2f s wall, %.2f s CPU (peak %.1f MB); sqlite3 .import %.2f s wall, %.2f s CPU",
            run, ours.seconds, ours.cpuSeconds, Double(report.peakKiB) / 1024, theirs.seconds, theirs.cpuSeconds))
}

let ourMedian = median(thumbLabSeconds)
let theirMedian = median(sqliteSeconds)
print(String(format: "ThumbLab:       %.2f s median of %d, %.0f rows/s", ourMedian, runs, Double(rows) / ourMedian))
print(String(format: "sqlite3 import: %.2f s median of %d, %.0f rows/s", theirMedian, runs, Double(rows) / theirMedian))
print(String(format: "ratio ThumbLab / sqlite3 wall time: %.2f (goal <= 1.0)", ourMedian / theirMedian))
print(
    String(
        format: "ratio ThumbLab / sqlite3 CPU time:  %.2f (user + system; steadier on a busy machine)",
        median(thumbLabCPU) / median(sqliteCPU)))
print(String(format: "ThumbLab peak memory (VmHWM): %.1f MB (goal < 150 MB)", Double(peakKiB) / 1024))

// Where ThumbLab's time goes, measured once more in a child of its own.
let phases = try timeChild(
    CommandLine.arguments[0], ["--child-phases", csv, folder.appendingPathComponent("phases.sqlite").path])
print("ThumbLab phases (wall/CPU s): \(phases.output.trimmingCharacters(in: .whitespacesAndNewlines))")
print("  dry_run hashes the file, then parses, types and validates every field into nothing; import")
print("  does the same into the database (the hash on a thread of its own) and commits: the difference")
print("  is the store's work (prepared inserts, attempts, the commit)")

// The reader's own memory: the same file validated without a database (a dry run).
let dryRun = try timeChild(CommandLine.arguments[0], ["--child-dry-run", csv])
if let report = ChildReport(parsing: dryRun.output) {
    print(
        String(
            format: "reading and validating alone (dry run): %.2f s wall, %.2f s CPU, peak %.1f MB",
            dryRun.seconds, dryRun.cpuSeconds, Double(report.peakKiB) / 1024))
}
