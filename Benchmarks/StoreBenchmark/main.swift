// Store benchmark: what ThumbLab's store costs per row. Writes N generated trial rows as a
// CSV, imports it with the library's Importer into a fresh database and validates it once
// more in a dry run (the same hashing, reading and validating, no database): the import's
// time beyond the dry run is the store's. Compared, in the same run, with `sqlite3 .import`
// of the same CSV into an untyped table, and with the same values bound straight into the
// same `trial` table by SQLite alone (SQLiteAlone: the floor under the store). Usage:
//   swift run -c release --package-path Benchmarks thumblab-store-benchmark [ROWS] [FOLDER]
//       [--store-only] [--touches] [--undo]
// --store-only skips the sqlite3 .import baseline, for profiling ThumbLab alone.
// --undo then undoes the import, with and without secure_delete (UndoTiming.swift).
// --touches then also imports a touch log of ROWS events (down, 3 moves, up per trial),
// from which the import derives one trial per 5 events, into a second batch.
// Prints rows per second, the time of each part, peak memory (VmHWM) and the ratios.
import BenchmarkSupport
import Foundation
import ThumbLab

let arguments = CommandLine.arguments
let storeOnly = arguments.contains("--store-only")
let rowCount = arguments.count > 1 ? Int(arguments[1]) ?? 2_000_000 : 2_000_000
let folder = URL(
    fileURLWithPath: arguments.count > 2 && !arguments[2].hasPrefix("--")
        ? arguments[2] : FileManager.default.currentDirectoryPath
).appendingPathComponent("store-benchmark")
try? FileManager.default.removeItem(at: folder)
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

/// Peak resident memory of this process in MiB, from /proc/self/status.
func peakMemoryMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return .nan }
    let kib = line.split(separator: " ").compactMap { Double($0) }.first ?? .nan
    return kib / 1024
}

/// CPU seconds (user + system) of this process, or of its finished children.
func cpuSeconds(children: Bool = false) -> Double {
    var usage = rusage()
    getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
    func value(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return value(usage.ru_utime) + value(usage.ru_stime)
}

/// Wall and CPU seconds of `body`.
struct Timing {
    var wall = 0.0
    var cpu = 0.0
    var text: String { String(format: "%.2f s wall, %.2f s CPU", wall, cpu) }
}

func measure(children: Bool = false, _ body: () throws -> Void) rethrows -> Timing {
    let start = Date()
    let cpu = cpuSeconds(children: children)
    try body()
    return Timing(wall: Date().timeIntervalSince(start), cpu: cpuSeconds(children: children) - cpu)
}

/// One generated trial: what a row of the benchmark's CSV holds.
struct GeneratedTrial {
    var participant: String
    var technique: String
    var block: Int
    var trial: Int
    var targetX: Double
    var targetY: Double
    var targetWidth: Double
    var touchX: Double
    var touchY: Double
    var timeMS: Double
    var hit: Bool
    /// The row's line in the CSV (the header is line 1).
    var line: Int
}

/// A deterministic stream of trials: 24 participants x 3 techniques x blocks of 60
/// trials, with every 9th trial repeated once as a second attempt.
struct TrialStream {
    let participants = (1...24).map { String(format: "P%02d", $0) }
    let techniques = ["Direct", "Shift", "ThumbSpace"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func random() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }

    mutating func record(_ index: Int) -> GeneratedTrial {
        let perParticipant = rowCount / participants.count + 1
        let participant = participants[index / perParticipant]
        let within = index % perParticipant
        let technique = techniques[(within / 1000) % 3]
        let trialNumber = within % 60 + 1
        let repeated = trialNumber % 9 == 0 && within % 2 == 1
        let x = (random() * 320).rounded()
        let y = (random() * 480).rounded()
        return GeneratedTrial(
            participant: participant, technique: technique, block: within / 60 + 1,
            trial: repeated ? trialNumber - 1 : trialNumber, targetX: x, targetY: y,
            targetWidth: 24, touchX: x + random() * 8 - 4, touchY: y + random() * 8 - 4,
            timeMS: (400 + random() * 600).rounded(), hit: random() > 0.1, line: index + 2)
    }
}

// 1. The same rows as CSV, for the baseline.
let csv = folder.appendingPathComponent("trials.csv")

func writeCSV() throws {
    _ = FileManager.default.createFile(atPath: csv.path, contents: nil)
    let handle = try FileHandle(forWritingTo: csv)
    var stream = TrialStream()
    var chunk = "participant,technique,block,trial,target_x,target_y,target_w,touch_x,touch_y,time_ms,hit\n"
    for index in 0..<rowCount {
        let r = stream.record(index)
        chunk += "\(r.participant),\(r.technique),\(r.block),\(r.trial),\(r.targetX),\(r.targetY),"
        chunk += "\(r.targetWidth),\(r.touchX),\(r.touchY),\(r.timeMS),\(r.hit ? 1 : 0)\n"
        if chunk.utf8.count > 1 << 20 {
            handle.write(Data(chunk.utf8))
            chunk = ""
        }
    }
    handle.write(Data(chunk.utf8))
    try handle.close()
}

/// Writes a touch log of `rowCount` events: per trial a down, three moves and an up on its
/// target, 30 ms apart, trials numbered per participant.
func writeTouchLog(to url: URL) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    let participants = (1...24).map { String(format: "P%02d", $0) }
    let phases = ["down", "move", "move", "move", "up"]
    var chunk = "participant,technique,block,trial,timestamp_ms,x,y,phase,target_x,target_y,target_w\n"
    for index in 0..<rowCount {
        let trialIndex = index / 5
        let participant = participants[trialIndex * 24 / (rowCount / 5 + 1)]
        let trialNumber = trialIndex % 5000 + 1
        let time = Double(index % 5) * 30
        chunk += "\(participant),Direct,1,\(trialNumber),\(time),100,200,\(phases[index % 5]),100,200,24\n"
        if chunk.utf8.count > 1 << 20 {
            handle.write(Data(chunk.utf8))
            chunk = ""
        }
    }
    handle.write(Data(chunk.utf8))
    try handle.close()
}

