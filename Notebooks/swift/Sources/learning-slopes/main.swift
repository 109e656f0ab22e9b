// A custom statistic: how fast each participant learns each technique.
//
//     swift run --package-path Notebooks/swift learning-slopes [thumblab-demo/study.sqlite]
//
// Reads the trials of the demo study from the database, fits per participant and technique
// the least-squares line of ln time on block (0, the practice block, to 3; first attempts),
// and prints Markdown: the slopes as the change in time per block, a one-sample t-test per
// technique (is there learning at all?) and paired t-tests between techniques (does one
// take longer to learn?). Exits non-zero when the trials it reads do not add up to the
// counts of `thumblab info` and of ThumbLab's summary.
import Foundation
import ThumbLab
import ThumbLabStats

/// Stops the script with a message on stderr and exit status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("learning-slopes: \(message)\n".utf8))
    exit(1)
}

// Any error (no database at the path, a factor the study lacks) ends the script with its message.
do {
    let path = CommandLine.arguments.dropFirst().first ?? "thumblab-demo/study.sqlite"
    let study = try Study(path: path)
    let resolved = try study.resolve(Selection(attempts: .all))
    let layout = resolved.layout
    guard let techniqueIndex = layout.factorIndex("technique") else {
        fail("\(path) has no factor technique; run it on the demo study (thumblab demo)")
    }

    // (block, ln time) of every first attempt, per participant and technique. Every attempt is
    // read once, to check the counts.
    struct Series: Hashable {
        var participant: String
        var technique: String
    }
    var points: [Series: [(block: Double, logTime: Double)]] = [:]
    var attempts = 0
    var firstAttempts = 0
    try study.database.forEachTrial(resolved.trialQuery) { trial in
        attempts += 1
        guard trial.attempt == 1 else { return }
        firstAttempts += 1
        guard let block = trial.block, let time = trial.timeMS, time > 0,
            let technique = layout.conditions[trial.conditionID]?[techniqueIndex],
            let participant = layout.participants[trial.participantID]
        else { return }
        points[Series(participant: participant, technique: technique), default: []].append((Double(block), log(time)))
    }

    // Check: every attempt is a trial of `thumblab info`, every first attempt one of the summary.
    let info = try study.database.info()
    guard attempts == info.trials else { fail("read \(attempts) attempts, thumblab info counts \(info.trials) trials") }
    let summarised = try study.summary(selection: Selection()).rows.map(\.trials).reduce(0, +)
    guard firstAttempts == summarised else { fail("read \(firstAttempts) first attempts, the summary \(summarised)") }

    /// The least-squares slope of y on x: Σ(x − x̄)(y − ȳ) / Σ(x − x̄)².
    func slope(_ points: [(block: Double, logTime: Double)]) -> Double {
        let meanX = points.map(\.block).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.logTime).reduce(0, +) / Double(points.count)
        let sxy = points.map { ($0.block - meanX) * ($0.logTime - meanY) }.reduce(0, +)
        let sxx = points.map { ($0.block - meanX) * ($0.block - meanX) }.reduce(0, +)
        return sxy / sxx
    }
    let slopes = points.mapValues(slope)
    let techniques = layout.factors[techniqueIndex].levels
    let participants = Set(points.keys.map(\.participant)).sorted()

    /// A slope of ln time per block as the percentage change in time per block.
    func percent(_ logSlope: Double) -> String { String(format: "%+.1f%%", 100 * (exp(logSlope) - 1)) }

    print("# Learning: change in time per block\n")
    print("\(path): \(firstAttempts) first attempts of \(participants.count) participants, blocks 0 to 3.")
    print("Per participant and technique, the least-squares slope of ln time on block, as % per block.\n")
    let slopeRows: [[JSONValue]] = participants.map { participant in
        [.string(participant)]
            + techniques.map { technique in
                slopes[Series(participant: participant, technique: technique)].map { .string(percent($0)) } ?? .null
            }
    }
    print(ResultTable(columns: ["participant"] + techniques, rows: slopeRows).rendered(as: .md))

    // Is there learning? The slopes of each technique against 0.
    print("## Learning per technique: one-sample t-test of the slopes against 0\n")
    var learningRows: [[JSONValue]] = []
    for technique in techniques {
        let values = participants.compactMap { slopes[Series(participant: $0, technique: technique)] }
        let summary = try Descriptives(values)
        let test = try TTest.oneSample(values)
        learningRows.append([
            .string(technique), .int(values.count), .string(percent(summary.mean)),
            .string("[\(percent(test.ciLow)), \(percent(test.ciHigh))]"), .string(test.apa),
        ])
    }
    print(
        ResultTable(columns: ["technique", "n", "mean slope", "95% CI", "APA"], rows: learningRows).rendered(as: .md))

    // Does one technique take longer to learn? Each pair of techniques, paired by participant.
    print("## Between techniques: paired t-test of the slopes\n")
    var pairRows: [[JSONValue]] = []
    for (index, a) in techniques.enumerated() {
        for b in techniques[(index + 1)...] {
            let paired = participants.filter {
                slopes[Series(participant: $0, technique: a)] != nil
                    && slopes[Series(participant: $0, technique: b)] != nil
            }
            let test = try TTest.paired(
                paired.map { slopes[Series(participant: $0, technique: a)]! },
                paired.map { slopes[Series(participant: $0, technique: b)]! })
            pairRows.append([.string("\(a) − \(b)"), .int(paired.count), .string(test.apa)])
        }
    }
    print(ResultTable(columns: ["slopes", "n", "APA"], rows: pairRows).rendered(as: .md))
} catch {
    fail("\(error)")
}
