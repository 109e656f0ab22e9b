/// Learning curves as tables, JSON and a chart.
public enum LearningCurveTables {
    /// One row per condition and phrase number: the condition's factors, phrase,
    /// participants, mean_wpm, ci_low, ci_high; numbers rounded to `decimals`.
    public static func points(_ report: LearningCurveReport, decimals: Int? = 3) -> ResultTable {
        let rows = report.curves.flatMap { curve in
            curve.points.map { point -> [JSONValue] in
                levels(curve) + [
                    .int(point.phrase), .int(point.participants), TitledTables.number(point.meanWPM, decimals),
                    TitledTables.number(point.ciLow, decimals), TitledTables.number(point.ciHigh, decimals),
                ]
            }
        }
        return ResultTable(
            columns: report.factors + ["phrase", "participants", "mean_wpm", "ci_low", "ci_high"], rows: rows)
    }

    /// One row per condition: the power law's a, b and R² on the log-log scale, and the
    /// phrases it was fitted over.
    public static func fits(_ report: LearningCurveReport, decimals: Int? = 3) -> ResultTable {
        let rows = report.curves.map { curve -> [JSONValue] in
            levels(curve) + [
                .int(curve.points.count), curve.fit.map { TitledTables.number($0.a, decimals) } ?? .null,
                curve.fit.map { TitledTables.number($0.b, decimals) } ?? .null,
                curve.fit.map { TitledTables.number($0.rSquared, decimals) } ?? .null,
            ]
        }
        return ResultTable(columns: report.factors + ["points", "a", "b", "r_squared"], rows: rows)
    }

    private static func levels(_ curve: LearningCurve) -> [JSONValue] {
        curve.levels.map { $0.map(JSONValue.string) ?? .string(FactorLevels.missingLabel) }
    }

    /// `{selection, factors, methods, sentences, points: [...], fits: [...]}`, numbers
    /// unrounded.
    public static func json(_ report: LearningCurveReport) -> JSONValue {
        .object([
            ("selection", report.selection.json), ("factors", .array(report.factors.map(JSONValue.string))),
            ("methods", .string(report.methods)), ("sentences", .array(report.sentences.map(JSONValue.string))),
            ("points", points(report, decimals: nil).json()), ("fits", fits(report, decimals: nil).json()),
        ])
    }

    /// The two tables, then the results, methods and selection.
    public static func tables(_ report: LearningCurveReport, decimals: Int? = 3) -> TitledTables {
        TitledTables(
            tables: [
                ("WPM by phrase number", points(report, decimals: decimals)),
                ("Power law of practice, WPM = a × n^b", fits(report, decimals: decimals)),
            ],
            paragraphs: [
                ("Results", report.sentences), ("Methods", [report.methods]),
                ("Selection", [report.selection.sentence]),
            ])
    }

    /// Mean WPM by phrase number with 95% CIs, one series per condition, each with its
    /// fitted power law drawn through its phrase numbers.
    public static func chart(_ report: LearningCurveReport) -> IntervalChart {
        let several = report.curves.count > 1
        let points = report.curves.flatMap { curve in
            curve.points.map { point in
                IntervalPoint(
                    label: "phrase \(point.phrase)", group: several ? report.conditionName(curve) : nil,
                    x: Double(point.phrase), estimate: point.meanWPM, low: point.ciLow, high: point.ciHigh)
            }
        }
        let curves = report.curves.compactMap { curve -> FittedCurve? in
            guard let fit = curve.fit, let first = curve.points.first?.phrase, let last = curve.points.last?.phrase
            else { return nil }
            let steps = 40
            let line = (0...steps).map { step -> FigurePoint in
                let n = Double(first) + Double(last - first) * Double(step) / Double(steps)
                return FigurePoint(x: n, y: fit.predict(n))
            }
            return FittedCurve(
                points: line,
                label: "WPM = \(NiceTicks.format(fit.a, decimals: 1)) × n^\(NiceTicks.format(fit.b, decimals: 3))",
                series: several ? report.conditionName(curve) : nil)
        }
        let title =
            "WPM by phrase number: means with 95% CIs and the power law of practice "
            + "(n = \(report.selection.participants) participants)"
        return IntervalChart(
            title: title, description: ([title + "."] + report.sentences).joined(separator: " "),
            xTitle: "Phrase number", yTitle: "Entry speed (WPM), mean", axis: .numeric, points: points,
            yFromZero: true, curves: curves)
    }
}

extension LearningCurveReport: AnalysisReport {
    /// ``LearningCurveTables/tables(_:decimals:)``.
    public var tables: TitledTables { LearningCurveTables.tables(self) }
    /// ``LearningCurveTables/json(_:)``.
    public var json: JSONValue { LearningCurveTables.json(self) }
}
