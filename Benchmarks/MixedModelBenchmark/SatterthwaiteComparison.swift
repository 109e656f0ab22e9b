import Foundation
import ThumbLabStats

/// `linearMixedModel` (REML fit and Satterthwaite type III table) against `lmer` and
/// `lmer` + `anova(ddf = "Satterthwaite")`: 24 participants x 3 x 3 within, random intercept.
enum SatterthwaiteComparison {
    static func run(_ options: Options) throws {
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
                7 + participantEffects[participant] + 0.15 * Double(technique) + 0.1 * Double(size) + 0.22
                * random.normal()
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
        let thumbLab = median(times)
        report(
            "\(options.trials) trials, 24 participants, technique x size within, random intercept; "
                + "median of \(options.runs) runs"
        )
        report("ThumbLab linearMixedModel (fit + Satterthwaite type III): \(String(format: "%.4f", thumbLab)) s")
        if let term = fit?.term("technique") { report("  technique: \(term.apa)") }

        let folder = try RBaseline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("trials.csv")
        try csv.write(to: data, atomically: true, encoding: .utf8)
        let script = """
            suppressMessages(library(lmerTest))
            options(contrasts = c("contr.sum", "contr.poly"))
            d <- read.csv("\(data.path)",
                          colClasses = c(participant = "factor", technique = "factor", size = "factor"))
            f <- log_time ~ technique * size + (1 | participant)
            fitOnly <- replicate(\(options.runs), system.time(lme4::lmer(f, data = d))[["elapsed"]])
            withAnova <- replicate(\(options.runs),
                system.time(anova(lmer(f, data = d), type = 3, ddf = "Satterthwaite"))[["elapsed"]])
            a <- anova(lmer(f, data = d), type = 3, ddf = "Satterthwaite")
            cat(median(fitOnly), median(withAnova), a[["F value"]][1], a[["DenDF"]][1], "\\n")
            """
        switch RBaseline.run(script, expected: 4, needs: "lme4 and lmerTest (apt-get install r-cran-lmertest)") {
        case .missing(let reason):
            report("R: not measured (\(reason))")
        case .figures(let figures):
            report("R lmer (fit only):                      \(String(format: "%.4f", figures[0])) s")
            report("R lmer + anova(ddf = \"Satterthwaite\"):  \(String(format: "%.4f", figures[1])) s")
            report(
                "  technique: F = \(String(format: "%.4f", figures[2])), "
                    + "denominator df = \(String(format: "%.2f", figures[3]))"
            )
            report("ratio ThumbLab / lmer fit: \(String(format: "%.3f", thumbLab / figures[0]))")
            report("ratio ThumbLab / lmer + Satterthwaite anova: \(String(format: "%.3f", thumbLab / figures[1]))")
        }
    }
}

/// The median of a non-empty list.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
