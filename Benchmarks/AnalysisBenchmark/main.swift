import BenchmarkSupport
import Foundation
import ThumbLab

// Analysis benchmark: `summary` over every factor and `compare --measure time --factor
// technique`, end to end on a large study database, against the sqlite3 CLI running the
// equivalent GROUP BY participant, condition aggregation on the same file in the same run.
//
//     swift run -c release thumblab-analysis-benchmark [--trials N] [--db PATH] [--keep]
//         [--runs N] [--profile]
//
// --trials   rows of the study (default 10,000,000): 24 participants, 3 x 3 x 2 within
// --db       the database (default /tmp/thumblab-analysis-benchmark-N.sqlite); one that
//            exists with N trial rows is reused, so reruns skip the fill
// --keep     keep a database this run filled (otherwise it is removed at the end)
// --runs     timed runs of each step (default 3; the median is reported)
// --profile  also time the splits of the analyses (layout, typed read, raw SQLite stepping)
//
// Each step runs in a child process (this program with `--measure summary|compare DB`,
// or sqlite3 itself) so that its peak resident memory is its own: VmHWM reported by our
// child, GNU time's %M for sqlite3. Wall and CPU time are measured from spawn to exit
// (wait4): process start, opening the database and printing are part of every step alike.
// The database is filled by a child too (a CSV streamed to a temporary file, imported
// with the library's Importer); the fill is timed and printed but not measured.
// Goal (the issue): ratio to sqlite3 at most 1.5, peak memory under 200 MB.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--measure", (3...4).contains(arguments.count) {
    exit(runMeasurement(arguments[1], database: arguments[2], sql: arguments.count == 4 ? arguments[3] : nil))
}
if arguments.first == "--fill", arguments.count == 3, let rows = Int(arguments[1]) {
    exit(runFill(rows: rows, database: arguments[2]))
}

var trials = 10_000_000
var databasePath: String?
var keep = false
var runs = 3
var profile = false
var index = 0
func usage() -> Never {
    print("usage: thumblab-analysis-benchmark [--trials N] [--db PATH] [--keep] [--runs N] [--profile]")
    exit(64)
}
while index < arguments.count {
    switch arguments[index] {
    case "--trials" where index + 1 < arguments.count:
        guard let value = Int(arguments[index + 1].replacingOccurrences(of: "_", with: "")), value > 0 else { usage() }
        trials = value
        index += 1
    case "--db" where index + 1 < arguments.count:
        databasePath = arguments[index + 1]
        index += 1
    case "--runs" where index + 1 < arguments.count:
        guard let value = Int(arguments[index + 1]), value > 0 else { usage() }
        runs = value
        index += 1
    case "--keep": keep = true
    case "--profile": profile = true
    default: usage()
    }
    index += 1
}
let executablePath = CommandLine.arguments[0]
let path = databasePath ?? "/tmp/thumblab-analysis-benchmark-\(trials).sqlite"

/// One value from the sqlite3 CLI (for checks, not timed).
func sqliteValue(_ sql: String, database: String = path) -> String? {
    guard let run = try? timeChild("sqlite3", [database, sql]), run.status == 0 else { return nil }
    return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
}

func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
}

// 1. The database: reused when it holds the right number of trials, otherwise filled.
// A file that is not a benchmark database (one study, named benchmark) is never replaced.
var filledHere = false
if FileManager.default.fileExists(atPath: path), sqliteValue("SELECT group_concat(name) FROM study") != "benchmark" {
    print("\(path) exists and is not a benchmark database; name another with --db")
    exit(1)
}
if FileManager.default.fileExists(atPath: path), sqliteValue("SELECT count(*) FROM trial") == String(trials) {
    print("reusing \(path) (\(trials) trials)")
} else {
    removeDatabase(path)
    filledHere = true
    // In a child, so that this process stays small (its size would count in the ru_maxrss
    // of the processes it starts).
    let fill = try timeChild(executablePath, ["--fill", String(trials), path])
    guard fill.status == 0 else {
        print("filling \(path) failed (status \(fill.status)):\n\(fill.output)")
        removeDatabase(path)
        exit(1)
    }
    print(fill.output.trimmingCharacters(in: .whitespacesAndNewlines))
}
defer { if filledHere && !keep { removeDatabase(path) } }
let fileMB = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
let firstAttempts = Int(sqliteValue("SELECT count(*) FROM trial WHERE attempt = 1") ?? "") ?? -1
print(
    String(
        format: "database: %.0f MB, %d trials, %d first attempts, 24 participants x 18 conditions",
        fileMB, trials, firstAttempts))

