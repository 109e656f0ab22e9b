import BenchmarkSupport
import Foundation
import ThumbLab

// Kill check: imports killed with SIGKILL at random moments leave all of their rows or none,
// in both journals an import can run in (ImportJournal).
//
//     swift run -c release --package-path Benchmarks thumblab-kill-check [ROWS ...] [--kills N] [--folder DIR]
//
// ROWS     trial counts of the generated CSV files (default 300000 and 3000000)
// --kills  kills per size and journal (default 10)
// --folder where the files go (default the system temporary folder)
//
// For each size, a trials CSV (TrialLogGenerator, per-participant numbering); for each
// journal, a database is prepared (`rollback`: a new file; `wal`: a file holding one small
// import) and the CSV imported once whole, in a child process, to time it. Then N times:
// the database is prepared again, a child imports the CSV into it and is killed after a
// random share (0 to 1.2) of the whole import's time, so that some kills fall in the commit
// and the return to write-ahead logging.
// Then the file must pass `PRAGMA integrity_check`, hold the earlier trials or the earlier
// trials and the whole file, and take the same import again whole. Prints each size's
// counts: kills that found nothing of the import, kills that found it whole, failures.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child", arguments.count == 3 {
    do {
        let report = try Importer(database: try StudyDatabase(path: arguments[2])).importFile(
            at: arguments[1], options: ImportOptions(study: "kill"))
        print("rows=\(report.rows) journal=\(report.journal?.rawValue ?? "none")")
        exit(0)
    } catch {
        print("error: \(error)")
        exit(1)
    }
}

var sizes: [Int] = []
var kills = 10
var folderPath = FileManager.default.temporaryDirectory.path
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--kills" where index + 1 < arguments.count && Int(arguments[index + 1]).map({ $0 > 0 }) == true:
        kills = Int(arguments[index + 1])!
        index += 1
    case "--folder" where index + 1 < arguments.count:
        folderPath = arguments[index + 1]
        index += 1
    case let value where Int(value.replacingOccurrences(of: "_", with: "")).map({ $0 >= 1000 }) == true:
        sizes.append(Int(value.replacingOccurrences(of: "_", with: ""))!)
    default:
        print("usage: thumblab-kill-check [ROWS >= 1000 ...] [--kills N] [--folder DIR]")
        exit(64)
    }
    index += 1
}
if sizes.isEmpty { sizes = [300_000, 3_000_000] }

let folder = URL(fileURLWithPath: folderPath).appendingPathComponent("thumblab-kill-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
let executable = CommandLine.arguments[0]
let small = file("small.csv")
try "participant,technique,time_ms\nP1,Direct,100\nP2,Shift,200\n".write(
    toFile: small, atomically: true, encoding: .utf8)

/// Removes a database and every file SQLite keeps beside it.
func remove(_ database: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(database + suffix) }
}

/// A child importing `csv` into `database`, started.
func startImport(_ csv: String, into database: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--child", csv, database]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// The database's trial count, or a description of what is wrong with the file.
func check(_ database: String) -> Result<Int, BenchmarkFailure> {
    do {
        let trials = try StudyDatabase(path: database).info().trials
        let integrity = sqliteValue("PRAGMA integrity_check", database: database)
        guard integrity == "ok" else { return .failure(BenchmarkFailure("integrity_check: \(integrity ?? "failed")")) }
        return .success(trials)
    } catch {
        return .failure(BenchmarkFailure("\(error)"))
    }
}

var random = SplitMix64(state: 20_261_206)
var failures = 0
print("rows        journal   kills  nothing  whole  failures  (kill moments: 0 to 1.2 x the whole import's time)")
/// Prepares `database` for an import in `journal`: a new file for `rollback`, a file holding
/// one small import for `wal`; returns the trials it then holds.
func prepare(_ database: String, journal: String) throws -> Int {
    remove(database)
    guard journal == "wal" else { return 0 }
    _ = try Importer(database: try StudyDatabase(path: database)).importFile(
        at: small, options: ImportOptions(study: "kill"))
    return 2
}

for size in sizes {
    let csv = file("trials-\(size).csv")
    _ = try TrialLogGenerator(rows: size, numbering: .perParticipant).write(to: csv)
    let database = file("kill.sqlite")
    for journal in ["rollback", "wal"] {
        // The whole import's time, in this journal.
        _ = try prepare(database, journal: journal)
        let started = Date()
        let whole = try startImport(csv, into: database)
        whole.waitUntilExit()
        let importSeconds = Date().timeIntervalSince(started)
        guard whole.terminationStatus == 0 else {
            print("the whole import of \(size) rows (\(journal)) failed")
            exit(1)
        }
        var nothing = 0
        var complete = 0
        var failed = 0
        for kill in 0..<kills {
            let before = try prepare(database, journal: journal)
            let moment = importSeconds * 1.2 * Double(random.next() % 1000) / 1000
            let process = try startImport(csv, into: database)
            usleep(UInt32(moment * 1e6))
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            var problem: String?
            switch check(database) {
            case .success(before):
                nothing += 1
                // Nothing of it was kept: the same import must now go through whole.
                let again = try startImport(csv, into: database)
                again.waitUntilExit()
                if again.terminationStatus != 0 || (try? check(database).get()) != before + size {
                    problem = "the import after the kill did not store the whole file"
                }
            case .success(before + size): complete += 1
            case .success(let trials): problem = "\(trials) trials, expected \(before) or \(before + size)"
            case .failure(let failure): problem = failure.description
            }
            if let problem {
                failed += 1
                print(String(format: "  kill %d at %.2f s (%@): %@", kill + 1, moment, journal, problem))
            }
        }
        remove(database)
        failures += failed
        print(
            String(size).padding(toLength: 11, withPad: " ", startingAt: 0)
                + " \(journal.padding(toLength: 9, withPad: " ", startingAt: 0))"
                + String(
                    format: "%5d %8d %6d %9d   (whole import %.1f s)", kills, nothing, complete, failed, importSeconds))
    }
    unlink(csv)
}
print(
    failures == 0 ? "every kill left all of an import or none" : "\(failures) kills left a damaged or partial database")
exit(failures == 0 ? 0 : 1)
