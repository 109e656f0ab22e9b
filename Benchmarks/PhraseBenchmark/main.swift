import BenchmarkSupport
import Foundation
import ThumbLab

// Phrase import benchmark: a text-entry phrase log (presented and transcribed phrases of
// 25-45 characters, input streams, times), imported with every phrase's MSD, WPM and
// keystroke measures computed, against a trials CSV of the same row count, in the same run.
//
//     swift run -c release --package-path Benchmarks thumblab-phrase-benchmark [ROWS] [--runs N]
//
// Each import runs in a child process (this program with `--child-import`); the two alternate,
// each into a fresh database, and the medians of their CPU times are compared (goal <= 3).
// A dry run of each (`--child-dry-run`) then shows the reading and measuring alone.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child-import", arguments.count == 3 {
    exit(
        reportMeasurement {
            let database = try StudyDatabase(path: arguments[2])
            let report = try Importer(database: database).importFile(
                at: arguments[1], options: ImportOptions(study: "benchmark"))
            return ["rows=\(report.rows)", "kind=\(report.kind.rawValue)"]
        })
}

if arguments.first == "--child-dry-run", arguments.count == 2 {
    exit(
        reportMeasurement {
            var options = ImportOptions(dryRun: true)
            options.study = "benchmark"
            let report = try Importer(database: nil).importFile(at: arguments[1], options: options)
            return ["rows=\(report.rows)", "kind=\(report.kind.rawValue)"]
        })
}

var rows = 1_000_000
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
        print("usage: thumblab-phrase-benchmark [ROWS] [--runs N]")
        exit(64)
    }
    index += 1
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumblab-phrase-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let phrases = folder.appendingPathComponent("phrases.csv").path
let trials = folder.appendingPathComponent("trials.csv").path
let phraseBytes = try PhraseLogGenerator(rows: rows).write(to: phrases)
let trialBytes = try TrialLogGenerator(rows: rows).write(to: trials)
print(
    String(
        format: "generated %d phrases (%.1f MB) and %d trials (%.1f MB)", rows, Double(phraseBytes) / 1e6, rows,
        Double(trialBytes) / 1e6))

/// One import in a child process, checked to have stored every row.
func importOnce(_ file: String, rows: Int, run: Int, expectedKind: String) throws -> ChildRun {
    let database = folder.appendingPathComponent("\(expectedKind)-\(run).sqlite").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) } }
    let child = try timeChild(CommandLine.arguments[0], ["--child-import", file, database])
    guard child.status == 0, child.output.contains("rows=\(rows) "), child.output.contains("kind=\(expectedKind)") else {
        print("import of \(file) failed (status \(child.status)):\n\(child.output)")
        exit(1)
    }
    return child
}

var phraseCPU: [Double] = []
var trialCPU: [Double] = []
var phraseWall: [Double] = []
var trialWall: [Double] = []
for run in 1...runs {
    let phrase = try importOnce(phrases, rows: rows, run: run, expectedKind: "phrases")
    let trial = try importOnce(trials, rows: rows, run: run, expectedKind: "trials")
    phraseCPU.append(phrase.cpuSeconds)
    trialCPU.append(trial.cpuSeconds)
    phraseWall.append(phrase.seconds)
    trialWall.append(trial.seconds)
    print(
        String(
            format: "run %d: phrases %.2f s wall, %.2f s CPU (peak %.1f MB); trials %.2f s wall, %.2f s CPU",
            run, phrase.seconds, phrase.cpuSeconds, Double(phrase.maxRSSKiB) / 1024, trial.seconds, trial.cpuSeconds))
}
print(String(format: "phrases: %.0f rows/s (median wall)", Double(rows) / median(phraseWall)))
print(String(format: "trials:  %.0f rows/s (median wall)", Double(rows) / median(trialWall)))
print(String(format: "ratio phrases / trials CPU time: %.2f (goal <= 3)", median(phraseCPU) / median(trialCPU)))
print(String(format: "ratio phrases / trials wall time: %.2f", median(phraseWall) / median(trialWall)))

// Reading, typing and measuring alone (a dry run: no database), to tell them from the store's work.
for (name, file) in [("phrases", phrases), ("trials", trials)] {
    let dry = try timeChild(CommandLine.arguments[0], ["--child-dry-run", file])
    print(
        String(
            format: "%@ read and measured alone (dry run): %.2f s wall, %.2f s CPU, peak %.1f MB", name, dry.seconds,
            dry.cpuSeconds, Double(dry.maxRSSKiB) / 1024))
}
