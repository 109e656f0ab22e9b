import ThumbLab
import ThumbLabStats

/// `thumblab power t|anova|rm-anova`: analytic power, sample size or effect size of a
/// planned test, as G*Power, R's pwr and pingouin compute it; `thumblab power --from-study`
/// (``PowerFromStudyCommand``) runs the group itself.
enum PowerCommands {
    static var node: CommandNode {
        CommandNode(
            runnableGroup: PowerFromStudyCommand.self,
            children: [
                CommandNode(PowerTCommand.self), CommandNode(PowerANOVACommand.self),
                CommandNode(PowerRMANOVACommand.self),
            ])
    }

    static let power = Option<Double?>(
        "--power", value: "p", help: "The power, 1 − β, between --alpha and 1.", defaultDescription: "solved")
    static let n = Option<Double?>(
        "--n", value: "n", help: "Participants (per group for two-sample t tests and ANOVAs), at least 2.",
        defaultDescription: "solved")
    static let alpha = Option<Double>(
        "--alpha", value: "alpha", default: 0.05, help: "The significance level, between 0 and 1.")
    static let f = Option<Double?>(
        "--f", value: "f", help: "Cohen's f, the effect size (0.10 small, 0.25 medium, 0.40 large).",
        defaultDescription: "solved, unless --eta2 is given")
    static let eta2 = Option<Double?>(
        "--eta2", value: "eta2", help: "Partial η², in place of --f: f = √(η²/(1 − η²)).")

    /// The options every power command ends with.
    static let common: [any OptionDeclaration] = [power, n, alpha, SharedOptions.tableFormat, SharedOptions.tableOut]

    /// The f of `--f` or `--eta2`, nil when neither is given.
    static func f(_ arguments: ParsedArguments) throws -> (value: Double?, flag: String) {
        switch (arguments[Self.f], arguments[Self.eta2]) {
        case (let f?, nil): return (f, "--f")
        case (nil, let eta2?):
            do { return (try Power.f(eta2: eta2), "--eta2") } catch let error as StatsError {
                throw usage(error, effectFlag: "--eta2")
            }
        case (nil, nil): return (nil, "--f")
        case (_?, _?): throw CLIError.usage("Give the effect size as --f or as --eta2, not both.")
        }
    }

    /// Refuses a command line that does not give exactly two of power, n and effect size.
    static func requireTwoOfThree(_ arguments: ParsedArguments, effect: Double?, effectFlag: String) throws {
        let given = [arguments[Self.power] != nil, arguments[Self.n] != nil, effect != nil].filter { $0 }.count
        guard given == 2 else {
            throw CLIError.usage(
                "Give exactly two of --power, --n and \(effectFlag == "--d" ? "--d" : "--f (or --eta2)"); the third is solved from them."
            )
        }
    }

    /// Runs a power computation and prints its result, turning a parameter out of range
    /// into a usage error that names the option and the range it accepts.
    static func deliver(
        _ arguments: ParsedArguments, console: Console, effectFlag: String, _ compute: () throws -> PowerResult
    ) throws {
        let format = try arguments.tableResultFormat()
        let result: PowerResult
        do { result = try compute() } catch let error as StatsError { throw usage(error, effectFlag: effectFlag) }
        try arguments.deliverResult(
            format, console: console, json: { PowerTables.json(result) },
            tables: { PowerTables.tables(result).rendered(as: $0) })
    }

    /// The usage error for a library error: the option and the range it accepts.
    static func usage(_ error: StatsError, effectFlag: String) -> CLIError {
        guard let range = error.range else { return .usage(sentence(error.message) + ".") }
        let flag: String
        switch range.parameter {
        case .power: flag = "--power"
        case .alpha: flag = "--alpha"
        case .n: flag = "--n"
        case .effectSize: flag = effectFlag
        case .groups: flag = "--groups"
        case .levels: flag = "--levels"
        case .correlation: flag = "--corr"
        case .epsilon: flag = "--epsilon"
        }
        if range.parameter == .effectSize && effectFlag == "--eta2" && range.upper == .infinity {
            // A solved n needs a positive f; in η² terms that is (0, 1).
            return .usage("--eta2 must be in (0, 1), got 0.")
        }
        return .usage("\(flag) must be in \(range.interval), got \(range.valueText).")
    }

    /// A message with its first letter capitalized.
    private static func sentence(_ message: String) -> String {
        message.prefix(1).uppercased() + message.dropFirst()
    }
}

extension Alternative: ExpressibleByArgument {}
extension TTestDesign: ExpressibleByArgument {}

