import BenchmarkSupport
import Foundation
import ThumbLab

// Import benchmark: ThumbLab's typed, validated import of a trials CSV against the
// untyped `sqlite3 .import` of the same file, measured in the same run.
//
//     swift run -c release --package-path Benchmarks thumblab-import-benchmark [ROWS] [--runs N]
//         [--numbering block|participant|running|both] [--imports-only] [--one-cpu]
//
// Each import runs in a child process (this program with `--child-import`), so the peak
// resident memory (VmHWM) it reports belongs to the import alone. The two imports
// alternate, each into a fresh database, and the medians are compared. By default the same
// rows (participants taking turns) are measured numbered two ways, per participant and by one
// running counter across the file, each against `sqlite3 .import` of its own file, and then
// against each other; `--numbering block` measures participants one after the other, trials
// numbered within each block. With `--one-cpu` both imports run on CPU 0 (`taskset -c 0`):
// ThumbLab's reading and writing threads then take turns instead of running at once, and
// its CPU time counts its work without what two threads running side by side on a shared
// machine add to each other's time.

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
// `--write-log ROWS NUMBERING PATH` writes one benchmark file and stops, for profiling an
// import of it outside the benchmark.
if arguments.first == "--write-log", arguments.count == 4, let rows = Int(arguments[1]),
    let numbering = TrialLogGenerator.Numbering(rawValue: arguments[2])
{
    let bytes = try TrialLogGenerator(rows: rows, numbering: numbering).write(to: arguments[3])
    print("wrote \(rows) rows, \(bytes) bytes: \(arguments[3])")
    exit(0)
}

var rows = 2_000_000
var runs = 3
/// The same rows numbered two ways, measured by default.
let interleaved: [TrialLogGenerator.Numbering] = [.perParticipant, .runningCounter]
var numberings = interleaved
var importsOnly = false
/// The command that runs each import on CPU 0, or nothing.
let pinning: [String] = arguments.contains("--one-cpu") ? ["taskset", "-c", "0"] : []
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--runs" where index + 1 < arguments.count:
        runs = max(1, Int(arguments[index + 1]) ?? runs)
        index += 1
    case "--numbering" where index + 1 < arguments.count && arguments[index + 1] == "both":
        numberings = interleaved
        index += 1
    case "--numbering"
    where index + 1 < arguments.count
        && TrialLogGenerator.Numbering(rawValue: arguments[index + 1]) != nil:
        numberings = [TrialLogGenerator.Numbering(rawValue: arguments[index + 1])!]
        index += 1
    case "--imports-only":
        importsOnly = true
    case "--one-cpu":
        break
    case let value where Int(value) != nil:
        rows = Int(value)!
    default:
        print(
            "usage: thumblab-import-benchmark [ROWS] [--runs N] [--numbering block|participant|running|both] [--imports-only] [--one-cpu]"
        )
        exit(64)
    }
    index += 1
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumblab-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

var medians: [(numbering: TrialLogGenerator.Numbering, wall: Double, cpu: Double)] = []
for numbering in numberings {
    let description =
        switch numbering {
        case .perBlock: "within each block, participants one after the other"
        case .perParticipant: "per participant, participants taking turns"
        case .runningCounter: "by one running counter, participants taking turns"
        }
    print("== trials numbered \(description) ==")
    let (wall, cpu) = try measureImports(
        of: numbering, rows: rows, runs: runs, folder: folder, phases: !importsOnly)
    medians.append((numbering, wall, cpu))
}
if let running = medians.first(where: { $0.numbering == .runningCounter }),
    let perParticipant = medians.first(where: { $0.numbering == .perParticipant })
{
    print(
        String(
            format: "the same rows, running counter / numbered per participant: wall %.2f, CPU %.2f (goal <= 1.1)",
            running.wall / perParticipant.wall, running.cpu / perParticipant.cpu))
}

