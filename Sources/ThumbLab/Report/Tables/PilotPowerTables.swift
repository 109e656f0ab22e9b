import Foundation
import ThumbLabStats

/// A power estimate from a pilot (``Study/power(fromStudy:selection:)``) as JSON and as
/// tables for text, Markdown and CSV.
public enum PilotPowerTables {
    /// `{factor, measure, levels, pilot_participants, trials_per_cell, alpha, target,
    /// simulations, effect_scale, seed, model: {test, formula, simplification, level_means,
    /// variances}, analytic: {f, correlation, epsilon, n_required, curve} | null,
    /// analytic_missing, simulated: [{participants, simulations, rejections, untestable, power,
    /// ci_low, ci_high}], smallest_sufficient, analysis, assumptions, sentence, selection,
    /// labels}`. `level_means` are geometric-mean times in ms (lmm) or miss probabilities (glmm).
    public static func json(_ report: PilotPowerReport) -> JSONValue {
        let request = report.request
        let model = report.model
        let analytic: JSONValue =
            report.analytic.map { analytic in
                .object([
                    ("f", .number(analytic.f)), ("correlation", .number(analytic.correlation)),
                    ("epsilon", .number(analytic.epsilon)),
                    ("n_required", analytic.nRequired.map(JSONValue.int) ?? .null),
                    (
                        "curve",
                        .array(
                            analytic.curve.map {
                                .object([("participants", .int($0.participants)), ("power", .number($0.power))])
                            })
                    ),
                ])
            } ?? .null
        return .object([
            ("factor", .string(request.factor)), ("measure", .string(request.measure.description)),
            ("levels", .array(report.levels.map(JSONValue.string))),
            ("pilot_participants", .int(report.pilotParticipants)),
            ("trials_per_cell", .object(zip(report.levels, report.trialsPerCell).map { ($0, .int($1)) })),
            ("alpha", .number(request.alpha)), ("target", .number(request.target)),
            ("simulations", .int(request.simulations)), ("effect_scale", .number(request.effectScale)),
            ("seed", JSONValue.seed(request.seed)),
            (
                "model",
                .object([
                    ("test", .string(model.test.rawValue)), ("formula", .string(model.formula)),
                    ("simplification", .array(model.simplification.map(JSONValue.string))),
                    (
                        "level_means",
                        .array(
                            zip(report.levels, model.levelMeans).map {
                                .object([("level", .string($0)), ("mean", .number($1))])
                            })
                    ),
                    (
                        "variances",
                        .array(
                            model.variances.map { .object([("name", .string($0.name)), ("sd", .number($0.sd))]) })
                    ),
                ])
            ),
            ("analytic", analytic), ("analytic_missing", report.analyticMissing.map(JSONValue.string) ?? .null),
            (
                "simulated",
                .array(
                    report.simulated.map { point in
                        .object([
                            ("participants", .int(point.participants)), ("simulations", .int(point.simulations)),
                            ("rejections", .int(point.rejections)), ("untestable", .int(point.untestable)),
                            ("power", .number(point.power)), ("ci_low", .number(point.interval.lower)),
                            ("ci_high", .number(point.interval.upper)),
                        ])
                    })
            ),
            ("smallest_sufficient", report.smallestSufficient.map(JSONValue.int) ?? .null),
            ("analysis", .string(report.analysis)),
            ("assumptions", .array(report.assumptions.map(JSONValue.string))), ("sentence", .string(report.sentence)),
            ("selection", report.selection.json), ("labels", LabelTables.json(report.names)),
        ])
    }

    /// Power per sample size: the analytic power and the simulated power with its interval.
    public static func curve(_ report: PilotPowerReport, decimals: Int? = 3) -> ResultTable {
        let sizes = report.request.participants
        let rows = sizes.map { size -> [JSONValue] in
            let analytic = report.analytic?.curve.first { $0.participants == size }?.power
            let simulated = report.simulated.first { $0.participants == size }
            return [
                .int(size), TitledTables.number(analytic, decimals), TitledTables.number(simulated?.power, decimals),
                TitledTables.number(simulated?.interval.lower, decimals),
                TitledTables.number(simulated?.interval.upper, decimals),
            ]
        }
        return ResultTable(
            columns: ["participants", "analytic_power", "simulated_power", "ci_low", "ci_high"], rows: rows)
    }

    /// The pilot's fitted model: each level's mean and each SD.
    public static func model(_ report: PilotPowerReport, decimals: Int? = 3) -> ResultTable {
        let factor = report.request.factor
        let unit = report.model.test == .lmm ? "geometric mean (ms)" : "miss probability"
        var rows = zip(report.levels, report.model.levelMeans).map { level, mean -> [JSONValue] in
            [.string("\(unit), \(report.names.level(level, of: factor))"), TitledTables.number(mean, decimals)]
        }
        rows += report.model.variances.map { [.string("SD, \($0.name)"), TitledTables.number($0.sd, decimals)] }
        if let analytic = report.analytic {
            rows += [
                [.string("f"), TitledTables.number(analytic.f, decimals)],
                [.string("correlation"), TitledTables.number(analytic.correlation, decimals)],
                [.string("epsilon (GG)"), TitledTables.number(analytic.epsilon, decimals)],
            ]
        }
        return ResultTable(columns: ["quantity", "value"], rows: rows)
    }

    /// The two tables, then the sentence for the paper and the assumptions.
    public static func tables(_ report: PilotPowerReport, decimals: Int? = 3) -> TitledTables {
        TitledTables(
            tables: [
                ("Power by sample size", curve(report, decimals: decimals)),
                ("Pilot model, \(report.model.formula)", model(report, decimals: decimals)),
            ],
            paragraphs: [("For the paper", [report.sentence]), ("Assumptions", report.assumptions)])
    }
}