// 2. Baseline: sqlite3 .import into an untyped table.
func runBaseline() throws -> Timing {
    let baselineDB = folder.appendingPathComponent("baseline.sqlite").path
    return try measure(children: true) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-cmd", ".mode csv", baselineDB, ".import \(csv.path) t"]
        try process.run()
        process.waitUntilExit()
    }
}

try writeCSV()
var baseline = Timing()
if !storeOnly { baseline = try runBaseline() }

// 3. ThumbLab: the same file validated without a database (hashing, reading, validating),
// then imported into a fresh one; the difference is the store's work.
let databasePath = folder.appendingPathComponent("study.sqlite").path
let dryRun = try measure {
    _ = try Importer(database: nil).importFile(at: csv.path, options: ImportOptions(dryRun: true))
}
var importedRows = 0
let total = try measure {
    let database = try StudyDatabase(path: databasePath)
    let report = try Importer(database: database).importFile(at: csv.path, options: ImportOptions(study: "bench"))
    importedRows = report.rows
}
guard importedRows == rowCount else {
    print("the import stored \(importedRows) rows, expected \(rowCount)")
    exit(1)
}
let store = Timing(wall: total.wall - dryRun.wall, cpu: total.cpu - dryRun.cpu)

let fileMB = Double((try? FileManager.default.attributesOfItem(atPath: csv.path)[.size] as? Int) ?? 0) / 1e6
print("rows                \(rowCount) (\(String(format: "%.1f", fileMB)) MB of CSV)")
if !storeOnly { print("sqlite3 .import     \(baseline.text)") }
print("ThumbLab import     \(total.text)")
print("  dry run           \(dryRun.text) (hash, read, validate; no database)")
print("  store             \(store.text) (import - dry run)")
print("rows per second     \(String(format: "%.0f", Double(rowCount) / total.wall))")
print("peak memory         \(String(format: "%.1f", peakMemoryMiB())) MiB")
if !storeOnly {
    let wall = String(format: "%.2f", total.wall / baseline.wall)
    print("ratio to baseline   \(wall) wall, \(String(format: "%.2f", total.cpu / baseline.cpu)) CPU")
}

// 4. The floor: the same trials bound straight into the same table by SQLite alone.
let alone = try SQLiteAlone(path: folder.appendingPathComponent("sqlite-alone.sqlite").path)
var aloneStream = TrialStream()
let (aloneRows, aloneInserts, aloneCommit) = try alone.insert(&aloneStream, count: rowCount)
alone.close()
let aloneWall = aloneInserts.wall + aloneCommit.wall
let aloneCPU = aloneInserts.cpu + aloneCommit.cpu
print(
    "SQLite alone        \(String(format: "%.2f s wall, %.2f s CPU", aloneWall, aloneCPU)) (\(aloneRows) rows)")
print("  inserts           \(aloneInserts.text)")
print("  commit            \(aloneCommit.text)")
print(
    String(
        format: "store / SQLite alone per row: %.2f wall, %.2f CPU",
        store.wall / Double(rowCount) / (aloneWall / Double(aloneRows)),
        store.cpu / Double(rowCount) / (aloneCPU / Double(aloneRows))))
print(
    String(
        format: "import / SQLite alone per row: %.2f wall, %.2f CPU",
        total.wall / Double(rowCount) / (aloneWall / Double(aloneRows)),
        total.cpu / Double(rowCount) / (aloneCPU / Double(aloneRows))))
if arguments.contains("--undo") { try printUndoTimings(databasePath: databasePath, imported: total) }

// 5. A touch log: events, and the trials the import derives from them, linked at commit.
if arguments.contains("--touches") {
    let touches = folder.appendingPathComponent("touches.csv")
    try writeTouchLog(to: touches)
    let options = ImportOptions(study: "touch-bench", trialTime: .contact)
    var dryOptions = options
    dryOptions.dryRun = true
    let touchDryRun = try measure { _ = try Importer(database: nil).importFile(at: touches.path, options: dryOptions) }
    var derived = 0
    let touchTotal = try measure {
        let database = try StudyDatabase(path: databasePath)
        derived = try Importer(database: database).importFile(at: touches.path, options: options).derivedTrials
    }
    print("touch import        \(touchTotal.text) (\(rowCount) events, \(derived) derived trials)")
    print("  dry run           \(touchDryRun.text)")
    let touchStore = Timing(wall: touchTotal.wall - touchDryRun.wall, cpu: touchTotal.cpu - touchDryRun.cpu)
    print("  store             \(touchStore.text) (import - dry run)")
    print("peak memory         \(String(format: "%.1f", peakMemoryMiB())) MiB")
}
