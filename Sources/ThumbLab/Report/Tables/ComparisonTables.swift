import ThumbLabStats

/// A comparison as the JSON contract spells it (DESIGN.md, `thumblab compare`) and as
/// tables for text, Markdown and CSV.
public enum ComparisonTables {
    /// `{measure, factor, aggregate, participants_used, participants_dropped, levels,
    /// tests, posthoc, ..., labels}` (raw factor and level names throughout, their display
    /// labels in `labels`, ``LabelTables/json(_:)``); with a `by` factor, every level, test and post-hoc entry carries
    /// the `by` factor's level under the factor's name.
    public static func json(_ report: ComparisonReport) -> JSONValue {
        let request = report.request
        var levels: [JSONValue] = []
        var tests: [JSONValue] = []
        var posthoc: [JSONValue] = []
        var reasons: [JSONValue] = []
        var randomEffects: [JSONValue] = []
        var simpleEffects: [JSONValue] = []
        for comparison in report.comparisons {
            let byMembers: [(String, JSONValue)] = comparison.byLevel.map { [($0.factor, .string($0.level))] } ?? []
            levels += comparison.levels.map { level in
                .object(
                    byMembers + [("level", .string(level.level))]
                        + zip(request.factors, level.levels).map { ($0, .string($1)) }
                        + [
                            ("n", .int(level.n)), ("mean", .number(level.mean)), ("sd", .number(level.sd)),
                            ("median", .number(level.median)), ("ci_low", .number(level.ciLow)),
                            ("ci_high", .number(level.ciHigh)),
                        ])
            }
            tests += comparison.tests.map { .object(byMembers + testMembers($0)) }
            posthoc += comparison.posthoc.map { pair in
                .object(
                    byMembers + [
                        ("term", .string(pair.term)), ("a", .string(pair.a)), ("b", .string(pair.b)),
                        ("test", .string(pair.test)), ("statistic", .number(pair.statistic)),
                        ("df", pair.df.map(JSONValue.number) ?? .null), ("p", .number(pair.p)),
                        ("p_adjusted", .number(pair.pAdjusted)), ("adjust", .string(pair.adjust)),
                        ("apa", .string(pair.apa)),
                    ])
            }
            simpleEffects += comparison.simpleEffects.map { effect in
                .object(
                    byMembers + [
                        ("term", .string(effect.term)), ("factor", .string(effect.factor)),
                        ("at", .object(zip(effect.atFactors, effect.atLevels).map { ($0, .string($1)) })),
                        (
                            "means",
                            .array(
                                zip(effect.levels, effect.means).map {
                                    .object([("level", .string($0)), ("mean", .number($1))])
                                })
                        ),
                    ] + testMembers(effect.test))
            }
            if let random = comparison.randomEffects {
                randomEffects.append(.object(byMembers + randomEffectsMembers(random)))
            }
            reasons += comparison.reasons.map {
                .string((comparison.byLevel.map { "\($0.factor) = \($0.level): " } ?? "") + $0)
            }
        }
        let dropped = report.dropped
        return .object([
            ("measure", .string(request.measure.description)),
            ("factor", .string(request.factors.joined(separator: ":"))),
            ("factors", .array(request.factors.map(JSONValue.string))),
            ("by", request.by.map(JSONValue.string) ?? .null),
            ("aggregate", .string(aggregate(report).rawValue)),
            ("design", .array(report.comparisons.map { .string($0.design.kind) })),
            ("participants_used", .int(report.participantsUsed)),
            ("participants_dropped", .int(Set(dropped.map(\.participant)).count)),
            (
                "dropped",
                .array(
                    dropped.map { .object([("participant", .string($0.participant)), ("reason", .string($0.reason))]) })
            ),
            ("selection", report.selection.json),
            ("levels", .array(levels)),
            ("tests", .array(tests)),
            ("posthoc_scope", .string(request.posthoc.rawValue)),
            ("posthoc", .array(posthoc)),
            ("simple_effects", .array(simpleEffects)),
            ("test_choice", .array(reasons)),
            ("random_effects", .array(randomEffects)),
            ("sentences", .array(report.sentences.map(JSONValue.string))),
            ("methods", .string(report.methods)),
            ("labels", LabelTables.json(report.names)),
        ])
    }

