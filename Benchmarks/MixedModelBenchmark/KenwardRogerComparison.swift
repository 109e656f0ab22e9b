import Foundation
import ThumbLabStats

/// The fit and `kenwardRogerTerms()` against `anova(lmer(...), ddf = "Kenward-Roger")` of
/// lmerTest over pbkrtest: one factor of 3 levels within 16 participants, random intercept,
/// at each of the sizes. ThumbLab's times are medians of `runs`; R runs once per size (each
/// pbkrtest run at 50,000 trials takes many minutes).
enum KenwardRogerComparison {
    struct Row {
        var trials: Int
        var fit: Double
        var kenwardRoger: Double
        /// CPU seconds of the fit and KR together.
        var cpu: Double
        var term: LinearMixedModelTerm
        var r: RBaseline.Outcome
    }

    static func run(_ options: Options) throws {
        let folder = try RBaseline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        report("one factor (technique, 3 levels) within 16 participants, random intercept, ln time")
        report("ThumbLab: MixedModel.linear + kenwardRogerTerms(), median of \(options.runs) runs")
        report("R: lmer + anova(m, ddf = \"Kenward-Roger\") (lmerTest over pbkrtest), one run, timed inside R")
        var rows: [Row] = []
        for trials in options.sizes {
            let (observations, csv) = data(trials: trials)
            let model = MixedModelSpecification(factors: ["technique"])
            var fitTimes: [Double] = []
            var krTimes: [Double] = []
            var cpuTimes: [Double] = []
            var terms: [LinearMixedModelTerm] = []
            for _ in 0..<options.runs {
                let (start, cpuStart) = (Date(), cpuSeconds())
                let fit = try MixedModel.linear(observations, model: model)
                let fitted = Date()
                terms = try fit.kenwardRogerTerms()
                fitTimes.append(fitted.timeIntervalSince(start))
                krTimes.append(Date().timeIntervalSince(fitted))
                cpuTimes.append(cpuSeconds() - cpuStart)
            }
            let term = terms[0]
            report(
                "\(trials) trials: ThumbLab fit \(seconds(median(fitTimes))), KR \(seconds(median(krTimes))); "
                    + "technique \(term.apa) (F = \(String(format: "%.6f", term.f)), "
                    + "ddf = \(String(format: "%.4f", term.denominatorDF)))"
            )
            var outcome = RBaseline.Outcome.missing("skipped above --r-max-trials \(options.rMaxTrials)")
            if trials <= options.rMaxTrials {
                let file = folder.appendingPathComponent("trials-\(trials).csv")
                try csv.write(to: file, atomically: true, encoding: .utf8)
                outcome = RBaseline.run(
                    script(file), expected: 6, needs: "lme4, lmerTest and pbkrtest (apt-get install r-cran-pbkrtest)")
            }
            switch outcome {
            case .missing(let reason): report("  R: not measured (\(reason))")
            case .figures(let r):
                report(
                    "  R: lmer \(seconds(r[1])), lmer + anova(ddf = \"Kenward-Roger\") \(seconds(r[0])) "
                        + "(CPU \(seconds(r[5]))); technique F = \(String(format: "%.6f", r[2])), "
                        + "ddf = \(String(format: "%.4f", r[3])); R heap peak \(String(format: "%.0f", r[4])) MB")
            }
            rows.append(
                Row(
                    trials: trials, fit: median(fitTimes), kenwardRoger: median(krTimes), cpu: median(cpuTimes),
                    term: term, r: outcome))
        }
        table(rows)
    }

    /// Seeded trials: 16 participants cycling fastest, then the 3 techniques.
    static func data(trials: Int) -> ([MixedModelObservation], String) {
        var random = Random(state: 2027)
        let techniques = ["Direct", "Shift", "ThumbSpace"]
        let participantEffects = (0..<16).map { _ in 0.15 * random.normal() }
        var observations: [MixedModelObservation] = []
        var csv = "participant,technique,log_time\n"
        for index in 0..<trials {
            let participant = index % 16
            let technique = (index / 16) % 3
            let value = 7 + participantEffects[participant] + 0.03 * Double(technique) + 0.22 * random.normal()
            observations.append(
                MixedModelObservation(
                    subject: "P\(participant + 1)", levels: ["technique": techniques[technique]], value: value))
            csv += "P\(participant + 1),\(techniques[technique]),\(value)\n"
        }
        return (observations, csv)
    }

    /// Prints the KR table's wall time with and without the fit, F, df, the R heap's peak from
    /// `gc()` in MB and the KR table's CPU time.
    static func script(_ file: URL) -> String {
        """
        suppressMessages({ library(lmerTest); library(pbkrtest) })
        options(contrasts = c("contr.sum", "contr.poly"))
        d <- read.csv("\(file.path)", colClasses = c(participant = "factor", technique = "factor"))
        f <- log_time ~ technique + (1 | participant)
        fitOnly <- system.time(lmer(f, data = d))[["elapsed"]]
        invisible(gc(reset = TRUE))
        times <- system.time(a <- anova(lmer(f, data = d), ddf = "Kenward-Roger"))
        heap <- sum(gc()[, 6])
        cpu <- times[["user.self"]] + times[["sys.self"]]
        cat(times[["elapsed"]], fitOnly, a[["F value"]][1], a$DenDF[1], heap, cpu, "\\n")
        """
    }

    static func table(_ rows: [Row]) {
        report("")
        report("fit + KR table, wall (CPU); KR step alone, wall (R's: its total less its lmer fit)")
        report("trials  ThumbLab  R  ratio ThumbLab/R wall (CPU)  |  ThumbLab KR  R KR  ratio")
        for row in rows {
            let total = row.fit + row.kenwardRoger
            var r = "R not measured"
            if case .figures(let figures) = row.r {
                let rKR = figures[0] - figures[1]
                r = [
                    "\(seconds(figures[0])) (\(seconds(figures[5])))",
                    "\(ratio(total, figures[0])) (\(ratio(row.cpu, figures[5])))", "|", seconds(row.kenwardRoger),
                    seconds(rKR), ratio(row.kenwardRoger, rKR),
                ].joined(separator: "  ")
            }
            report("\(row.trials)  \(seconds(total)) (\(seconds(row.cpu)))  \(r)")
        }
    }

    static func seconds(_ value: Double) -> String { String(format: "%.4f s", value) }

    static func ratio(_ value: Double, _ baseline: Double) -> String {
        baseline > 0 ? String(format: "%.2e", value / baseline) : "-"
    }

    /// The CPU time of this process so far.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
