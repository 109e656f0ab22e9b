import ThumbLabStats

/// The tables a paper prints: few columns, labels in words with their units, numbers to
/// the precision a reader needs, statistics as APA prints them. The full per-cell figures
/// stay in the CSV tables and in the report's appendix. Each table carries the stem of the
/// data it summarises, so that a reference to that data finds it first.
enum PaperTables {
    /// Time and error rate per condition: the geometric mean time in ms with its 95% CI, as
    /// whole numbers, and the error rate in %, one decimal. The number of participants is
    /// in the caption when every condition has the same, in a column otherwise.
    static func descriptives(_ report: StudyReport) -> ReportTable? {
        let summary = report.summary
        guard !summary.rows.isEmpty else { return nil }
        let names = report.names
        let counts = Set(summary.rows.map(\.participants))
        let errors = summary.rows.contains { $0.errorRate != nil }
        var columns = summary.factors.map { ReportColumn(label: capitalised(names.factor($0))) }
        if counts.count > 1 { columns.append(ReportColumn(label: "n", alignment: .right)) }
        columns.append(ReportColumn(label: "Time", unit: "ms", alignment: .right))
        if errors { columns.append(ReportColumn(label: "Error rate", unit: "%", precision: 1, alignment: .decimal)) }
        let rows = summary.rows.map { row -> [JSONValue] in
            var cells = zip(row.levels, summary.factors).map { JSONValue.string(names.level($0, of: $1)) }
            if counts.count > 1 { cells.append(.int(row.participants)) }
            cells.append(.string(interval(row.timeGeomean, row.timeCILow, row.timeCIHigh)))
            if errors { cells.append(row.errorRate.map { .number($0 * 100) } ?? .null) }
            return cells
        }
        let n = counts.count == 1 ? " (n = \(counts.first!) participants per condition)" : ""
        return ReportTable(
            file: "summary", title: "Geometric mean time [95% CI]\(errors ? " and error rate" : "") per condition\(n)",
            data: ResultTable(columns: columns.map(\.label), rows: rows), columns: columns)
    }

    /// Each questionnaire's scores per cell as M (SD), one column per instrument, for the
    /// instruments scored over `factors`.
    static func scores(_ scores: [QuestionnaireScores], factors: [String], names: DisplayNames) -> ReportTable? {
        let instruments = scores.filter { $0.factors == factors && !$0.cells.isEmpty }
        guard let first = instruments.first else { return nil }
        let counts = Set(instruments.flatMap { $0.cells.map(\.n) })
        var columns = factors.map { ReportColumn(label: capitalised(names.factor($0))) }
        columns += instruments.map { ReportColumn(label: "\($0.instrument.name), M (SD)", alignment: .right) }
        let rows = first.cells.indices.map { index -> [JSONValue] in
            let levels = first.cells[index].levels.map { JSONValue.string(names.level($0.level, of: $0.factor)) }
            return levels
                + instruments.map { instrument in
                    guard index < instrument.cells.count, instrument.cells[index].n > 0 else { return .null }
                    let cell = instrument.cells[index]
                    return .string("\(APA.value(cell.mean, digits: 1)) (\(APA.value(cell.sd, digits: 1)))")
                }
        }
        let n = counts.count == 1 ? " (n = \(counts.first!) participants per cell)" : ""
        return ReportTable(
            file: "scores-" + TableReference.stem(first.instrument.name) + "-cells",
            title: "Questionnaire scores per condition, mean (SD)\(n)",
            data: ResultTable(columns: columns.map(\.label), rows: rows), columns: columns)
    }

    /// A comparison's omnibus tests in APA style: the effect, the statistic, its degrees of
    /// freedom, p and the effect size.
    static func tests(_ report: ComparisonReport) -> ReportTable {
        let names = report.names
        let text = report.text(names: names)
        let by = report.request.by
        var rows: [(by: String?, effect: String, statistic: APAStatistic, test: String)] = []
        for comparison in report.comparisons {
            let at = comparison.byLevel.map { names.level($0.level, of: $0.factor) }
            for test in comparison.tests {
                let statistic = test.pAdjusted.map { test.apaStatistic.adjusted($0, label: test.adjust ?? "adjusted") }
                rows.append((at, capitalised(names.term(test.term)), statistic ?? test.apaStatistic, test.test))
            }
        }
        let tests = Set(rows.map(\.test))
        let title =
            "Tests of \(text.measureName)"
            + (tests.count == 1 ? " (\(ComparisonText.label(rows[0].test)))" : "")
        return statisticTable(
            file: TableReference.stem(report.request.measure.description) + "-tests", title: title,
            leading: (by.map { [capitalised(names.factor($0))] } ?? []) + ["Effect"],
            rows: rows.map { ((by != nil ? [$0.by ?? ""] : []) + [$0.effect], $0.statistic) })
    }

