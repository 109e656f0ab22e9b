// Store micro benchmark: writes N generated trial rows through BatchWriter (no file
// parsing) and compares the wall time with `sqlite3 .import` of the same rows as CSV
// into an untyped table, measured in the same run. Usage:
//   swift run -c release thumblab-store-benchmark [ROWS] [FOLDER] [--store-only] [--touches]
// --store-only skips the CSV and the baseline, for profiling the store alone.
// --touches then also writes ROWS touch events (down, 3 moves, up per trial) with one
// derived trial per 5 events, as a touch-log import does, into a second batch.
// Then inserts the same records' values with SQLite alone (SQLiteAlone: the floor under
// BatchWriter on the same schema) and prints BatchWriter's cost per row relative to it.
// Prints rows per second, the time of each phase, peak memory (VmHWM) and the ratios.
import Foundation
import ThumbLab

let arguments = CommandLine.arguments
let storeOnly = arguments.contains("--store-only")
let rowCount = arguments.count > 1 ? Int(arguments[1]) ?? 2_000_000 : 2_000_000
let folder = URL(
    fileURLWithPath: arguments.count > 2 ? arguments[2] : FileManager.default.currentDirectoryPath
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

/// A deterministic stream of trials: 24 participants x 3 techniques x blocks of 60
/// trials, with every 9th trial repeated once as a second attempt.
struct TrialStream {
    let participants = (1...24).map { String(format: "P%02d", $0) }
    let techniques = [["Direct"], ["Shift"], ["ThumbSpace"]]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func random() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }

    mutating func record(_ index: Int) -> TrialRecord {
        let perParticipant = rowCount / participants.count + 1
        let participant = participants[index / perParticipant]
        let within = index % perParticipant
        let technique = techniques[(within / 1000) % 3]
        let trialNumber = within % 60 + 1
        let repeated = trialNumber % 9 == 0 && within % 2 == 1
        let x = (random() * 320).rounded()
        let y = (random() * 480).rounded()
        return TrialRecord(
            participant: participant, levels: technique, block: within / 60 + 1,
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
        chunk += "\(r.participant),\(r.levels[0] ?? ""),\(r.block!),\(r.trial!),\(r.targetX!),\(r.targetY!),"
        chunk += "\(r.targetWidth!),\(r.touchX!),\(r.touchY!),\(r.timeMS!),\(r.hit! ? 1 : 0)\n"
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

var baseline = Timing()
if !storeOnly {
    try writeCSV()
    baseline = try runBaseline()
}

// 3. ThumbLab: the same rows, typed, through BatchWriter.
let databasePath = folder.appendingPathComponent("study.sqlite").path
var insertTime = Timing()
var commitTime = Timing()
let total = try measure {
    let database = try StudyDatabase(path: databasePath)
    let writer = try database.beginImport(
        NewBatch(study: "bench", source: csv.path, sha256: "bench", format: "csv", kind: .trials))
    try writer.declareFactors(["technique"])
    var rows = TrialStream()
    insertTime = try measure {
        for index in 0..<rowCount { try writer.add(rows.record(index)) }
    }
    commitTime = try measure { _ = try writer.commit() }
}

print("rows                \(rowCount)")
if !storeOnly {
    let fileMB = Double((try? FileManager.default.attributesOfItem(atPath: csv.path)[.size] as? Int) ?? 0) / 1e6
    print("sqlite3 .import     \(baseline.text) (\(String(format: "%.1f", fileMB)) MB of CSV)")
}
print("BatchWriter total   \(total.text)")
print("  inserts           \(insertTime.text)")
print("  attempts, commit  \(commitTime.text)")
print("rows per second     \(String(format: "%.0f", Double(rowCount) / total.wall))")
print("peak memory         \(String(format: "%.1f", peakMemoryMiB())) MiB")
if !storeOnly {
    let wall = String(format: "%.2f", total.wall / baseline.wall)
    print("ratio to baseline   \(wall) wall, \(String(format: "%.2f", total.cpu / baseline.cpu)) CPU")
}

// 4. The floor: the same records bound straight into the same table by SQLite alone.
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
        format: "BatchWriter / SQLite alone per row: %.2f wall, %.2f CPU",
        total.wall / Double(rowCount) / (aloneWall / Double(aloneRows)),
        total.cpu / Double(rowCount) / (aloneCPU / Double(aloneRows))))

// 5. A touch log: events and the trials derived from them, linked at commit.
if arguments.contains("--touches") {
    var touchInserts = Timing()
    var touchCommit = Timing()
    let touchTotal = try measure {
        let database = try StudyDatabase(path: databasePath)
        let writer = try database.beginImport(
            NewBatch(study: "touch-bench", source: "touches", sha256: "t", format: "csv", kind: .touches))
        try writer.declareFactors(["technique"])
        let participants = (1...24).map { String(format: "P%02d", $0) }
        let phases: [TouchPhase] = [.down, .move, .move, .move, .up]
        touchInserts = try measure {
            for index in 0..<rowCount {
                let trialIndex = index / 5
                let participant = participants[trialIndex * 24 / (rowCount / 5 + 1)]
                let trialNumber = trialIndex % 5000 + 1
                try writer.add(
                    TouchRecord(
                        participant: participant, levels: ["Direct"], block: 1, trial: trialNumber,
                        timeMS: Double(index % 5) * 30, x: 100, y: 200, phase: phases[index % 5], line: index + 2))
                if index % 5 == 4 {
                    try writer.add(
                        TrialRecord(
                            participant: participant, levels: ["Direct"], block: 1, trial: trialNumber, timeMS: 120))
                }
            }
        }
        touchCommit = try measure { _ = try writer.commit() }
    }
    print("touch batch total   \(touchTotal.text)")
    print("  inserts           \(touchInserts.text)")
    print("  links, commit     \(touchCommit.text)")
    print("peak memory         \(String(format: "%.1f", peakMemoryMiB())) MiB")
}
