// ThumbSpace against Shift: time and errors per target size, after a custom exclusion rule.
//
//     swift run --package-path Notebooks/swift thumbspace-vs-shift [thumblab-demo/study.sqlite]
//
// Reads the main blocks (block 0 is practice) of the two techniques, first attempts, drops
// every trial slower than 3 × the participant's median time with that technique (a
// participant who looked away), and prints Markdown: per technique and target size the
// geometric-mean time and the error rate with their 95% intervals, then per size a paired
// t-test on the participants' mean ln times. Exits non-zero when its own reading of the
// trials disagrees with ThumbLab's summary of the same selection.
import Foundation
import ThumbLab
import ThumbLabStats

/// Stops the script with a message on stderr and exit status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("thumbspace-vs-shift: \(message)\n".utf8))
    exit(1)
}

// Any error (no database at the path, a factor the study lacks) ends the script with its message.
do {
    let path = CommandLine.arguments.dropFirst().first ?? "thumblab-demo/study.sqlite"
    let study = try Study(path: path)
    let selection = Selection(
        keep: [LevelFilter(factor: "technique", levels: ["ThumbSpace", "Shift"])],
        exclude: [LevelFilter(factor: "block", levels: ["0"])])
    let resolved = try study.resolve(selection)
    let layout = resolved.layout
    guard let techniqueIndex = layout.factorIndex("technique"), let sizeIndex = layout.factorIndex("target_size_mm")
    else {
        fail("\(path) has no factors technique and target_size_mm; run it on the demo study (thumblab demo)")
    }
    // Every selected trial, keyed by participant, technique and target size.
    struct Cell: Hashable {
        var participant: String
        var technique: String
        var size: String
    }
    var trials: [Cell: [(time: Double, hit: Bool)]] = [:]
    var read = 0
    try study.database.forEachTrial(resolved.trialQuery) { trial in
        // A trial without a time, a hit or a level is left out (and the check below says so).
        guard let levels = layout.conditions[trial.conditionID], let technique = levels[techniqueIndex],
            let size = levels[sizeIndex], let participant = layout.participants[trial.participantID],
            let time = trial.timeMS, let hit = trial.hit
        else { return }
        let cell = Cell(participant: participant, technique: technique, size: size)
        trials[cell, default: []].append((time, hit))
        read += 1
    }

    // Check: the same trials, and the same geometric means before any exclusion, as ThumbLab's
    // summary (whose per-cell geometric mean is exp of the mean of participants' mean ln times).
    func meanLog(_ times: [Double]) -> Double { times.map { log($0) }.reduce(0, +) / Double(times.count) }
    let summary = try study.summary(SummaryRequest(by: ["technique", "target_size_mm"]), selection: selection)
    let summarised = summary.rows.map(\.trials).reduce(0, +)
    guard summarised == read else { fail("read \(read) trials, ThumbLab's summary counts \(summarised)") }
    for row in summary.rows {
        let logs = trials.filter { $0.key.technique == row.levels[0] && $0.key.size == row.levels[1] }
            .map { meanLog($0.value.map(\.time)) }
        let geomean = exp(logs.reduce(0, +) / Double(logs.count))
        guard let expected = row.timeGeomean, abs(geomean - expected) <= 1e-9 * expected else {
            fail("\(row.levels): geometric mean \(geomean) ms, ThumbLab's summary \(row.timeGeomean ?? .nan) ms")
        }
    }

    // The exclusion rule: slower than 3 × the participant's median with that technique.
    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    var timesOf: [String: [Double]] = [:]  // "participant/technique" -> every time
    for (cell, list) in trials { timesOf["\(cell.participant)/\(cell.technique)", default: []] += list.map(\.time) }
    let limits = timesOf.mapValues { 3 * median($0) }
    var kept: [Cell: [(time: Double, hit: Bool)]] = [:]
    for (cell, list) in trials {
        let limit = limits["\(cell.participant)/\(cell.technique)"]!
        kept[cell] = list.filter { $0.time <= limit }
    }
    let dropped = read - kept.values.map(\.count).reduce(0, +)

    print("# ThumbSpace vs Shift by target size\n")
    print("\(path): \(read) trials (first attempts, blocks 1 and up); \(dropped) slower than 3 × the")
    print("participant's median time with the technique are left out.\n")

    func number(_ value: Double, _ digits: Int = 0) -> String { String(format: "%.\(digits)f", value) }
    var cellRows: [[JSONValue]] = []
    var testRows: [[JSONValue]] = []
    for size in layout.factors[sizeIndex].levels {
        var meanLogs: [String: [String: Double]] = [:]  // technique -> participant -> mean ln time
        for technique in ["ThumbSpace", "Shift"] {
            let cells = kept.filter { $0.key.technique == technique && $0.key.size == size && !$0.value.isEmpty }
            for (cell, list) in cells {
                meanLogs[technique, default: [:]][cell.participant] = meanLog(list.map(\.time))
            }
            let time = try GeometricMean(meanLogs[technique, default: [:]].values.map { exp($0) })
            let all = cells.values.flatMap { $0 }
            let errors = try ProportionInterval(successes: all.filter { !$0.hit }.count, trials: all.count)
            cellRows.append([
                .string(technique), .string(size), .int(cells.count), .int(all.count), .int(Int(time.value.rounded())),
                .string("[\(number(time.interval.lower)), \(number(time.interval.upper))]"),
                .string(number(100 * errors.proportion, 1)),
                .string("[\(number(100 * errors.lower, 1)), \(number(100 * errors.upper, 1))]"),
            ])
        }
        // Pair each participant's ThumbSpace and Shift values; three sizes, three tests: Bonferroni.
        let participants = Set(meanLogs["ThumbSpace", default: [:]].keys).intersection(
            meanLogs["Shift", default: [:]].keys
        )
        .sorted()
        let test = try TTest.paired(
            participants.map { meanLogs["ThumbSpace"]![$0]! }, participants.map { meanLogs["Shift"]![$0]! })
        testRows.append([
            .string(size), .int(participants.count), .string(number(exp(test.estimate), 3)), .string(test.apa),
            .string(APA.p(min(1, 3 * test.p))),
        ])
    }
    print("## Time and errors per cell\n")
    let cellColumns = [
        "technique", "size (mm)", "participants", "trials", "time (ms, geo. mean)", "95% CI", "errors (%)", "95% CI",
    ]
    print(ResultTable(columns: cellColumns, rows: cellRows).rendered(as: .md))
    print("## ThumbSpace against Shift: paired t-test on ln time\n")
    let testColumns = [
        "size (mm)", "participants", "time ratio ThumbSpace/Shift", "paired t-test", "Bonferroni (3 sizes)",
    ]
    print(ResultTable(columns: testColumns, rows: testRows).rendered(as: .md))
} catch {
    fail("\(error)")
}
