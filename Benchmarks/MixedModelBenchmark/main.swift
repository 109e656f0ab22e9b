// Times a linear mixed model fit against lme4's lmer on the same data, in the same run:
// 24 participants x 3 x 3 within, random intercept, 20,000 trials by default, ln time.
//
//     swift run -c release --package-path Benchmarks thumblab-mixed-model-benchmark [--trials N] [--runs N]
//
// ThumbLab's figure is `linearMixedModel` (REML fit, type III table with Satterthwaite df)
// in this process; R's are `lmer` alone and `lmer` + `anova(ddf = "Satterthwaite")`, timed
// inside R with system.time so that R's start-up and CSV reading are not counted. Without
// Rscript and lmerTest the benchmark prints ThumbLab's time and says what is missing.
import Foundation
import ThumbLabStats

struct Options {
    var trials = 20_000
    var runs = 5

    init(_ arguments: [String]) {
        var words = arguments.makeIterator()
        while let word = words.next() {
            switch word {
            case "--trials": trials = words.next().flatMap(Int.init) ?? trials
            case "--runs": runs = words.next().flatMap(Int.init) ?? runs
            default:
                FileHandle.standardError.write(
                    Data("usage: thumblab-mixed-model-benchmark [--trials N] [--runs N]\n".utf8))
                exit(64)
            }
        }
    }
}

/// A seeded generator (SplitMix64) and standard normal draws (Box-Muller).
struct Random {
    var state: UInt64
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    mutating func normal() -> Double {
        (-2 * Foundation.log(max(next(), 1e-300))).squareRoot() * Foundation.cos(2 * Double.pi * next())
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
var random = Random(state: 2026)
let techniques = ["Direct", "Shift", "ThumbSpace"]
let sizes = ["3.6", "5.8", "9.6"]
let participantEffects = (0..<24).map { _ in 0.15 * random.normal() }
var observations: [MixedModelObservation] = []
var csv = "participant,technique,size,log_time\n"
for index in 0..<options.trials {
    let participant = index % 24
    let technique = (index / 24) % 3
    let size = (index / 72) % 3
    let value =
        7 + participantEffects[participant] + 0.15 * Double(technique) + 0.1 * Double(size) + 0.22 * random.normal()
    let levels = ["technique": techniques[technique], "size": sizes[size]]
    observations.append(MixedModelObservation(subject: "P\(participant + 1)", levels: levels, value: value))
    csv += "P\(participant + 1),\(techniques[technique]),\(sizes[size]),\(value)\n"
}
let model = MixedModelSpecification(factors: ["technique", "size"])

var times: [Double] = []
var fit: LinearMixedModelResult?
for _ in 0..<options.runs {
    let start = Date()
    fit = try MixedModel.linear(observations, model: model)
    times.append(Date().timeIntervalSince(start))
}
let thumbLab = times.sorted()[times.count / 2]
print(
    "\(options.trials) trials, 24 participants, technique x size within, random intercept; median of \(options.runs) runs"
)
print("ThumbLab linearMixedModel (fit + Satterthwaite type III): \(String(format: "%.4f", thumbLab)) s")
if let term = fit?.term("technique") { print("  technique: \(term.apa)") }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "thumblab-mm-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let data = folder.appendingPathComponent("trials.csv")
try csv.write(to: data, atomically: true, encoding: .utf8)
let script = """
    suppressMessages(library(lmerTest))
    options(contrasts = c("contr.sum", "contr.poly"))
    d <- read.csv("\(data.path)", colClasses = c(participant = "factor", technique = "factor", size = "factor"))
    fitOnly <- replicate(\(options.runs), system.time(lme4::lmer(log_time ~ technique * size + (1 | participant), data = d))[["elapsed"]])
    withAnova <- replicate(\(options.runs), system.time(anova(lmer(log_time ~ technique * size + (1 | participant), data = d), type = 3, ddf = "Satterthwaite"))[["elapsed"]])
    a <- anova(lmer(log_time ~ technique * size + (1 | participant), data = d), type = 3, ddf = "Satterthwaite")
    cat(median(fitOnly), median(withAnova), a[["F value"]][1], a[["DenDF"]][1], "\\n")
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
    let figures = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard process.terminationStatus == 0, figures.count == 4 else {
        print("R: not measured (Rscript with lme4 and lmerTest is needed: apt-get install r-cran-lmertest)")
        exit(0)
    }
    print("R lmer (fit only):                      \(String(format: "%.4f", figures[0])) s")
    print("R lmer + anova(ddf = \"Satterthwaite\"):  \(String(format: "%.4f", figures[1])) s")
    print(
        "  technique: F = \(String(format: "%.4f", figures[2])), denominator df = \(String(format: "%.2f", figures[3]))"
    )
    print("ratio ThumbLab / lmer fit: \(String(format: "%.3f", thumbLab / figures[0]))")
    print("ratio ThumbLab / lmer + Satterthwaite anova: \(String(format: "%.3f", thumbLab / figures[1]))")
} catch {
    print("R: not measured (no Rscript on the PATH)")
}
