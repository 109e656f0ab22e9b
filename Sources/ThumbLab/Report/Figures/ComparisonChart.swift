/// A comparison's level means with their 95% CIs: an ``IntervalChart`` of one point per
/// cell, grouped by the `by` level and, in a factorial design, by the first factor's level;
/// or, for a factorial design, an ``InteractionChart``, which ``figure(_:size:)`` draws.
public enum ComparisonChart {
    /// The figure of `report`: for two or more factors, the interaction plot (a line per
    /// level of the first factor, the second along x, a panel per level of the rest and of
    /// `by`); for one factor, the interval chart. Drawn for the screen, or for print at `size`.
    /// - Throws: ``ThumbLabError/figure(_:)`` when the report has no level means.
    public static func figure(_ report: ComparisonReport, size: FigureSize? = nil) throws -> Figure {
        if let interaction = interaction(report) { return try interaction.figure(size: size) }
        return try chart(report).figure(size: size)
    }

    /// The interaction plot of a comparison of two or more factors; nil for one factor.
    public static func interaction(_ report: ComparisonReport) -> InteractionChart? {
        let request = report.request
        let names = report.names
        guard request.factors.count > 1 else { return nil }
        var points: [InteractionPoint] = []
        for comparison in report.comparisons {
            let byName = comparison.byLevel.map {
                "\(names.factor($0.factor)) = \(names.level($0.level, of: $0.factor))"
            }
            for level in comparison.levels {
                let shown = zip(level.levels, request.factors).map { names.level($0, of: $1) }
                let rest = zip(shown, request.factors).dropFirst(2).map { "\(names.factor($1)) = \($0)" }
                let panel = ([byName].compactMap { $0 } + rest).joined(separator: ", ")
                points.append(
                    InteractionPoint(
                        panel: panel.isEmpty ? nil : panel, x: shown[1], series: shown[0], estimate: level.mean,
                        low: level.ciLow, high: level.ciHigh))
            }
        }
        let base = chart(report)
        return InteractionChart(
            title: base.title, description: base.description,
            xTitle: names.factor(request.factors[1]).capitalisedFirst, yTitle: base.yTitle,
            seriesTitle: names.factor(request.factors[0]).capitalisedFirst, points: points,
            yFromZero: base.yFromZero, yLimit: base.yLimit)
    }

    /// The chart of `report`: y titled with the measure, its unit and the aggregate, from 0
    /// for time, errors and scores, stopped at 1 for proportions.
    public static func chart(_ report: ComparisonReport) -> IntervalChart {
        let request = report.request
        let names = report.names
        var points: [IntervalPoint] = []
        for comparison in report.comparisons {
            let byName = comparison.byLevel.map {
                "\(names.factor($0.factor)) = \(names.level($0.level, of: $0.factor))"
            }
            for level in comparison.levels {
                let shown = zip(level.levels, request.factors).map { names.level($0, of: $1) }
                let grouping = request.factors.count > 1 ? [shown.first ?? ""] : []
                let label = (request.factors.count > 1 ? Array(shown.dropFirst()) : shown).joined(separator: ":")
                let group = ([byName].compactMap { $0 } + grouping).joined(separator: ", ")
                points.append(
                    IntervalPoint(
                        label: label, group: group.isEmpty ? nil : group, estimate: level.mean, low: level.ciLow,
                        high: level.ciHigh))
            }
        }
        let factors = request.factors.map(names.factor)
        let xTitle =
            factors.count > 1
            ? "\(factors.dropFirst().joined(separator: " x ")) within \(factors[0])" : factors.joined()
        let measure = measureName(request.measure)
        let within = request.by.map { " within each \(names.factor($0))" } ?? ""
        let title =
            "\(measure.capitalisedFirst) by \(factors.joined(separator: " x "))\(within): "
            + "\(aggregateName(request.cellAggregate)) with 95% CIs (n = \(report.participantsUsed) participants)"
        let description =
            ([title + "."] + report.sentences.prefix(3)).joined(separator: " ")
        let bounded: Bool
        switch request.measure {
        case .time, .error, .score, .throughput: bounded = true
        case .column(let column): bounded = column == .errors || column == .targetWidth || column == .targetHeight
        case .logged: bounded = false
        case .phrase: bounded = true
        case .item: bounded = true
        }
        var isSUS = false
        if case .score(let instrument) = request.measure { isSUS = instrument.lowercased() == "sus" }
        return IntervalChart(
            title: title, description: description, xTitle: xTitle,
            yTitle: "\(measure.capitalisedFirst)\(unit(request.measure)), \(aggregateName(request.cellAggregate))",
            axis: .categorical, points: points, yFromZero: bounded,
            yLimit: request.cellAggregate == .proportion ? 1 : isSUS ? 100 : nil,
            bands: isSUS ? susGradeBands : [])
    }

    /// The Sauro-Lewis curved grades of SUS scores (``SUSGrade``) as bands from 0 to 100.
    static var susGradeBands: [ValueBand] {
        let grades = SUSGrade.allCases
        return grades.enumerated().map { index, grade in
            ValueBand(
                low: grade.lowerBound, high: index == 0 ? 100 : grades[index - 1].lowerBound, label: grade.rawValue)
        }
    }

    private static func measureName(_ measure: Measure) -> String {
        switch measure {
        case .time: "time"
        case .error: "error rate"
        case .column(let column): column.rawValue.replacingOccurrences(of: "_", with: " ")
        case .score(let instrument): "\(instrument.uppercased()) score"
        case .throughput: "throughput"
        case .logged(let name): name.replacingOccurrences(of: "_", with: " ")
        case .item(let name): "rating of \(name)"
        case .phrase(let column): column.words
        }
    }

    /// ` (ms)`, ` (px)`, or nothing for proportions and scores.
    private static func unit(_ measure: Measure) -> String {
        switch measure {
        case .time: " (ms)"
        case .error, .score, .logged, .item: ""
        case .throughput: " (bits/s)"
        case .column(let column): column == .errors ? " (per trial)" : " (px)"
        case .phrase(let column): column == .wpm || column == .adjustedWPM ? " (WPM)" : ""
        }
    }

    private static func aggregateName(_ aggregate: Aggregate) -> String {
        switch aggregate {
        case .geomean: "geometric means"
        case .mean: "means"
        case .median: "medians"
        case .proportion: "proportions of missed trials"
        case .trialLevel: "trial values"
        }
    }
}

extension String {
    /// The string with its first letter in upper case.
    fileprivate var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