/// Generates a log of `rows` rows numbered as `numbering` in `folder`, imports it `runs` times
/// with ThumbLab and sqlite3 alternately and prints the figures (with `phases`, also the
/// phases of one more import and a dry run's); the medians of ThumbLab's wall and CPU seconds.
func measureImports(
    of numbering: TrialLogGenerator.Numbering, rows: Int, runs: Int, folder: URL, phases measuringPhases: Bool
) throws -> (wall: Double, cpu: Double) {
    let csv = folder.appendingPathComponent("trials-\(numbering.rawValue).csv").path
    defer { try? FileManager.default.removeItem(atPath: csv) }
    let generationStart = Date()
    let bytes = try TrialLogGenerator(rows: rows, numbering: numbering).write(to: csv)
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
        let database = folder.appendingPathComponent("thumblab-\(run).sqlite").path
        defer { removeDatabase(database) }
        let ours = try timePinned(CommandLine.arguments[0], ["--child-import", csv, database])
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
        let theirDatabase = folder.appendingPathComponent("sqlite-\(run).sqlite").path
        defer { removeDatabase(theirDatabase) }
        let theirs = try timePinned("sqlite3", ["-cmd", ".mode csv", theirDatabase, ".import \(csv) t"])
        guard theirs.status == 0 else {
            print("sqlite3 .import failed (status \(theirs.status)):\n\(theirs.output)")
            exit(1)
        }
        sqliteSeconds.append(theirs.seconds)
        sqliteCPU.append(theirs.cpuSeconds)
        print(
            String(
                format:
                    "run %d: ThumbLab %.2f s wall, %.2f s CPU (peak %.1f MB); sqlite3 .import %.2f s wall, %.2f s CPU",
                run, ours.seconds, ours.cpuSeconds, Double(report.peakKiB) / 1024, theirs.seconds, theirs.cpuSeconds))
    }

    let ourMedian = median(thumbLabSeconds)
    let theirMedian = median(sqliteSeconds)
    print(String(format: "ThumbLab:       %.2f s median of %d, %.0f rows/s", ourMedian, runs, Double(rows) / ourMedian))
    print(
        String(
            format: "sqlite3 import: %.2f s median of %d, %.0f rows/s", theirMedian, runs, Double(rows) / theirMedian))
    print(String(format: "ratio ThumbLab / sqlite3 wall time: %.2f", ourMedian / theirMedian))
    print(
        String(
            format: "ratio ThumbLab / sqlite3 CPU time:  %.2f (goal <= 0.6; user + system, steadier on a busy machine)",
            median(thumbLabCPU) / median(sqliteCPU)))
    // Each run's two imports ran back to back: their ratio holds where the machine's speed
    // drifts between runs, which the ratio of the medians does not.
    print(
        String(
            format: "median of the runs' CPU ratios:    %.2f (each run's imports side by side)",
            median(zip(thumbLabCPU, sqliteCPU).map { $0 / $1 })))
    print(String(format: "ThumbLab peak memory (VmHWM): %.1f MB (goal < 150 MB)", Double(peakKiB) / 1024))

    guard measuringPhases else { return (ourMedian, median(thumbLabCPU)) }
    // Where ThumbLab's time goes, measured once more in a child of its own.
    let phasesDatabase = folder.appendingPathComponent("phases.sqlite").path
    defer { removeDatabase(phasesDatabase) }
    let phases = try timeChild(CommandLine.arguments[0], ["--child-phases", csv, phasesDatabase])
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
    return (ourMedian, median(thumbLabCPU))
}

/// Runs a child as ``timeChild(_:_:discardOutput:)`` does, on CPU 0 with `--one-cpu`.
func timePinned(_ executable: String, _ arguments: [String]) throws -> ChildRun {
    guard let command = pinning.first else { return try timeChild(executable, arguments) }
    return try timeChild(command, Array(pinning.dropFirst()) + [executable] + arguments)
}

/// Removes a database and its write-ahead log, so that the disk holds one run's files at a time.
func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}