    /// The simple effects of a comparison's interactions: the interaction, the factor whose
    /// effect was tested, where, and the test with its adjusted p.
    static func simpleEffects(_ report: ComparisonReport) -> ReportTable? {
        let names = report.names
        let text = report.text(names: names)
        let effects = report.comparisons.flatMap(\.simpleEffects)
        guard !effects.isEmpty else { return nil }
        let rows = effects.map { effect -> ([String], APAStatistic) in
            let at = zip(effect.atFactors, effect.atLevels).map { text.levelName($1, of: $0) }.joined(separator: ", ")
            let statistic = effect.test.pAdjusted.map {
                effect.test.apaStatistic.adjusted($0, label: effect.test.adjust ?? "adjusted")
            }
            return (
                [capitalised(names.term(effect.term)), names.factor(effect.factor), at],
                statistic ?? effect.test.apaStatistic
            )
        }
        return statisticTable(
            file: TableReference.stem(report.request.measure.description) + "-simple-effects",
            title: "Simple effects on \(text.measureName), p-values adjusted across the levels tested at",
            leading: ["Interaction", "Effect of", "At"], rows: rows)
    }

    /// A comparison's post-hoc pairs: the effect, the pair, and the test with its adjusted p.
    static func posthoc(_ report: ComparisonReport) -> ReportTable? {
        let names = report.names
        let text = report.text(names: names)
        let pairs = report.comparisons.flatMap(\.posthoc)
        guard !pairs.isEmpty else { return nil }
        let rows = pairs.map { pair -> ([String], APAStatistic) in
            let statistic = APAStatistic(pair.apaStatistic.parts.filter { $0.symbol != APAStatistic.Symbol(base: "p") })
            func level(_ level: String) -> String {
                pair.term.contains(":") ? names.levels(level, of: pair.term) : text.levelName(level, of: pair.term)
            }
            return ([capitalised(names.term(pair.term)), "\(level(pair.a)) – \(level(pair.b))"], statistic)
        }
        return statisticTable(
            file: TableReference.stem(report.request.measure.description) + "-posthoc",
            title: "Pairwise comparisons of \(text.measureName)", leading: ["Effect", "Pair"], rows: rows)
    }

    /// Rows of words followed by a statistic's parts, one column per part: the statistic's
    /// value under its symbol, its df, p and the effect size, each under its own symbol. A
    /// part a row lacks is empty.
    private static func statisticTable(
        file: String, title: String, leading: [String], rows: [([String], APAStatistic)]
    ) -> ReportTable {
        // The parts' symbols in the order they first come; the first part's df get a column.
        var symbols: [APAStatistic.Symbol] = []
        for (_, statistic) in rows {
            for part in statistic.parts {
                if let symbol = part.symbol, !symbols.contains(symbol) { symbols.append(symbol) }
            }
        }
        let withDF = rows.contains { !($0.1.parts.first?.df.isEmpty ?? true) }
        var columns = leading.map { ReportColumn(label: $0) }
        for (index, symbol) in symbols.enumerated() {
            let label = symbol.base == "p" && !symbol.label.isEmpty ? "p (\(symbol.label))" : symbol.text
            columns.append(ReportColumn(label: label, alignment: .right, symbol: symbol))
            if index == 0, withDF { columns.append(ReportColumn(label: "df", alignment: .right)) }
        }
        let data = rows.map { words, statistic -> [JSONValue] in
            var cells = words.map(JSONValue.string)
            for (index, symbol) in symbols.enumerated() {
                let part = statistic.parts.first { $0.symbol == symbol }
                cells.append(part.map { .string($0.columnText) } ?? .null)
                if index == 0, withDF { cells.append(part.map { .string($0.df.joined(separator: ", ")) } ?? .null) }
            }
            return cells
        }
        return ReportTable(
            file: file, title: title, data: ResultTable(columns: columns.map(\.label), rows: data), columns: columns)
    }

    /// `1304 [1210, 1405]`: a value and its interval as whole numbers.
    private static func interval(_ value: Double?, _ low: Double?, _ high: Double?) -> String {
        guard let value else { return "" }
        let whole = { (x: Double) in APA.value(x.rounded(), digits: 0) }
        guard let low, let high else { return whole(value) }
        return "\(whole(value)) [\(whole(low)), \(whole(high))]"
    }

    /// Words with their first letter in capitals, as a column label or a table cell begins.
    static func capitalised(_ words: String) -> String { words.prefix(1).uppercased() + words.dropFirst() }
}