// 2. The baseline: sqlite3's own aggregation per participant and condition. `ln` needs a
// CLI built with the math functions (SQLITE_ENABLE_MATH_FUNCTIONS, 3.35+).
let hasLn = sqliteValue("SELECT ln(1.0)", database: ":memory:") != nil
let baselineSQL =
    "SELECT participant_id, condition_id, count(*), "
    + (hasLn ? "avg(ln(time_ms)), " : "") + "avg(time_ms), sum(hit) FROM trial WHERE attempt = 1 "
    + "GROUP BY participant_id, condition_id"
print("baseline: sqlite3 \(path) \"\(baselineSQL)\" > /dev/null")
if !hasLn {
    print("  (this sqlite3 has no ln(): the baseline computes avg(time_ms) only, and is thus a little cheaper)")
}

struct Step {
    let name: String
    let run: () throws -> ChildRun
    var seconds: [Double] = []
    var cpu: [Double] = []
    var peakKiB = 0
    var detail = ""
}

func measureChild(_ kind: String) -> () throws -> ChildRun {
    { try timeChild(executablePath, ["--measure", kind, path]) }
}

// sqlite3's peak memory: ru_maxrss of a process started with posix_spawn also counts the
// image it was started from (Linux keeps the old image's high-water mark across exec), so
// GNU time, which forks from its own small image, measures it in the warm-up run. Without
// it ru_maxrss stands, an upper bound. Our children report their own VmHWM.
let gnuTime = "/usr/bin/time"
let hasGNUTime = FileManager.default.isExecutableFile(atPath: gnuTime)
var warmingUp = true

var steps = [
    Step(
        name: "sqlite3 GROUP BY (baseline)",
        run: {
            if warmingUp && hasGNUTime {
                return try timeChild(gnuTime, ["-f", "peak_kib=%M", "sqlite3", path, baselineSQL], discardOutput: true)
            }
            return try timeChild("sqlite3", [path, baselineSQL], discardOutput: true)
        }),
    Step(name: "summary (all factors)", run: measureChild("summary")),
    Step(name: "compare time by technique", run: measureChild("compare")),
]

/// Runs a step once; checks its status and keeps its peak memory and details.
func runOnce(_ step: inout Step) throws -> ChildRun {
    let result = try step.run()
    guard result.status == 0 else {
        print("\(step.name) failed (status \(result.status)):\n\(result.output)")
        exit(1)
    }
    let values = reportValues(result.output)
    if let peak = values["peak_kib"].flatMap({ Int($0) }) {
        step.peakKiB = max(step.peakKiB, peak)
    } else if !hasGNUTime {
        step.peakKiB = max(step.peakKiB, result.maxRSSKiB)
    }
    step.detail = values.filter { !["seconds", "peak_kib"].contains($0.key) }.sorted { $0.key < $1.key }
        .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    return result
}

// 3. One untimed run of each step first, so that every timed run finds the file in the
// page cache (the database is read from memory, not disk, by all three alike).
print("warm-up: one untimed run of each step (page cache warm before timing)")
for position in steps.indices { _ = try runOnce(&steps[position]) }
warmingUp = false
for position in steps.indices where !steps[position].detail.isEmpty {
    print("  \(steps[position].name): \(steps[position].detail)")
}
if let summaryTrials = reportValues(steps[1].detail)["trials"], summaryTrials != String(firstAttempts) {
    print("  warning: summary used \(summaryTrials) trials, the database has \(firstAttempts) first attempts")
}

