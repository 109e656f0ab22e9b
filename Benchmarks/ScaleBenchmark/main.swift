import BenchmarkSupport
import Foundation
import ThumbLab

// Scale benchmark: import and analyses from one million to a hundred million trials.
//
//     swift run -c release --package-path Benchmarks thumblab-scale-benchmark [ROWS] [--folder DIR] [--keep]
//
// ROWS      trials to generate (default 10,000,000; 100000000 for the largest run, about
//           5.3 GB of CSV: the free disk space is checked first)
// --analyses DB   run only the analyses, on a database a run kept
// --folder  where the CSV files and databases go (default the system temporary folder)
// --keep    keep the files (otherwise removed at the end)
//
// Imports of 1M rows and of ROWS rows (and of 10M on the way to 100M) run in child
// processes of this program, each against `sqlite3 .import` of the same file in the same
// run; the per-row cost at each size shows whether the cost grows linearly (goal: the
// largest within 20% of 1M's per row; the journal each import ran in). Then summary (of
// first attempts, and of last attempts as `last`), compare, heatmap and report run on the
// largest database, each in a child, with their wall time and peak memory, summary,
// compare and heatmap each against a sqlite3 GROUP BY of the same keys and sums (its SQL
// printed; goal: at most 1.0 times its time), the report against the three together (goal:
// under 60 s and at most 1.5 times); every command under 256 MB.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" { exit(runChild(Array(arguments.dropFirst()))) }

var rows = 10_000_000
var folderPath = FileManager.default.temporaryDirectory.path
var keep = false
var analysesOf: String?
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--folder" where index + 1 < arguments.count:
        folderPath = arguments[index + 1]
        index += 1
    case "--analyses" where index + 1 < arguments.count:
        analysesOf = arguments[index + 1]
        index += 1
    case "--keep": keep = true
    case let value where Int(value.replacingOccurrences(of: "_", with: "")).map({ $0 >= 1000 }) == true:
        rows = Int(value.replacingOccurrences(of: "_", with: ""))!
    default:
        say("usage: thumblab-scale-benchmark [ROWS >= 1000] [--folder DIR] [--keep] [--analyses DB]")
        exit(64)
    }
    index += 1
}

let executable = CommandLine.arguments[0]

/// Runs the analyses on `largestDatabase`, each against its GROUP BY.
func runAnalyses(on largestDatabase: String, rows: Int) throws {
    // 2. The analyses on the largest database, each against a sqlite3 GROUP BY of the same
    // keys and sums in the same run: summary and compare (per participant and condition:
    // count, hits, Σ time, Σ ln time over first attempts), the heatmap (per screen cell of its
    // grid: count, hits, Σ ln time and the offset sums over every attempt); the report against
    // the three together.
    let lnTime = sqliteValue("SELECT ln(1.0)", database: ":memory:") != nil ? "sum(ln(time_ms))" : "sum(time_ms)"
    let cellsSQL =
        "SELECT participant_id, condition_id, count(*), sum(hit), sum(time_ms), \(lnTime) FROM trial "
        + "WHERE attempt = 1 GROUP BY participant_id, condition_id"
    func screenCellSQL(grid: String) -> String {
        let g = grid.split(separator: ",").map(String.init)
        guard g.count == 6 else { return "SELECT 1" }
        let cell =
            "min(\(Int(g[4])! - 1), CAST((target_x - \(g[0])) / \(g[2]) AS INT)) + \(g[4]) * "
            + "min(\(Int(g[5])! - 1), CAST((target_y - \(g[1])) / \(g[3]) AS INT))"
        return
            "SELECT \(cell) AS cell, count(*), sum(hit), \(lnTime), sum(touch_x - target_x), sum(touch_y - target_y) "
            + "FROM trial WHERE target_x IS NOT NULL AND target_y IS NOT NULL GROUP BY cell"
    }
    say("analysis    wall s   CPU s  peak MB   GROUP BY s  ratio   (\(rows) trials)")
    var groupBySeconds: [String: Double] = [:]
    for kind in ["summary", "last", "compare", "heatmap", "report"] {
        let run = try Measured(kind, executable, ["--child", kind, largestDatabase])
        var sql: String?
        var baseline: Double?
        switch kind {
        case "summary", "compare": sql = cellsSQL
        case "heatmap": sql = screenCellSQL(grid: run.values["grid"] ?? "")
        case "report": baseline = ["summary", "compare", "heatmap"].compactMap { groupBySeconds[$0] }.reduce(0, +)
        default: break
        }
        if let sql {
            let groupBy = try Measured("sqlite3 GROUP BY", "sqlite3", [largestDatabase, sql])
            groupBySeconds[kind] = groupBy.seconds
            baseline = groupBy.seconds
        }
        let goal =
            switch kind {
            case "report": "goal < 60 s and <= 1.5 x the three GROUP BYs"
            case "last": "goal < 256 MB"
            default: "goal <= 1.0"
            }
        say(
            kind.padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(
                    format: "%7.2f %7.2f %8.1f %11.2f %6.2f   (%@, every command < 256 MB) trials=%@", run.seconds,
                    run.cpuSeconds, run.peakMB, baseline ?? .nan, baseline.map { run.seconds / $0 } ?? .nan, goal,
                    run.values["trials"] ?? "?"))
        if let sql { say("            sqlite3 DB \"\(sql)\"") }
    }
}

