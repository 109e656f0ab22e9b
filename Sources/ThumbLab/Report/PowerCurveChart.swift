import ThumbLabStats

/// The power curve of a pilot (``PilotPowerReport``): the simulated power at each sample
/// size with its 95% Clopper-Pearson interval, the analytic RM-ANOVA curve as a line, the
/// target band and the smallest sufficient sample size.
public enum PowerCurveChart {
    /// The chart; without simulations the analytic powers are the points.
    public static func chart(_ report: PilotPowerReport) -> IntervalChart {
        let factor = report.names.factor(report.request.factor)
        let points: [IntervalPoint] =
            report.simulated.isEmpty
            ? (report.analytic?.curve ?? []).map {
                IntervalPoint(
                    label: "n = \($0.participants)", x: Double($0.participants), estimate: $0.power, low: .nan,
                    high: .nan)
            }
            : report.simulated.map {
                IntervalPoint(
                    label: "n = \($0.participants)", x: Double($0.participants), estimate: $0.power,
                    low: $0.interval.lower, high: $0.interval.upper)
            }
        var curves: [FittedCurve] = []
        if let analytic = report.analytic, !report.simulated.isEmpty,
            let low = report.request.participants.min(), let high = report.request.participants.max(), high > low
        {
            let levels = report.levels.count
            let line = (low...high).compactMap { n -> FigurePoint? in
                guard
                    let power = try? Power.rmANOVA(
                        levels: levels, f: analytic.f, n: Double(n), power: nil, correlation: analytic.correlation,
                        epsilon: analytic.epsilon, alpha: report.request.alpha
                    ).power
                else { return nil }
                return FigurePoint(x: Double(n), y: power)
            }
            if line.count >= 2 { curves.append(FittedCurve(points: line, label: "analytic (RM-ANOVA)")) }
        }
        let target = APA.unit(report.request.target, digits: 2)
        let title =
            "Power to detect the effect of \(factor) on \(report.request.measure == .time ? "time" : "errors") "
            + "by participants (α = \(APA.unit(report.request.alpha, digits: 2)); "
            + (report.simulated.isEmpty
                ? "analytic RM-ANOVA)"
                : "\(report.request.simulations) simulated studies each, 95% CIs)")
        let description = [title + ".", report.sentence].joined(separator: " ")
        return IntervalChart(
            title: title, description: description, xTitle: "Participants", yTitle: "Power", axis: .numeric,
            points: points, yFromZero: true, yLimit: 1, curves: curves,
            references: report.smallestSufficient.map { [ReferenceLine(x: Double($0), label: "n = \($0)")] } ?? [],
            bands: [ValueBand(low: report.request.target, high: 1, label: "power ≥ \(target)")])
    }
}
