// Times power from a pilot, `Study.power(fromStudy:)`: a 12-participant pilot (3 techniques,
// 20 trials each, one running trial counter per participant as loggers write it) is imported,
// its linear mixed model fitted, and 1,000 studies of 24 participants x 3 levels x 20 trials
// per cell are simulated on every core and each analysed as compare would (Shapiro-Wilk, then
// RM-ANOVA with Mauchly and Greenhouse-Geisser, or Friedman). Also times the plain RM-ANOVA F
// simulation of ThumbLabStats. The baseline, in the same run, is R fitting the pilot with lmer
// and testing studies simulated from it with aov(y ~ level + Error(participant/level)),
// simr's approach, timed inside R on --r-simulations studies and scaled to 1,000. Without
// Rscript and lme4 the benchmark prints ThumbLab's times alone and says so.
//
//     swift run -c release --package-path Benchmarks thumblab-power-benchmark [--runs N] [--r-simulations N]
import Foundation
import ThumbLab
import ThumbLabStats

struct Settings {
    var runs = 3
    var rSimulations = 200

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else { Self.usage() }
            switch flag {
            case "--runs": runs = value
            case "--r-simulations": rSimulations = value
            default: Self.usage()
            }
        }
    }

    static func usage() -> Never {
        print("usage: thumblab-power-benchmark [--runs N] [--r-simulations N]")
        exit(64)
    }
}

/// The pilot's log: participant, technique, block, a running trial number, time, hit.
func pilotLog() -> String {
    var state: UInt64 = 2026
    func uniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (Double((z ^ (z >> 31)) >> 11) + 0.5) / Double(1 << 53)
    }
    func normal() -> Double { (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform()) }
    let techniques = ["Direct", "Shift", "ThumbSpace"]
    let means = [6.50, 6.52, 6.535]
    var lines = ["participant,technique,block,trial,time_ms,hit"]
    for participant in 1...12 {
        let intercept = 0.15 * normal()
        var trial = 0
        for block in 0..<3 {
            let level = (participant + block) % 3
            for _ in 0..<20 {
                trial += 1
                let time = exp(means[level] + intercept + 0.35 * normal())
                lines.append(
                    "P\(participant),\(techniques[level]),\(block + 1),\(trial),\(String(format: "%.1f", time)),"
                        + (uniform() < 0.9 ? "1" : "0"))
            }
        }
    }
    return lines.joined(separator: "\n") + "\n"
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let settings = Settings(Array(CommandLine.arguments.dropFirst()))
let simulations = 1000
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("power-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let csv = folder.appendingPathComponent("pilot.csv")
try pilotLog().write(to: csv, atomically: true, encoding: .utf8)
let database = try StudyDatabase(path: folder.appendingPathComponent("pilot.sqlite").path)
_ = try Importer(database: database).importFile(at: csv.path, options: ImportOptions(study: "pilot"))
let study = Study(database: database)
print(
    "pilot: 12 participants x 3 techniques x 20 trials; simulated: 24 participants x 3 levels x 20 trials per cell, "
        + "\(simulations) simulations, \(ProcessInfo.processInfo.activeProcessorCount) cores")

var pilotTimes: [Double] = []
var plainTimes: [Double] = []
for run in 1...settings.runs {
    let start = Date()
    let report = try study.power(
        fromStudy: PilotPowerRequest(
            factor: "technique", participants: [24], simulations: simulations, seed: UInt64(run)))
    pilotTimes.append(Date().timeIntervalSince(start))
    let point = report.simulated[0]
    let model = PowerSimulationModel(
        means: report.model.simulation.means, participantSD: report.model.variances[0].sd,
        residualSD: report.model.variances.last!.sd, trialsPerCell: 20)
    let plainStart = Date()
    _ = try Power.simulateRMANOVA(model, participants: [24], simulations: simulations, seed: UInt64(run))
    plainTimes.append(Date().timeIntervalSince(plainStart))
    print(
        String(
            format: "run %d: from the pilot %.3f s (%@), power %.3f [%.3f, %.3f]; RM-ANOVA F alone %.3f s", run,
            pilotTimes.last!, report.model.formula, point.power, point.interval.lower, point.interval.upper,
            plainTimes.last!))
}
let pilotMedian = median(pilotTimes)
print(
    String(
        format: "thumblab median: %.3f s from the pilot, %.3f s RM-ANOVA F alone, for %d simulations (goal < 30 s: %@)",
        pilotMedian, median(plainTimes), simulations, pilotMedian < 30 ? "met" : "missed"))

let script = """
    suppressMessages(library(lme4))
    pilot <- read.csv("\(csv.path)")
    elapsed <- system.time({
      m <- lmer(log(time_ms) ~ technique + (1 | participant), data = pilot)
      beta <- fixef(m); means <- c(beta[1], beta[1] + beta[2], beta[1] + beta[3])
      su <- as.data.frame(VarCorr(m))$sdcor; set.seed(1)
      for (i in seq_len(\(settings.rSimulations))) {
        cells <- expand.grid(level = factor(1:3), participant = factor(1:24))
        u <- rnorm(24, 0, su[1])
        noise <- matrix(rnorm(24 * 3 * 20, 0, su[2]), nrow = 24 * 3)
        cells$y <- means[as.integer(cells$level)] + u[as.integer(cells$participant)] + rowMeans(noise)
        summary(aov(y ~ level + Error(participant / level), data = cells))
      }
    })[["elapsed"]]
    cat(elapsed)
    """
let process = Process()
process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
process.arguments = ["Rscript", "-e", script]
let output = Pipe()
process.standardOutput = output
process.standardError = FileHandle.nullDevice
do {
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 0, let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
        let scaled = seconds * Double(simulations) / Double(settings.rSimulations)
        print(
            String(
                format: "R lmer + aov: %.3f s for %d simulations, %.3f s scaled to %d; ratio thumblab / R = %.4f",
                seconds, settings.rSimulations, scaled, simulations, pilotMedian / scaled))
    } else {
        print("R baseline not run: Rscript or lme4 failed (status \(process.terminationStatus))")
    }
} catch {
    print("R baseline not run: no Rscript (\(error))")
}
