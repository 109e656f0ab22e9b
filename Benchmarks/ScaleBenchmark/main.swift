import BenchmarkSupport
import Foundation
import ThumbLab

// Scale benchmark: import and analyses from one million to a hundred million trials.
//
//     swift run -c release --package-path Benchmarks thumblab-scale-benchmark [ROWS] [--folder DIR] [--keep]
//
// ROWS      trials to generate (default 10,000,000; 100000000 for the largest run, about
//           5.3 GB of CSV: the free disk space is checked first)
// --folder  where the CSV files and databases go (default the system temporary folder)
// --keep    keep the files (otherwise removed at the end)
//
// Imports of 1M rows and of ROWS rows (and of 10M on the way to 100M) run in child
// processes of this program, each against `sqlite3 .import` of the same file in the same
// run; the per-row cost at each size shows whether the cost grows linearly (goal: the
// largest within 15% of 1M's per row; ThumbLab at most half of sqlite3's time). Then
// summary (of first attempts, and of last attempts as `last`), compare, heatmap and report
// run on the largest database, each in a child, with their wall time and peak memory
// (goals: under 60 s and 1 GB each; report under 5 min).

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" { exit(runChild(Array(arguments.dropFirst()))) }

var rows = 10_000_000
var folderPath = FileManager.default.temporaryDirectory.path
var keep = false
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--folder" where index + 1 < arguments.count:
        folderPath = arguments[index + 1]
        index += 1
    case "--keep": keep = true
    case let value where Int(value.replacingOccurrences(of: "_", with: "")).map({ $0 >= 1000 }) == true:
        rows = Int(value.replacingOccurrences(of: "_", with: ""))!
    default:
        say("usage: thumblab-scale-benchmark [ROWS >= 1000] [--folder DIR] [--keep]")
        exit(64)
    }
    index += 1
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
let executable = CommandLine.arguments[0]

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
            format: "            CPU %.2f s (sqlite3 CPU %.2f s, ratio %.2f)", ours.cpuSeconds, theirs.cpuSeconds,
            ours.cpuSeconds / theirs.cpuSeconds))
    if size == rows { largestDatabase = database } else { removeDatabase(database) }
}
if let small = perRow[1_000_000], let large = perRow[rows], rows > 1_000_000 {
    say(String(format: "per-row cost at %d rows / at 1M rows: %.2f (goal <= 1.15)", rows, large / small))
    say(
        String(
            format: "per-row CPU cost at %d rows / at 1M rows: %.2f (steadier on a busy machine)", rows,
            cpuPerRow[rows]! / cpuPerRow[1_000_000]!))
}

// 2. The analyses on the largest database.
say("analysis    wall s   CPU s  peak MB   (\(rows) trials)")
for (kind, goal) in [("summary", 60.0), ("last", 60.0), ("compare", 60.0), ("heatmap", 60.0), ("report", 300.0)] {
    let run = try Measured(kind, executable, ["--child", kind, largestDatabase])
    say(
        kind.padding(toLength: 11, withPad: " ", startingAt: 0)
            + String(
                format: "%7.2f %7.2f %8.1f   (goal < %.0f s, < 1024 MB) trials=%@", run.seconds, run.cpuSeconds,
                run.peakMB, goal, run.values["trials"] ?? "?"))
}
if !keep { removeDatabase(largestDatabase) }
