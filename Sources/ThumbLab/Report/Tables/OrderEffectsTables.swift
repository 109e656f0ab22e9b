import ThumbLabStats

/// An order analysis as JSON (`thumblab order-effects --format json`) and as tables for
/// text, Markdown and CSV.
public enum OrderEffectsTables {
    /// `{factor, measure, source, scheme, levels, participants, unordered, sequences,
    /// positions, unmatched_plan_participants, balanced, sequences_equal, position, sequence, sequence_missing,
    /// sentences, methods, selection}`; `position` and `sequence` hold `test_choice` and
    /// `tests` as ``ComparisonTables/json(_:)`` spells a test.
    public static func json(_ report: OrderEffectsReport) -> JSONValue {
        func list(_ levels: [String]) -> JSONValue { .array(levels.map(JSONValue.string)) }
        func comparison(_ comparison: Comparison) -> JSONValue {
            .object([
                ("design", .string(comparison.design.kind)),
                ("participants_used", .int(comparison.design.kept.count)),
                (
                    "levels",
                    .array(
                        comparison.levels.map { level in
                            .object([
                                ("level", .string(level.level)), ("n", .int(level.n)), ("mean", .number(level.mean)),
                                ("ci_low", .number(level.ciLow)), ("ci_high", .number(level.ciHigh)),
                            ])
                        })
                ),
                ("tests", .array(comparison.tests.map { .object(ComparisonTables.testMembers($0)) })),
                ("test_choice", .array(comparison.reasons.map(JSONValue.string))),
            ])
        }
        return .object([
            ("factor", .string(report.request.factor)), ("measure", .string(report.request.measure.description)),
            ("source", .string(report.source)), ("scheme", report.scheme.map { .string($0.rawValue) } ?? .null),
            ("levels", list(report.levels)),
            (
                "participants",
                .array(
                    report.orders.map {
                        .object([
                            ("participant", .string($0.participant)), ("order", list($0.order)),
                            ("source", .string($0.source.rawValue)),
                        ])
                    })
            ),
            (
                "unordered",
                .array(
                    report.unordered.map {
                        .object([("participant", .string($0.participant)), ("reason", .string($0.reason))])
                    })
            ),
            (
                "sequences",
                .array(
                    report.sequences.map {
                        .object([
                            ("sequence", .string($0.sequence)), ("order", list($0.order)),
                            ("participants", .int($0.participants)),
                        ])
                    })
            ),
            (
                "positions",
                .array(
                    zip(report.levels, report.positionCounts).map {
                        .object([("level", .string($0)), ("counts", .array($1.map(JSONValue.int)))])
                    })
            ),
            ("unmatched_plan_participants", .array(report.unmatchedPlanLabels.map(JSONValue.string))),
            ("balanced", .bool(report.positionsBalanced)), ("sequences_equal", .bool(report.sequencesEqual)),
            ("position", comparison(report.position)),
            ("sequence", report.sequence.map(comparison) ?? .null),
            ("sequence_missing", report.sequenceMissing.map(JSONValue.string) ?? .null),
            ("sentences", .array(report.sentences.map(JSONValue.string))), ("methods", .string(report.methods)),
            ("selection", report.selection.json),
        ])
    }

    /// Orders, sequence counts, counts per position, position means and the tests, then
    /// the sentences, the methods and the selection. Numbers rounded to `decimals`, or whole.
    public static func tables(_ report: OrderEffectsReport, decimals: Int? = 3) -> TitledTables {
        let number = { (value: Double?) in TitledTables.number(value, decimals) }
        var orders = ResultTable(columns: ["participant", "source", "order"])
        orders.rows = report.orders.map {
            [.string($0.participant), .string($0.source.rawValue), .string($0.order.joined(separator: " > "))]
        }
        var sequences = ResultTable(columns: ["sequence", "participants"])
        sequences.rows = report.sequences.map { [.string($0.order.joined(separator: " > ")), .int($0.participants)] }
        var positions = ResultTable(
            columns: [report.request.factor] + report.levels.indices.map { "position_\($0 + 1)" })
        positions.rows = zip(report.levels, report.positionCounts).map { [.string($0)] + $1.map(JSONValue.int) }
        var means = ResultTable(columns: ["position", "n", "mean", "ci_low", "ci_high"])
        means.rows = report.position.levels.map {
            [.string($0.level), .int($0.n), number($0.mean), number($0.ciLow), number($0.ciHigh)]
        }
        var tests = ResultTable(columns: ["effect", "term", "test", "statistic", "df", "p", "apa"])
        let effects = [("position", report.position)] + (report.sequence.map { [("sequence", $0)] } ?? [])
        for (effect, comparison) in effects {
            tests.rows += comparison.tests.map { test in
                let epsilon = test.correction == "GG" ? test.epsilonGG ?? 1 : 1
                let df =
                    test.df.map { APA.df($0) }
                    ?? [test.df1, test.df2].compactMap { $0.map { APA.df($0 * epsilon) } }.joined(separator: ", ")
                return [
                    .string(effect), .string(test.term), .string(test.test), number(test.statistic), .string(df),
                    TitledTables.pValue(test.decisiveP, decimals), .string(test.apa),
                ]
            }
        }
        let measure = report.request.measure.description
        return TitledTables(
            tables: [
                ("Orders of \(report.request.factor) (from the \(report.source))", orders),
                ("Sequences", sequences), ("Participants per position", positions),
                ("\(measure) by position", means), ("Tests", tests),
            ],
            paragraphs: [
                ("Results", report.sentences), ("Methods", [report.methods]),
                ("Selection", [report.selection.sentence]),
            ])
    }
}

extension OrderEffectsReport: AnalysisReport {
    /// ``OrderEffectsTables/tables(_:decimals:)`` at the command's 3 decimals.
    public var tables: TitledTables { OrderEffectsTables.tables(self) }
    /// ``OrderEffectsTables/json(_:)``.
    public var json: JSONValue { OrderEffectsTables.json(self) }
}
