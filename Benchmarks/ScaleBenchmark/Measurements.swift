import BenchmarkSupport
import Foundation
import ThumbLab

// What a child process of the scale benchmark measures, each printing one line of
// `key=value` pairs with its own wall time and peak resident memory (VmHWM):
//   --child import CSV DB      the library's import of a trials CSV into a fresh database
//   --child summary DB         `thumblab summary` (every factor)
//   --child last DB            `thumblab summary --attempts last`
//   --child compare DB         `thumblab compare --measure time --factor technique`
//   --child heatmap DB         `thumblab heatmap` (time, 4 x 6 cells, every attempt)
//   --child report DB          `thumblab report` (summary, comparisons, design)

/// Runs the child measurement named by `arguments` (after `--child`) and returns its exit status.
func runChild(_ arguments: [String]) -> Int32 {
    guard let kind = arguments.first, arguments.count >= 2 else { return 64 }
    let path = arguments[arguments.count - 1]
    return reportMeasurement {
        switch kind {
        case "import" where arguments.count == 3:
            let database = try StudyDatabase(path: path)
            let report = try Importer(database: database).importFile(
                at: arguments[1], options: ImportOptions(study: "scale"))
            return ["rows=\(report.rows)", "journal=\(report.journal?.rawValue ?? "none")"]
        case "summary":
            let report = try Study(path: path).summary()
            return ["trials=\(report.selection.trials)", "cells=\(report.rows.count)"]
        case "last":
            let report = try Study(path: path).summary(selection: Selection(attempts: .last))
            return ["trials=\(report.selection.trials)", "cells=\(report.rows.count)"]
        case "compare":
            let report = try Study(path: path).compare(ComparisonRequest(measure: .time, factors: ["technique"]))
            let test = report.comparisons.first?.tests.first
            return ["trials=\(report.selection.trials)", "test=\(test?.test ?? "none")"]
        case "heatmap":
            let report = try Study(path: path).heatmap()
            let grid = report.grid
            return [
                "trials=\(report.selection.trials)",
                "grid=\(grid.minX),\(grid.minY),\(grid.cellWidth),\(grid.cellHeight),\(grid.columns),\(grid.rows)",
            ]
        case "report":
            let report = try Study(path: path).report()
            return ["trials=\(report.selection.trials)", "comparisons=\(report.comparisons.count)"]
        default:
            throw UnknownMeasurement(kind)
        }
    }
}

/// One timed child: its wall and CPU seconds, its peak memory and its report line.
struct Measured {
    var seconds: Double
    var cpuSeconds: Double
    var peakKiB: Int
    var values: [String: String]

    /// Runs `executable` with `arguments`; exits the program when the child fails.
    init(_ name: String, _ executable: String, _ arguments: [String], gnuTimePeak: Bool = false) throws {
        let run =
            gnuTimePeak && hasGNUTime
            ? try timeChild(gnuTimePath, ["-f", "peak_kib=%M", executable] + arguments)
            : try timeChild(executable, arguments)
        guard run.status == 0 else {
            print("\(name) failed (status \(run.status)):\n\(run.output)")
            exit(1)
        }
        seconds = run.seconds
        cpuSeconds = run.cpuSeconds
        values = reportValues(run.output)
        peakKiB = Int(values["peak_kib"] ?? "") ?? run.maxRSSKiB
    }

    var peakMB: Double { Double(peakKiB) / 1024 }
}

/// Free bytes on the file system holding `path`.
func freeBytes(at path: String) -> Int64? {
    let attributes = try? FileManager.default.attributesOfFileSystem(forPath: path)
    return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value
}

/// The bytes a scale run needs at its largest moment, per generated row: the CSV (about
/// 53 bytes), ThumbLab's database and its write-ahead log at commit (about 2 x 85) and the
/// sqlite3 baseline's database (about 70), with a quarter more for safety.
func bytesNeeded(rows: Int) -> Int64 {
    Int64(rows) * (53 + 2 * 85 + 70) * 5 / 4
}

/// Prints a line at once, also when the output goes to a file, so that a long run shows
/// its figures as they come.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
