import Foundation
import ThumbLab

/// `thumblab power --from-study --factor F`: the power of a within factor's effect at each
/// sample size, from the pilot in the study database, analytic and by simulation.
enum PowerFromStudyCommand: Command {
    static let fromStudy = Flag(
        "--from-study", help: "Estimate power from the pilot in the study database (required without a subcommand).")
    static let factor = Option<String>(
        "--factor", value: "name", help: "The within factor whose effect the study is to detect (required).")
    static let measure = Option<Measure>(
        "--measure", value: "measure", default: .time, choices: [.time, .error],
        help: "time (ln time, a linear mixed model) or error (misses, a logistic mixed model).")
    static let participants = Option<SampleSizes>(
        "--participants", value: "n,n,...", default: SampleSizes(PilotPowerRequest.defaultParticipants),
        help: "The sample sizes to estimate power for, each at least 2.")
    static let simulations = Option<Int>(
        "--simulations", value: "count", default: 1000,
        help: "Studies simulated per sample size; 0 gives the analytic curve alone.")
    static let effectScale = Option<Double>(
        "--effect-scale", value: "factor", default: 1,
        help: "Multiply the pilot's effects by this (0.8 is cautious: a pilot's effects are biased upward).")
    static let seed = Option<UInt64>("--seed", value: "s", default: 1, help: "The seed of the simulations.")
    static let alpha = Option<Double>("--alpha", value: "alpha", default: 0.05, help: "The significance level.")
    static let target = Option<Double>(
        "--target", value: "power", default: 0.8, help: "The power the smallest sufficient sample must reach.")
    static let random = Option<RandomEffectsStructure>(
        "--random", value: "structure", default: .slopes, choices: [.intercept, .slopes],
        help: "Random effects of the time model: slopes where the pilot supports them, or the intercept alone.")
    static let attempts = SelectionOptions.attempts(default: .first)

    static let spec = CommandSpec(
        name: "power",
        abstract: "Plan a study: the power, sample size or effect size of a t test or ANOVA, or power from a pilot.",
        discussion: """
            With a subcommand (t, anova, rm-anova): give two of --power, --n and the effect size \
            (--d, or --f or --eta2); the third is solved from them (n exact, n_required rounded \
            up). With --from-study: an analytic curve from the pilot's f, correlation and ε, and \
            power simulated from the pilot's fitted mixed model, each study analysed as compare \
            would, with 95% Clopper-Pearson intervals. The articles Planning \
            (Sources/ThumbLabStats/ThumbLabStats.docc/Planning.md) and PowerFromAPilot have the \
            details.
            """,
        options: [fromStudy, factor, measure, participants, simulations, effectScale, seed, alpha, target, random]
            + SelectionOptions.all(attempts: attempts) + SharedOptions.figureOutput,
        examples: [
            "thumblab power t --design paired --d 0.5 --power 0.8",
            "thumblab power anova --groups 3 --f 0.25 --power 0.8",
            "thumblab power rm-anova --levels 3 --eta2 0.06 --n 18 --corr 0.5",
            "thumblab power --from-study --factor technique --participants 8,12,16,20,24",
            "thumblab power --from-study --factor technique --measure error --effect-scale 0.8 --out power.svg",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        guard arguments[Self.fromStudy] else {
            throw CLIError.usage(
                "Give a subcommand (t, anova or rm-anova) for a planned test, or --from-study for power from a pilot.")
        }
        let chosen = try arguments.figureResultFormat()
        let request = PilotPowerRequest(
            factor: arguments[Self.factor], measure: arguments[Self.measure],
            participants: arguments[Self.participants].sizes, simulations: arguments[Self.simulations],
            effectScale: arguments[Self.effectScale], seed: arguments[Self.seed], alpha: arguments[Self.alpha],
            target: arguments[Self.target], randomEffects: arguments[Self.random])
        let report = try arguments.analyse(attempts: Self.attempts, console: console) {
            try $0.power(fromStudy: request, selection: $1)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { PilotPowerTables.json(report) },
            tables: { PilotPowerTables.tables(report, decimals: $0 == .csv ? nil : 3).rendered(as: $0) },
            figure: { try PowerCurveChart.chart(report).figure(size: $0) })
    }
}

/// Sample sizes written `8,12,16`.
struct SampleSizes: ExpressibleByArgument, Equatable {
    var sizes: [Int]

    init(_ sizes: [Int]) { self.sizes = sizes }

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        let sizes = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, sizes.count == parts.count else { return nil }
        self.sizes = sizes
    }

    var argumentText: String { sizes.map(String.init).joined(separator: ",") }
    static var expectation: String { "whole numbers separated by commas, such as 8,12,16" }
}