/// `thumblab power t --design D --d D [--alternative A]`.
enum PowerTCommand: Command {
    static let design = Option<TTestDesign>(
        "--design", value: "design", help: "one-sample, paired (d is d_z) or two-sample (--n per group).")
    static let d = Option<Double?>(
        "--d", value: "d", help: "Cohen's d, the effect size (0.2 small, 0.5 medium, 0.8 large).",
        defaultDescription: "solved")
    static let alternative = Option<Alternative>(
        "--alternative", value: "alternative", default: .twoSided, help: "The alternative hypothesis.")

    static let spec = CommandSpec(
        name: "t",
        abstract: "Power of a one-sample, paired or two-sample t test (noncentral t, as pwr.t.test).",
        discussion: """
            With --alternative less the effect is negative: a solved d comes out below zero and a \
            given d must be below zero to solve --n.
            """,
        options: [design, d, alternative] + PowerCommands.common,
        examples: [
            "thumblab power t --design paired --d 0.5 --power 0.8",
            "thumblab power t --design two-sample --n 20 --power 0.8 --format json",
            "thumblab power t --design one-sample --d 0.4 --n 30 --alternative greater",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let d = arguments[Self.d]
        try PowerCommands.requireTwoOfThree(arguments, effect: d, effectFlag: "--d")
        try PowerCommands.deliver(arguments, console: console, effectFlag: "--d") {
            try Power.t(
                design: arguments[Self.design], d: d, n: arguments[PowerCommands.n],
                power: arguments[PowerCommands.power], alpha: arguments[PowerCommands.alpha],
                alternative: arguments[Self.alternative])
        }
    }
}

/// `thumblab power anova --groups K (--f F | --eta2 E)`.
enum PowerANOVACommand: Command {
    static let groups = Option<Int>("--groups", value: "k", help: "The number of groups, at least 2.")

    static let spec = CommandSpec(
        name: "anova",
        abstract: "Power of a one-way between-subjects ANOVA with equal groups (noncentral F, as pwr.anova.test).",
        discussion: "--n counts the participants of each group.",
        options: [groups, PowerCommands.f, PowerCommands.eta2] + PowerCommands.common,
        examples: [
            "thumblab power anova --groups 3 --f 0.25 --power 0.8",
            "thumblab power anova --groups 4 --eta2 0.06 --n 20 --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let (f, flag) = try PowerCommands.f(arguments)
        try PowerCommands.requireTwoOfThree(arguments, effect: f, effectFlag: flag)
        try PowerCommands.deliver(arguments, console: console, effectFlag: flag) {
            try Power.anova(
                groups: arguments[Self.groups], f: f, n: arguments[PowerCommands.n],
                power: arguments[PowerCommands.power], alpha: arguments[PowerCommands.alpha])
        }
    }
}

/// `thumblab power rm-anova --levels M (--f F | --eta2 E) [--corr R] [--epsilon E]`.
enum PowerRMANOVACommand: Command {
    static let levels = Option<Int>(
        "--levels", value: "m", help: "The number of levels of the within factor, at least 2.")
    static let correlation = Option<Double>(
        "--corr", value: "rho", default: 0.5, help: "The correlation among the repeated measures, between -1 and 1.")
    static let epsilon = Option<Double>(
        "--epsilon", value: "epsilon", default: 1,
        help: "The sphericity correction, from 1/(levels - 1) to 1 (1 assumes sphericity).")

    static let spec = CommandSpec(
        name: "rm-anova",
        abstract: "Power of a one-way repeated-measures ANOVA (G*Power's default, as pingouin's power_rm_anova).",
        discussion: """
            λ = f² · n · m / (1 − ρ) · ε with df (m − 1)ε and (n − 1)(m − 1)ε. A pilot's \
            correlation among the repeated measures and its Greenhouse-Geisser ε are good values \
            for --corr and --epsilon.
            """,
        options: [levels, PowerCommands.f, PowerCommands.eta2, correlation, epsilon] + PowerCommands.common,
        examples: [
            "thumblab power rm-anova --levels 3 --f 0.25 --power 0.8",
            "thumblab power rm-anova --levels 3 --eta2 0.06 --n 18 --corr 0.6 --epsilon 0.8",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let (f, flag) = try PowerCommands.f(arguments)
        try PowerCommands.requireTwoOfThree(arguments, effect: f, effectFlag: flag)
        try PowerCommands.deliver(arguments, console: console, effectFlag: flag) {
            try Power.rmANOVA(
                levels: arguments[Self.levels], f: f, n: arguments[PowerCommands.n],
                power: arguments[PowerCommands.power], correlation: arguments[Self.correlation],
                epsilon: arguments[Self.epsilon], alpha: arguments[PowerCommands.alpha])
        }
    }
}
