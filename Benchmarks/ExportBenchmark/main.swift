import BenchmarkSupport
import Foundation
import ThumbLab

// Export benchmark: `thumblab export` of a large study as Parquet and as CSV, against the
// sqlite3 CLI writing `trial_long` as CSV to a file, on the same database in the same run.
//
//     swift run -c release --package-path Benchmarks thumblab-export-benchmark [--trials N] [--db PATH] [--keep]
//         [--runs N]
//
// --trials   rows of the study (default 10,000,000): 24 participants, 3 x 3 x 2 within
// --db       the database (default /tmp/thumblab-export-benchmark-N.sqlite); reused when it
//            holds N trials
// --keep     keep a database this run filled
// --runs     timed runs of each step (default 3; the median is reported)
//
// Each step is a child process timed from spawn to exit; its CPU seconds (user + system)
// are the figure the goal is stated in: the Parquet export at most 1.0x sqlite3's. The
// export writes every table (here trials, and the participants); the baseline writes
// `trial_long` alone, without the factor columns the export adds.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--measure", arguments.count == 4 {
    exit(
        reportMeasurement {
            guard let format = ExportFormat(rawValue: arguments[1]) else { throw UnknownMeasurement(arguments[1]) }
            try? FileManager.default.removeItem(atPath: arguments[3])
            let summary = try StudyExport.write(StudyDatabase(path: arguments[2]), to: arguments[3], format: format)
            return ["rows=\(summary.tables.first?.rows ?? 0)"]
        })
}
if arguments.first == "--fill", arguments.count == 3, let rows = Int(arguments[1]) {
    exit(runFill(rows: rows, database: arguments[2]))
}

let options = BenchmarkOptions(arguments, program: "thumblab-export-benchmark")
let executablePath = CommandLine.arguments[0]
let path = options.databasePath
let database = try BenchmarkDatabase(path: path, trials: options.trials, fillingWith: executablePath)
defer { if database.filledHere && !options.keep { removeDatabase(path) } }
let scratch = path + "-export"
defer { try? FileManager.default.removeItem(atPath: scratch + ".csv") }
defer { for format in ["parquet", "csv"] { try? FileManager.default.removeItem(atPath: "\(scratch)-\(format)") } }

let baseline = "sqlite3 -csv \(path) \"SELECT * FROM trial_long\" > \(scratch).csv"
print("database: \(String(format: "%.0f", database.megabytes)) MB, \(options.trials) trials")
print("baseline: \(baseline)")
var steps = [
    BenchmarkStep("sqlite3 -csv trial_long (baseline)", short: "sqlite3", .program("/bin/sh", ["-c", baseline])),
    BenchmarkStep(
        "export --format parquet", short: "parquet",
        .program(executablePath, ["--measure", "parquet", path, scratch + "-parquet"])),
    BenchmarkStep(
        "export --format csv", short: "csv", .program(executablePath, ["--measure", "csv", path, scratch + "-csv"])),
]
try warmUp(&steps)
try runInterleaved(&steps, runs: options.runs)
printStepTable(steps, trials: options.trials, runs: options.runs, goalRatio: 1.0)
let cpuRatio = median(steps[1].cpu) / median(steps[0].cpu)
let sizes = ["\(scratch)-parquet/trial/trial.parquet", "\(scratch)-csv/trial/trial.csv", "\(scratch).csv"].map {
    Double((try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0) / 1e6
}
print(
    String(
        format: "files: parquet %.0f MB, ThumbLab's csv %.0f MB, sqlite3's csv %.0f MB", sizes[0], sizes[1], sizes[2]))
print(
    String(
        format: "goal: Parquet export CPU <= 1.0x sqlite3 -csv (%.2f: %@)", cpuRatio, cpuRatio <= 1 ? "met" : "NOT met")
)
