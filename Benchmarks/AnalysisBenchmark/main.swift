import BenchmarkSupport
import Foundation
import ThumbLab

// Analysis benchmark: `summary` over every factor and `compare --measure time --factor
// technique`, end to end on a large study database, against the sqlite3 CLI running the
// equivalent GROUP BY participant, condition aggregation on the same file in the same run.
//
//     swift run -c release --package-path Benchmarks thumblab-analysis-benchmark [--trials N] [--db PATH] [--keep]
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

let options = BenchmarkOptions(arguments, program: "thumblab-analysis-benchmark")
let (trials, keep, runs, profile) = (options.trials, options.keep, options.runs, options.profile)
let executablePath = CommandLine.arguments[0]
let path = options.databasePath

// 1. The database: reused when it holds the right number of trials, otherwise filled.
let database = try BenchmarkDatabase(path: path, trials: trials, fillingWith: executablePath)
defer { if database.filledHere && !keep { removeDatabase(path) } }
let firstAttempts = Int(database.value("SELECT count(*) FROM trial WHERE attempt = 1") ?? "") ?? -1
print(
    String(
        format: "database: %.0f MB, %d trials, %d first attempts, 24 participants x 18 conditions",
        database.megabytes, trials, firstAttempts))

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

func measureChild(_ kind: String) -> BenchmarkStep.Command { .program(executablePath, ["--measure", kind, path]) }

var steps = [
    BenchmarkStep("sqlite3 GROUP BY (baseline)", .sqlite3(database: path, sql: baselineSQL)),
    BenchmarkStep("summary (all factors)", measureChild("summary")),
    BenchmarkStep("compare time by technique", measureChild("compare")),
]

// 3. One untimed run of each step first, so that every timed run finds the file in the
// page cache (the database is read from memory, not disk, by all three alike).
try warmUp(&steps)
if let summaryTrials = reportValues(steps[1].detail)["trials"], summaryTrials != String(firstAttempts) {
    print("  warning: summary used \(summaryTrials) trials, the database has \(firstAttempts) first attempts")
}

// 4. Timed runs, the steps interleaved so that a busy moment of the machine hits all alike.
try runInterleaved(&steps, runs: runs)
printStepTable(steps, trials: trials, runs: runs, goalRatio: 1.5)

// 5. Optional splits: where the analyses' time goes.
if profile {
    let probes = [
        ("start", "start and end a process of this program"),
        ("layout", "open the study and resolve the selection (reads the layout: a scan of every trial's block)"),
        ("read-summary", "the SQL summary's typed read prepares, stepped through the C API (SQLite alone)"),
        ("read-compare", "the same for compare --measure time (3 columns)"),
    ]
    let medians = try runProbes(probes, runs: runs, command: measureChild)
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