if let analysesOf {
    // A kept database holds one import, whose trial ids run from 1: the largest is the count.
    let trials = sqliteValue("SELECT max(id) FROM trial", database: analysesOf).flatMap { Int($0) }
    try runAnalyses(on: analysesOf, rows: trials ?? rows)
    exit(0)
}

let folder = URL(fileURLWithPath: folderPath).appendingPathComponent("thumblab-scale-\(getpid())")
let needed = bytesNeeded(rows: rows)
if let free = freeBytes(at: folderPath) {
    say(
        String(
            format: "disk: %.1f GB needed for %d rows, %.1f GB free in %@", Double(needed) / 1e9, rows,
            Double(free) / 1e9, folderPath))
    if free < needed {
        say("not enough free disk space; choose another folder with --folder DIR or fewer rows")
        exit(1)
    }
}
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

// 1. Imports at each size, ThumbLab and sqlite3 alternating on the same file.
let sizes = [1_000_000, 10_000_000, rows].filter { $0 <= rows }.reduce(into: [Int]()) {
    if !$0.contains($1) { $0.append($1) }
}
var perRow: [Int: Double] = [:]
var cpuPerRow: [Int: Double] = [:]
var largestDatabase = ""
say("size        ThumbLab s  us/row  peak MB   sqlite3 s  us/row   ratio")
for size in sizes {
    let csv = file("trials-\(size).csv")
    let started = Date()
    let bytes = try TrialLogGenerator(rows: size).write(to: csv)
    say(
        String(
            format: "  (generated %d rows, %.0f MB, in %.0f s)", size, Double(bytes) / 1e6,
            Date().timeIntervalSince(started)))
    let database = file("thumblab-\(size).sqlite")
    let ours = try Measured("ThumbLab import", executable, ["--child", "import", csv, database])
    guard Int(ours.values["rows"] ?? "") == size else {
        say("ThumbLab imported \(ours.values["rows"] ?? "?") rows, expected \(size)")
        exit(1)
    }
    let baselineDatabase = file("sqlite3-\(size).sqlite")
    let theirs = try Measured(
        "sqlite3 .import", "sqlite3", ["-cmd", ".mode csv", baselineDatabase, ".import \(csv) t"])
    try? FileManager.default.removeItem(atPath: baselineDatabase)
    if size != rows { try? FileManager.default.removeItem(atPath: csv) }
    perRow[size] = ours.seconds / Double(size)
    cpuPerRow[size] = ours.cpuSeconds / Double(size)
    say(
        String(
            format: "%-11d %10.2f %7.2f %8.1f %11.2f %7.2f %7.2f", size, ours.seconds,
            ours.seconds / Double(size) * 1e6,
            ours.peakMB, theirs.seconds, theirs.seconds / Double(size) * 1e6, ours.seconds / theirs.seconds))
    say(
        String(
            format: "            CPU %.2f s (sqlite3 CPU %.2f s, ratio %.2f), journal %@", ours.cpuSeconds,
            theirs.cpuSeconds, ours.cpuSeconds / theirs.cpuSeconds, ours.values["journal"] ?? "?"))
    if size == rows { largestDatabase = database } else { removeDatabase(database) }
}
if let small = perRow[1_000_000], let large = perRow[rows], rows > 1_000_000 {
    say(String(format: "per-row cost at %d rows / at 1M rows: %.2f (goal <= 1.2)", rows, large / small))
    say(
        String(
            format: "per-row CPU cost at %d rows / at 1M rows: %.2f (steadier on a busy machine)", rows,
            cpuPerRow[rows]! / cpuPerRow[1_000_000]!))
}

try runAnalyses(on: largestDatabase, rows: rows)
if !keep { removeDatabase(largestDatabase) }
