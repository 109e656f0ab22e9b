import Foundation
import ThumbLabStats

/// An analytic power computation (`Power` of ThumbLabStats) as a table, as JSON and as the
/// sentence for a paper.
public enum PowerTables {
    /// `{test, solved_for, alpha, power, n, n_required, power_at_n_required, effect: {d} or
    /// {f, eta2}, groups, alternative, correlation, epsilon, df | df1 and df2, noncentrality,
    /// critical_value, sentence, method}`. `test` is `one-sample-t`, `paired-t`,
    /// `two-sample-t`, `anova` or `rm-anova`; `n` is per group for `two-sample-t` and
    /// `anova` (`per_group` true), and exact (fractional) when it was solved.
    public static func json(_ result: PowerResult) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("test", .string(result.test.rawValue)), ("solved_for", .string(result.solvedFor.rawValue)),
            ("alpha", .number(result.alpha)), ("power", .number(result.power)), ("n", .number(result.n)),
            ("n_required", .int(result.nRequired)), ("power_at_n_required", .number(result.powerAtNRequired)),
            ("per_group", .bool(result.isPerGroup)), ("effect", effectJSON(result)),
        ]
        if let alternative = result.alternative { fields.append(("alternative", .string(alternative.rawValue))) }
        switch result.test {
        case .anova: fields.append(("groups", .int(result.groups)))
        case .rmANOVA:
            fields += [
                ("levels", .int(result.groups)), ("correlation", .number(result.correlation ?? 0)),
                ("epsilon", .number(result.epsilon ?? 1)),
            ]
        case .oneSampleT, .pairedT, .twoSampleT: break
        }
        if let df2 = result.df2 {
            fields += [("df1", .number(result.df1)), ("df2", .number(df2))]
        } else {
            fields.append(("df", .number(result.df1)))
        }
        fields += [
            ("noncentrality", .number(result.noncentrality)), ("critical_value", .number(result.criticalValue)),
            ("sentence", .string(result.sentence)), ("method", .string(result.policy)),
        ]
        return .object(fields)
    }

    /// `{d}` for t tests, `{f, eta2}` for ANOVAs.
    static func effectJSON(_ result: PowerResult) -> JSONValue {
        var members: [(String, JSONValue)] = [(result.effectName, .number(result.effectSize))]
        if let eta2 = result.eta2 { members.append(("eta2", .number(eta2))) }
        return .object(members)
    }

    /// One row per figure (`quantity`, `value`), the figure solved for marked; numbers to
    /// `decimals` places, or whole.
    public static func table(_ result: PowerResult, decimals: Int? = 4) -> ResultTable {
        let number = { (value: Double) in TitledTables.number(value, decimals) }
        let solved = { (unknown: PowerResult.Unknown) in result.solvedFor == unknown ? " (solved)" : "" }
        var rows: [[JSONValue]] = [
            [.string("test"), .string(result.test.rawValue)],
            [.string("alpha"), .number(result.alpha)],
            [.string("power" + solved(.power)), number(result.power)],
            [.string((result.isPerGroup ? "n per group" : "n") + solved(.n)), number(result.n)],
            [.string("n required"), .int(result.nRequired)],
            [.string("power at n required"), number(result.powerAtNRequired)],
            [.string(result.effectName + solved(.effectSize)), number(result.effectSize)],
        ]
        if let eta2 = result.eta2 { rows.append([.string("eta2"), number(eta2)]) }
        if let alternative = result.alternative {
            rows.append([.string("alternative"), .string(alternative.rawValue)])
        }
        switch result.test {
        case .anova: rows.append([.string("groups"), .int(result.groups)])
        case .rmANOVA:
            rows += [
                [.string("levels"), .int(result.groups)], [.string("correlation"), number(result.correlation ?? 0)],
                [.string("epsilon"), number(result.epsilon ?? 1)],
            ]
        case .oneSampleT, .pairedT, .twoSampleT: break
        }
        if let df2 = result.df2 {
            rows += [[.string("df1"), number(result.df1)], [.string("df2"), number(df2)]]
        } else {
            rows.append([.string("df"), number(result.df1)])
        }
        rows += [
            [.string("noncentrality"), number(result.noncentrality)],
            [.string("critical value"), number(result.criticalValue)],
        ]
        return ResultTable(columns: ["quantity", "value"], rows: rows)
    }

    /// The table, then the sentence for the paper and the method.
    public static func tables(_ result: PowerResult, decimals: Int? = 4) -> TitledTables {
        TitledTables(
            tables: [("Power analysis", table(result, decimals: decimals))],
            paragraphs: [("For the paper", [result.sentence]), ("Method", [result.policy])])
    }
}
