// Times ThumbLabStats' simulated power of a one-way repeated-measures ANOVA: 1,000 studies of
// 24 participants, 3 levels and 20 trials per participant and level, drawn on every core and
// each tested by the RM-ANOVA F. The baseline, in the same run, is R drawing the same studies
// and testing each with aov(y ~ level + Error(participant/level)), timed inside R with
// system.time on --r-simulations studies and scaled to 1,000. Without Rscript the benchmark
// prints ThumbLab's time alone and says so.
//
//     swift run -c release --package-path Benchmarks thumblab-power-benchmark [--runs N] [--r-simulations N]
import Foundation
import ThumbLabStats

struct Settings {
    var runs = 3
    var rSimulations = 200

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                print("usage: thumblab-power-benchmark [--runs N] [--r-simulations N]")
                exit(64)
            }
            switch flag {
            case "--runs": runs = value
            case "--r-simulations": rSimulations = value
            default:
                print("usage: thumblab-power-benchmark [--runs N] [--r-simulations N]")
                exit(64)
            }
        }
    }
}

let settings = Settings(Array(CommandLine.arguments.dropFirst()))
let model = PowerSimulationModel(means: [6.50, 6.56, 6.60], participantSD: 0.15, residualSD: 0.35, trialsPerCell: 20)
let simulations = 1000
print(
    "design: 24 participants x 3 levels x 20 trials per cell, \(simulations) simulations, \(ProcessInfo.processInfo.activeProcessorCount) cores"
)

var times: [Double] = []
for run in 1...settings.runs {
    let start = Date()
    let result = try Power.simulateRMANOVA(model, participants: [24], simulations: simulations, seed: UInt64(run))
    let seconds = Date().timeIntervalSince(start)
    times.append(seconds)
    let power = result[0]
    print(
        String(
            format: "run %d: %.3f s, power %.3f [%.3f, %.3f]", run, seconds, power.power, power.interval.lower,
            power.interval.upper))
}
let median = times.sorted()[times.count / 2]
print(
    String(
        format: "thumblab median: %.3f s for %d simulations (goal < 30 s: %@)", median, simulations,
        median < 30 ? "met" : "missed"))

let script = """
    set.seed(1)
    one <- function(n = 24, m = 3, trials = 20) {
      cells <- expand.grid(level = factor(seq_len(m)), participant = factor(seq_len(n)))
      u <- rnorm(n, 0, 0.15)
      noise <- matrix(rnorm(n * m * trials, 0, 0.35), nrow = n * m)
      cells$y <- c(6.50, 6.56, 6.60)[as.integer(cells$level)] + u[as.integer(cells$participant)] + rowMeans(noise)
      summary(aov(y ~ level + Error(participant / level), data = cells))
    }
    cat(system.time(for (i in seq_len(\(settings.rSimulations))) one())[["elapsed"]])
    """
let process = Process()
process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
process.arguments = ["Rscript", "-e", script]
let output = Pipe()
process.standardOutput = output
process.standardError = FileHandle.nullDevice
do {
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    if process.terminationStatus == 0, let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
        let scaled = seconds * Double(simulations) / Double(settings.rSimulations)
        print(
            String(
                format: "R aov: %.3f s for %d simulations, %.3f s scaled to %d; ratio thumblab / R = %.4f",
                seconds, settings.rSimulations, scaled, simulations, median / scaled))
    } else {
        print("R baseline not run: Rscript failed (status \(process.terminationStatus))")
    }
} catch {
    print("R baseline not run: no Rscript (\(error))")
}
