import Foundation
import ThumbLabStats

/// The words of a ``PilotPowerReport``: its assumptions, one sentence each, and a sentence
/// for the paper.
struct PilotPowerText {
    let report: PilotPowerReport

    init(_ report: PilotPowerReport) { self.report = report }

    private var request: PilotPowerRequest { report.request }
    private var factor: String { report.names.factor(request.factor) }
    private var measure: String { request.measure == .time ? "time" : "errors" }
    private var alpha: String { "α = \(APA.unit(request.alpha, digits: 2))" }
    private var target: String { APA.unit(request.target, digits: 2) }

    /// The sentence for the paper: the simulated power at the smallest sufficient sample
    /// size, or what the largest reached; the analytic curve's when nothing was simulated.
    var sentence: String {
        let scaled = request.effectScale == 1 ? "" : ", the pilot's effects scaled by \(number(request.effectScale))"
        guard !report.simulated.isEmpty else {
            guard let analytic = report.analytic else {
                return "The pilot gives no analytic power: \(report.analyticMissing ?? "")."
            }
            let figures = analyticFigures(analytic)
            guard let n = report.smallestSufficient, let point = analytic.curve.first(where: { $0.participants == n })
            else {
                return "From the pilot (\(pilot)), the effect of \(factor) on \(measure) (\(figures)\(scaled)) gives a "
                    + "repeated-measures ANOVA less than \(target) power at \(alpha) with up to "
                    + "\(request.participants.max()!) participants."
            }
            return "From the pilot (\(pilot)), the effect of \(factor) on \(measure) (\(figures)\(scaled)) gives a "
                + "repeated-measures ANOVA a power of \(APA.unit(point.power, digits: 2)) at \(alpha) with \(n) "
                + "participants (G*Power's convention; Faul et al. 2007)."
        }
        let effects = request.effectScale == 1 ? "," : ", its effects scaled by \(number(request.effectScale)),"
        let source =
            "From the pilot (\(pilot))\(effects) \(NumberText.grouped(request.simulations)) simulated studies per sample "
            + "size from its \(modelName)"
        if let n = report.smallestSufficient, let point = report.simulated.first(where: { $0.participants == n }) {
            return source + " gave a power of \(powerWithInterval(point)) to detect the effect of \(factor) on "
                + "\(measure) at \(alpha) with \(n) participants, the smallest sample simulated to reach \(target)."
        }
        let largest = report.simulated.max { $0.participants < $1.participants }!
        return source + " gave no sample size up to \(largest.participants) participants a power of \(target) to "
            + "detect the effect of \(factor) on \(measure) at \(alpha); \(largest.participants) gave "
            + "\(powerWithInterval(largest))."
    }

    /// The assumptions behind the numbers, in words.
    var assumptions: [String] {
        var lines = [pilotLine, modelLine, fittedLine]
        lines.append(
            request.effectScale == 1
                ? "The simulated effects are the pilot's as fitted (effect scale 1); a pilot's effects are biased "
                    + "upward, so a scale below 1, such as 0.8, is the cautious choice."
                : "The simulated effects are the pilot's scaled by \(number(request.effectScale)) around their mean, "
                    + "as a pilot's effects are biased upward.")
        if !report.simulated.isEmpty {
            lines.append(
                "Each simulated study draws new participants' random effects from the fitted variance components and "
                    + "their trials from the model, and is analysed \(OneWayWithinTest.description).")
            lines.append(
                "Power is the share of the \(NumberText.grouped(request.simulations)) studies per sample size with "
                    + "p < \(APA.unit(request.alpha, digits: 2)), with its 95% Clopper-Pearson interval; seed "
                    + "\(request.seed) (the same seed gives the same figures), the studies spread over every core.")
            let untestable = report.simulated.reduce(0) { $0 + $1.untestable }
            if untestable > 0 {
                lines.append(
                    "\(NumberText.grouped(untestable)) simulated studies had no variation to test and count as not "
                        + "significant.")
            }
        }
        if let analytic = report.analytic {
            lines.append(
                "Analytic power: the RM-ANOVA in G*Power's convention (Faul et al. 2007), λ = f²·n·m·ε/(1 − ρ), "
                    + "with \(analyticFigures(analytic)) from the pilot's per-participant "
                    + (request.measure == .time ? "means of ln time" : "error rates")
                    + (analytic.nRequired.map { "; \($0) participants reach \(target)" } ?? "") + ".")
        } else if let missing = report.analyticMissing {
            lines.append("No analytic power: \(missing).")
        }
        return lines
    }

    private var pilot: String {
        "\(report.pilotParticipants) participant\(report.pilotParticipants == 1 ? "" : "s")"
    }

    private var modelName: String {
        (report.model.test == .lmm ? "linear mixed model of ln time" : "logistic mixed model of misses")
            + " (\(report.model.formula))"
    }

    private var pilotLine: String {
        let trials = report.trialsPerCell.map(String.init)
        let levels = report.levels.map { report.names.level($0, of: request.factor) }
        let same = Set(trials).count == 1
        return "The pilot: \(pilot) with data at every level of \(factor) (of \(report.selection.participants) "
            + "in the selection); " + (same ? "\(trials[0])" : WordList.listed(trials))
            + " trials per participant " + (same ? "at each level" : "at \(WordList.listed(levels))")
            + ", kept in every simulated study."
    }

    private var modelLine: String {
        let fit =
            report.model.test == .lmm
            ? "a linear mixed model fitted by REML as lme4"
            : "a logistic mixed model fitted by the Laplace approximation as glmer"
        let steps = report.model.simplification.isEmpty ? "" : " " + report.model.simplification.joined(separator: " ")
        return "Model: \(fit), \(report.model.formula).\(steps)"
    }

    private var fittedLine: String {
        let means = zip(report.levels, report.model.levelMeans).map { level, mean in
            report.names.level(level, of: request.factor) + " "
                + (report.model.test == .lmm ? "\(String(format: "%.0f", mean)) ms" : APA.unit(mean, digits: 3))
        }
        let sds = report.model.variances.map { component in
            (component.name == "Residual" ? "residual" : "participant \(component.name)") + " SD "
                + number(component.sd, digits: 3)
        }
        let scale = report.model.test == .lmm ? "ln scale" : "logit scale"
        return "Fitted: " + (report.model.test == .lmm ? "geometric-mean times " : "miss probabilities ")
            + WordList.listed(means) + "; " + WordList.listed(sds) + " on the \(scale)."
    }

    private func analyticFigures(_ analytic: PilotAnalyticPower) -> String {
        "f = \(number(analytic.f, digits: 3)), ρ = \(APA.unit(analytic.correlation, digits: 2)), "
            + "ε = \(APA.unit(analytic.epsilon, digits: 2))"
    }

    private func powerWithInterval(_ point: SimulatedPower) -> String {
        "\(APA.unit(point.power, digits: 2)) (95% CI [\(APA.unit(point.interval.lower, digits: 2)), "
            + "\(APA.unit(point.interval.upper, digits: 2))])"
    }

    private func number(_ value: Double, digits: Int = 2) -> String {
        String(format: "%.\(digits)f", value)
    }
}
