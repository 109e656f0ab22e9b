import ThumbLab

/// `thumblab counterbalance`: the orders in which participants meet a within factor's
/// levels (a Williams square, a Latin square, every order or random orders), optionally
/// saved in the study database.
enum CounterbalanceCommand: Command {
    static let factors = Option<[LevelFilter]>(
        "--factor", value: "name=level,level,...",
        help:
            "The factor to put in order and its levels (required); a second --factor is ordered within each level of the first."
    )
    static let participants = Option<Int>(
        "--participants", value: "n", help: "How many participants to deal sequences to (1 or more).")
    static let scheme = Option<CounterbalancingScheme>(
        "--scheme", value: "scheme", default: .balanced,
        help: "balanced (Williams square), latin (cyclic square), full (every order, 2 to 6 levels) or random.")
    static let seed = Option<UInt64?>(
        "--seed", value: "s", help: "The seed of --scheme random, so that the plan can be remade.",
        defaultDescription: "a new seed, which the output states")
    static let save = Flag(
        "--save", help: "Store the plan in the study database, where order-effects and report read it.")

    static let spec = CommandSpec(
        name: "counterbalance",
        abstract: "Plan the order in which participants meet a within factor's levels.",
        discussion: """
            The default is a balanced Latin square (Williams 1949): with an even number of \
            levels one square in which every level immediately precedes every other once; with \
            an odd number the square and its mirror, 2k sequences. Participants are dealt the \
            sequences in turn; the output says whether their number is a multiple of the \
            sequences and, if not, which sequences are used once more. Participants are \
            labelled P1, P2, ... (P01 from 10 participants on) as the log should label them.
            """,
        options: [factors, participants, scheme, seed, save, SelectionOptions.study] + SharedOptions.tableOutput,
        examples: [
            "thumblab counterbalance --factor technique=Direct,Shift,ThumbSpace --participants 12",
            "thumblab counterbalance --factor technique=Direct,Shift --factor size=7.2,9.6 --participants 8",
            "thumblab counterbalance --factor technique=A,B,C,D --participants 16 --scheme random --seed 7 --format json",
            "thumblab counterbalance --factor technique=Direct,Shift,ThumbSpace --participants 12 --save --study pilot",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.tableResultFormat()
        let factors = arguments[Self.factors]
        guard (1...2).contains(factors.count) else {
            throw CLIError.usage(
                factors.isEmpty
                    ? "Missing expected option '--factor <name=level,level,...>'."
                    : "counterbalance takes one or two --factor options, got \(factors.count).")
        }
        guard arguments.contains(Self.participants) else {
            throw CLIError.usage("Missing expected option '--participants <n>'.")
        }
        let request = CounterbalancingRequest(
            factor: CounterbalancedFactor(name: factors[0].factor, levels: factors[0].levels),
            second: factors.count > 1 ? CounterbalancedFactor(name: factors[1].factor, levels: factors[1].levels) : nil,
            participants: arguments[Self.participants], scheme: arguments[Self.scheme], seed: arguments[Self.seed])
        if !arguments[Self.save], arguments.contains(SelectionOptions.study) {
            throw CLIError.usage("--study names the study --save stores the plan in; add --save, or leave --study out.")
        }
        let plan = try CounterbalancingPlan(request)
        if arguments[Self.save] {
            let study = Study(database: try arguments.openDatabase(console: console))
            let name = arguments[SelectionOptions.study]
            if name == nil, try study.database.studies().isEmpty {
                throw CLIError.usage("--save needs --study NAME: the database holds no study yet.")
            }
            try study.saveCounterbalancing(plan, study: name)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { CounterbalancingTables.json(plan) },
            tables: { CounterbalancingTables.tables(plan).rendered(as: $0) })
    }
}

extension CounterbalancingScheme: ExpressibleByArgument {}

extension UInt64: ExpressibleByArgument {
    init?(argument: String) { self.init(argument, radix: 10) }
    static var expectation: String { "a whole number from 0 to 18446744073709551615" }
}