    /// `none` when every comparison fitted a mixed model to the trials, else the aggregate of
    /// the per-participant cell values.
    private static func aggregate(_ report: ComparisonReport) -> Aggregate {
        let mixedOnly = report.comparisons.allSatisfy { $0.tests.first?.model != nil }
        return mixedOnly && !report.comparisons.isEmpty ? .trialLevel : report.request.cellAggregate
    }

    /// A test's df as the table shows them: `15`, or `1.35, 20.29` with a correction applied.
    private static func dfText(_ test: TestOutcome) -> String {
        let epsilon = test.correction == "GG" ? test.epsilonGG ?? 1 : 1
        return test.df.map { APA.df($0) }
            ?? [test.df1, test.df2].compactMap { $0.map { APA.df($0 * epsilon) } }.joined(separator: ", ")
    }

    /// `{requested, requested_formula, fitted_formula, within_factors, simplified, steps}`.
    private static func randomEffectsMembers(_ random: RandomEffectsOutcome) -> [(String, JSONValue)] {
        [
            ("requested", .string(random.requested.rawValue)), ("requested_formula", .string(random.requestedFormula)),
            ("fitted_formula", .string(random.fittedFormula)),
            ("within_factors", .array(random.withinFactors.map(JSONValue.string))),
            ("simplified", .bool(!random.steps.isEmpty)), ("steps", .array(random.steps.map(JSONValue.string))),
        ]
    }

