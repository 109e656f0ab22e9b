/// The Fitts' law chart: mean movement time against the effective index of difficulty
/// (the nominal one for a nominal report), one point per A × W with the 95% interval of
/// the participants' means, and the fitted line MT = a + b × IDe (or ID) of each cell.
public enum FittsChart {
    /// The chart of a report: with several cells, each cell is a series of points with its
    /// own fitted line in the series' colour; every fit is also given in the description.
    public static func chart(_ report: FittsReport) -> IntervalChart {
        let several = report.cells.count > 1
        let points = report.cells.flatMap { cell in
            cell.points.map { point in
                IntervalPoint(
                    label:
                        "A \(NiceTicks.format(point.amplitude, decimals: 0)), W \(NiceTicks.format(point.width, decimals: 0))",
                    group: several ? cellName(report, cell) : nil, x: report.predictor(point),
                    estimate: point.timeMS, low: point.timeCILow, high: point.timeCIHigh)
            }
        }
        let curves = report.cells.compactMap { cell -> FittedCurve? in
            let xs = cell.points.map(report.predictor)
            guard let fit = report.leadingFit(cell), let low = xs.min(), let high = xs.max(), high > low else { return nil }
            return FittedCurve(
                points: [FigurePoint(x: low, y: fit.predict(low)), FigurePoint(x: high, y: fit.predict(high))],
                label:
                    "MT = \(NiceTicks.format(fit.intercept, decimals: 0)) + \(NiceTicks.format(fit.slope, decimals: 1)) × \(report.predictorName), "
                    + "R² = \(NiceTicks.format(fit.rSquared, decimals: 3))",
                series: several ? cellName(report, cell) : nil)
        }
        let fits = report.cells.compactMap { cell -> String? in
            guard let fit = report.leadingFit(cell) else { return nil }
            let name = cell.levels.isEmpty ? "" : cellName(report, cell) + ": "
            return "\(name)MT = \(NiceTicks.format(fit.intercept, decimals: 1)) + "
                + "\(NiceTicks.format(fit.slope, decimals: 1)) × \(report.predictorName) ms, R² = \(NiceTicks.format(fit.rSquared, decimals: 3)), "
                + "TP = \(NiceTicks.format(cell.throughput.mean, decimals: 2)) bits/s."
        }
        let participants = Set(report.sequences.map(\.participant)).count
        let trials = report.sequences.reduce(0) { $0 + $1.measures.trials }
        let difficulty = report.isNominal ? "index of difficulty" : "effective index of difficulty"
        let title =
            "Movement time by \(difficulty): means of A × W with 95% CIs "
            + "(\(report.sequences.count) sequences, \(trials) trials, n = \(participants) participants)"
        return IntervalChart(
            title: title, description: ([title + "."] + fits).joined(separator: " "),
            xTitle: "\(difficulty.prefix(1).uppercased() + difficulty.dropFirst()) \(report.predictorName) (bits)", yTitle: "Movement time MT (ms)", axis: .numeric,
            points: points, yFromZero: true, curves: curves)
    }

    /// The cell's levels of the `by` factors by their display names, `Direct / 3.6`.
    private static func cellName(_ report: FittsReport, _ cell: FittsCell) -> String {
        zip(report.by, cell.levels).map { report.names.level($1, of: $0) }.joined(separator: " / ")
    }
}