// 4. Timed runs, the steps interleaved so that a busy moment of the machine hits all alike.
for run in 1...runs {
    var line = "run \(run):"
    for position in steps.indices {
        let result = try runOnce(&steps[position])
        steps[position].seconds.append(result.seconds)
        steps[position].cpu.append(result.cpuSeconds)
        line += String(format: " %@ %.2f s;", steps[position].name.components(separatedBy: " ")[0], result.seconds)
    }
    print(line)
}

let baseline = median(steps[0].seconds)
let baselineCPU = median(steps[0].cpu)
print("")
print(
    String(
        format: "%d trials, median of %d runs; wall time from spawn to exit, CPU = user + system", trials, runs))
print("step                         wall s   ratio    CPU s  CPU ratio  peak MB")
for step in steps {
    let wall = median(step.seconds)
    let cpu = median(step.cpu)
    print(
        String(
            format: "%@ %7.2f %7.2f %8.2f %10.2f %8.1f", step.name.padding(toLength: 27, withPad: " ", startingAt: 0),
            wall, wall / baseline, cpu, cpu / baselineCPU, Double(step.peakKiB) / 1024))
}
if !hasGNUTime { print("(sqlite3's peak is ru_maxrss, an upper bound: no \(gnuTime) to measure it alone)") }
let worstRatio = steps.dropFirst().map { median($0.seconds) / baseline }.max() ?? .nan
let worstPeak = Double(steps.dropFirst().map(\.peakKiB).max() ?? 0) / 1024
print(
    String(
        format: "goal: wall ratio <= 1.5 (worst %.2f: %@), peak < 200 MB (worst %.1f MB: %@)", worstRatio,
        worstRatio <= 1.5 ? "met" : "NOT met", worstPeak, worstPeak < 200 ? "met" : "NOT met"))
print("(on a busy machine the CPU ratio is the steadier figure)")

// 5. Optional splits: where the analyses' time goes.
if profile {
    print("")
    print("profile: median of \(runs) runs each, from spawn to exit")
    print("probe          wall s    CPU s  peak MB  what it does")
    let probes = [
        ("start", "start and end a process of this program"),
        ("layout", "open the study and resolve the selection (reads the layout: a scan of every trial's block)"),
        ("read-summary", "the SQL summary's typed read prepares, stepped through the C API (SQLite alone)"),
        ("read-compare", "the same for compare --measure time (3 columns)"),
    ]
    var medians: [String: (wall: Double, cpu: Double)] = [:]
    for (kind, meaning) in probes {
        var step = Step(name: kind, run: measureChild(kind))
        for _ in 1...runs {
            let result = try runOnce(&step)
            step.seconds.append(result.seconds)
            step.cpu.append(result.cpuSeconds)
        }
        medians[kind] = (median(step.seconds), median(step.cpu))
        print(
            String(
                format: "%@ %7.2f %8.2f %8.1f  %@", kind.padding(toLength: 12, withPad: " ", startingAt: 0),
                median(step.seconds), median(step.cpu), Double(step.peakKiB) / 1024, meaning))
    }
    // What is left of each analysis: the Swift work per trial and the statistics.
    for (position, read) in [(1, "read-summary"), (2, "read-compare")] {
        let start = medians["start"]!
        let layout = medians["layout"]!
        let sql = medians[read]!
        let wall = median(steps[position].seconds)
        let cpu = median(steps[position].cpu)
        print(
            String(
                format: "%@: layout %.2f + SQLite read %.2f + Swift and statistics %.2f s CPU (of %.2f; wall %.2f)",
                steps[position].name, layout.cpu - start.cpu, sql.cpu - start.cpu,
                cpu - layout.cpu - sql.cpu + start.cpu, cpu, wall))
    }
}
