import BenchmarkSupport
import Foundation
import ThumbLab

// Reachability benchmark: `heatmap` (time, target positions), `heatmap --position touch`
// (offsets by where the thumb landed) and `reach`, each with the commands' defaults (a 4x6
// grid over the device's screen, every attempt), end to end on a large study database,
// against the sqlite3 CLI running the equivalent GROUP BY screen cell (the cell index
// computed in SQL) on the same file in the same run.
//
//     swift run -c release --package-path Benchmarks thumblab-reach-benchmark [--trials N] [--db PATH] [--keep]
//         [--runs N] [--profile]
//
// --trials   rows of the study (default 10,000,000): 24 participants, 3 x 3 x 2 within,
//            on a 360 x 640 px phone with targets over the whole screen
// --db       the database (default /tmp/thumblab-reach-benchmark-N.sqlite); one that
//            exists with N trial rows of the current fill is reused, so reruns skip the fill
// --keep     keep a database this run filled (otherwise it is removed at the end)
// --runs     timed runs of each step (default 3; the median is reported)
// --profile  also time the splits of the heatmap (layout, typed read, raw SQLite stepping)
//
// Each step runs in a child process (this program with `--measure KIND DB`, or sqlite3
// itself) so that its peak resident memory is its own: VmHWM reported by our child, GNU
// time's %M for sqlite3. Wall and CPU time are measured from spawn to exit (wait4). The
// database is filled by a child too; the fill is timed and printed but not measured.
// `--measure digest DB` prints every heatmap, difference map and reach zone variant in
// full, to check that a change to the library leaves its results as they were.
// Goal (the issue): ratio to sqlite3 at most 1.0, peak memory under 200 MB.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--measure", arguments.count == 3 {
    exit(runMeasurement(arguments[1], database: arguments[2]))
}
if arguments.first == "--fill", arguments.count == 3, let rows = Int(arguments[1]) {
    exit(runFill(rows: rows, database: arguments[2]))
}

let options = BenchmarkOptions(arguments, program: "thumblab-reach-benchmark")
let (trials, keep, runs, profile) = (options.trials, options.keep, options.runs, options.profile)
let executablePath = CommandLine.arguments[0]
let path = options.databasePath

// 1. The database: reused when it holds the right number of trials, otherwise filled.
let database = try BenchmarkDatabase(path: path, trials: trials, fillingWith: executablePath)
defer { if database.filledHere && !keep { removeDatabase(path) } }
let conditions = (database.value("SELECT min(id) || ' ' || max(id) FROM condition") ?? "")
    .split(separator: " ").compactMap { Int($0) }
guard conditions.count == 2 else {
    print("\(path) holds no conditions")
    exit(1)
}
let grid = try ScreenGrid(device: StudyFill.device, size: benchmarkGrid)
print(
    String(
        format:
            "database: %.0f MB, %d trials (every attempt), 24 participants x 18 conditions; %@ grid over %@ (%.0f x %.0f px)",
        database.megabytes, trials, benchmarkGrid.description, StudyFill.device.name, StudyFill.device.widthPx,
        StudyFill.device.heightPx))

// 2. The baseline: sqlite3's aggregation per screen cell of the target centre, the cell
// index computed as the heatmap bins (a point on the far edge in the last column or row).
// `ln` needs a CLI built with the math functions (SQLITE_ENABLE_MATH_FUNCTIONS, 3.35+).
let hasLn = sqliteValue("SELECT ln(1.0)", database: ":memory:") != nil
let cellSQL =
    "min(\(grid.columns - 1), CAST(target_x / \(grid.cellWidth) AS INT)) + \(grid.columns) * "
    + "min(\(grid.rows - 1), CAST(target_y / \(grid.cellHeight) AS INT))"
let selectionSQL = "FROM trial WHERE condition_id BETWEEN \(conditions[0]) AND \(conditions[1])"
let baselineSQL =
    "SELECT \(cellSQL) AS cell, count(*), sum(hit), " + (hasLn ? "avg(ln(time_ms)), " : "avg(time_ms), ")
    + "avg(touch_x - target_x), avg(touch_y - target_y) \(selectionSQL) GROUP BY cell"
print("baseline: sqlite3 \(path) \"\(baselineSQL)\" > /dev/null")
if !hasLn {
    print("  (this sqlite3 has no ln(): the baseline computes avg(time_ms) instead, and is thus a little cheaper)")
}

func measureChild(_ kind: String) -> BenchmarkStep.Command { .program(executablePath, ["--measure", kind, path]) }

var steps = [
    BenchmarkStep("sqlite3 GROUP BY cell", .sqlite3(database: path, sql: baselineSQL)),
    BenchmarkStep("heatmap (time, target)", measureChild("heatmap")),
    BenchmarkStep("heatmap --position touch", short: "heatmap-touch", measureChild("heatmap-touch")),
    BenchmarkStep("reach", measureChild("reach")),
]

// 3. One untimed run of each step first, so that every timed run finds the file in the
// page cache; then a check that the heatmap's cells hold what sqlite3's GROUP BY counts.
try warmUp(&steps)
let sqliteCells = sqliteValue(
    "SELECT group_concat(n || ':' || h, ',') FROM (SELECT \(cellSQL) AS cell, count(*) AS n, sum(hit) AS h "
        + "\(selectionSQL) GROUP BY cell ORDER BY cell)", database: path)
let heatmapCells = reportValues(steps[1].detail)["cells"]
print(
    "check: the heatmap's trials and hits per cell "
        + (sqliteCells == heatmapCells
            ? "equal sqlite3's GROUP BY" : "DIFFER from sqlite3's GROUP BY (\(sqliteCells ?? "none"))"))

// 4. Timed runs, the steps interleaved so that a busy moment of the machine hits all alike.
try runInterleaved(&steps, runs: runs)
printStepTable(steps, trials: trials, runs: runs, goalRatio: 1.0)

// 5. Optional splits: where the heatmap's time goes.
if profile {
    let probes = [
        ("start", "start and end a process of this program"),
        ("layout", "open the study and resolve the selection (no block filter: no scan of the trials)"),
        ("read", "the heatmap's typed read, its statement stepped through the C API (SQLite alone)"),
    ]
    let medians = try runProbes(probes, runs: runs, command: measureChild)
    // What is left of each analysis: the Swift work per trial and the figures.
    let start = medians["start"]!
    let layout = medians["layout"]!
    let sql = medians["read"]!
    for step in steps.dropFirst() {
        let cpu = median(step.cpu)
        print(
            String(
                format:
                    "%@: layout %.2f + SQLite read %.2f + Swift tallies and figures %.2f s CPU (of %.2f; wall %.2f)",
                step.name, layout.cpu - start.cpu, sql.cpu - start.cpu, cpu - layout.cpu - sql.cpu + start.cpu, cpu,
                median(step.seconds)))
    }
}