    static func testMembers(_ test: TestOutcome) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("test", .string(test.test)), ("term", .string(test.term)), ("statistic", .number(test.statistic)),
            ("p", .number(test.p)),
        ]
        let optional: [(String, Double?)] = [
            ("df", test.df), ("df1", test.df1), ("df2", test.df2), ("epsilon_gg", test.epsilonGG),
            ("epsilon_hf", test.epsilonHF), ("p_gg", test.pGG), ("p_hf", test.pHF), ("mauchly_w", test.mauchlyW),
            ("mauchly_p", test.mauchlyP), ("ges", test.ges), ("pes", test.pes), ("w_plus", test.wPlus),
            ("w_minus", test.wMinus), ("z", test.z), ("kendall_w", test.kendallW), ("p_adjusted", test.pAdjusted),
        ]
        members += optional.compactMap { name, value in value.map { (name, .number($0)) } }
        if let correction = test.correction { members.append(("correction", .string(correction))) }
        if let method = test.method { members.append(("method", .string(method))) }
        if let dfMethod = test.dfMethod { members.append(("df_method", .string(dfMethod))) }
        if let model = test.model { members.append(("model", .string(model))) }
        if let adjust = test.adjust { members.append(("adjust", .string(adjust))) }
        if let effect = test.effectSize {
            members.append(
                (
                    "effect_size",
                    .object([
                        ("name", .string(effect.name)), ("symbol", .string(effect.symbol)),
                        ("value", .number(effect.value)),
                        ("ci_low", effect.interval.map { .number($0.low) } ?? .null),
                        ("ci_high", effect.interval.map { .number($0.high) } ?? .null),
                    ])
                ))
        }
        members += [("apa", .string(test.apa)), ("policy", .string(test.policy))]
        return members
    }

    /// `η²G = .494`, `d_z = -1.82`: proportions of variance, W and correlations without a
    /// leading zero, as APA prints values that cannot exceed 1.
    static func effectText(_ effect: EffectSize) -> String {
        let bounded = ["η", "ε", "W", "r"].contains { effect.symbol.hasPrefix($0) }
        return "\(effect.symbol) = "
            + (bounded ? APA.unit(effect.value, digits: 3) : APA.value(effect.value, digits: 2))
    }

    /// Cells, tests and post-hoc tables, then the APA sentences, the reasons for the
    /// test and the methods paragraph. Numbers rounded to `decimals`, or whole.
    public static func tables(_ report: ComparisonReport, decimals: Int? = 3) -> TitledTables {
        let names = report.names
        let randomEffects = report.comparisons.compactMap { comparison in
            comparison.randomEffects.map {
                (comparison.byLevel.map { "\(names.factor($0.factor)) = \(names.level($0.level, of: $0.factor)): " }
                    ?? "") + $0.summary
            }
        }
        return TitledTables(
            tables: keyedTables(report, decimals: decimals).map { ($0.title, $0.table) },
            paragraphs: [("Results", report.sentences)]
                + [
                    (
                        "Test choice",
                        report.comparisons.map { comparison in
                            (comparison.byLevel.map {
                                "\(names.factor($0.factor)) = \(names.level($0.level, of: $0.factor)): "
                            }
                                ?? "")
                                + comparison.reasons.joined(separator: " ")
                        }
                    )
                ]
                + (report.request.randomEffects == .intercept || randomEffects.isEmpty
                    ? [] : [("Random effects", randomEffects)])
                + [("Methods", [report.methods]), ("Selection", [report.selection.sentence])])
    }

    /// The comparison's tables in order, each with the kind its CSV file is named by:
    /// `cells`, `tests`, then `simple-effects` and `posthoc` when they have rows.
    static func keyedTables(_ report: ComparisonReport, decimals: Int?) -> [(
        kind: String, title: String, table: ResultTable
    )] {
        let byColumn = report.request.by.map { [$0] } ?? []
        func byValue(_ comparison: Comparison) -> [JSONValue] {
            comparison.byLevel.map { [.string($0.level)] } ?? []
        }
        let number = { (value: Double?) in TitledTables.number(value, decimals) }
        var cells = ResultTable(
            columns: byColumn + report.request.factors + ["n", "mean", "sd", "median", "ci_low", "ci_high"])
        var tests = ResultTable(
            columns: byColumn + ["term", "test", "statistic", "df", "p", "effect", "p_adjusted", "apa"])
        var posthoc = ResultTable(columns: byColumn + ["term", "a", "b", "test", "statistic", "df", "p", "p_adjusted"])
        var simple = ResultTable(
            columns: byColumn + ["term", "factor", "at", "test", "statistic", "df", "p", "p_adjusted", "apa"])
        for comparison in report.comparisons {
            cells.rows += comparison.levels.map { level in
                byValue(comparison) + level.levels.map(JSONValue.string) + [.int(level.n)]
                    + [level.mean, level.sd, level.median, level.ciLow, level.ciHigh].map(number)
            }
            tests.rows += comparison.tests.map { test in
                let df = dfText(test)
                let effect = test.effectSize.map(effectText) ?? ""
                return byValue(comparison) + [
                    .string(test.term), .string(test.test), number(test.statistic), .string(df),
                    TitledTables.pValue(test.decisiveP, decimals), .string(effect),
                    TitledTables.pValue(test.pAdjusted, decimals), .string(test.apa),
                ]
            }
            simple.rows += comparison.simpleEffects.map { effect in
                let at = zip(effect.atFactors, effect.atLevels).map { "\($0)=\($1)" }.joined(separator: " ")
                return byValue(comparison) + [
                    .string(effect.term), .string(effect.factor), .string(at), .string(effect.test.test),
                    number(effect.test.statistic), .string(dfText(effect.test)),
                    TitledTables.pValue(effect.test.decisiveP, decimals),
                    TitledTables.pValue(effect.test.pAdjusted, decimals), .string(effect.test.apa),
                ]
            }
            posthoc.rows += comparison.posthoc.map { pair in
                byValue(comparison) + [
                    .string(pair.term), .string(pair.a), .string(pair.b), .string(pair.test), number(pair.statistic),
                    number(pair.df), TitledTables.pValue(pair.p, decimals),
                    TitledTables.pValue(pair.pAdjusted, decimals),
                ]
            }
        }
        let names = report.names
        cells.showFactors(byColumn + report.request.factors, names: names)
        tests.showTerms(in: "term", names: names)
        posthoc.showFactors(byColumn, names: names)
        posthoc.showLevels(in: "a", ofTermIn: "term", names: names)
        posthoc.showLevels(in: "b", ofTermIn: "term", names: names)
        posthoc.showTerms(in: "term", names: names)
        if !byColumn.isEmpty { tests.showFactors(byColumn, names: names) }
        simple.showFactors(byColumn, names: names)
        simple.showTerms(in: "term", names: names)
        simple.showTerms(in: "factor", names: names)
        simple.showSettings(in: "at", names: names)
        let measure = report.request.measure.description
        var list: [(kind: String, title: String, table: ResultTable)] = [
            ("cells", "\(measure) by \(report.request.factors.map(names.factor).joined(separator: " x "))", cells),
            ("tests", "Tests", tests),
        ]
        if !simple.rows.isEmpty {
            list.append(
                (
                    "simple-effects",
                    "Simple effects of interactions (\(report.request.adjust.rawValue) across levels)", simple
                ))
        }
        if !posthoc.rows.isEmpty {
            list.append(("posthoc", "Post-hoc comparisons (\(report.request.adjust.rawValue))", posthoc))
        }
        return list
    }
}
