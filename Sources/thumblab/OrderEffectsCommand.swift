import ThumbLab

/// `thumblab order-effects`: whether the order in which participants met a within
/// factor's levels affected time or errors.
enum OrderEffectsCommand: Command {
    static let factor = Option<String>(
        "--factor", value: "name", help: "The within factor whose levels participants met in turn (required).")
    static let measure = Option<Measure>(
        "--measure", value: "measure", default: .time, choices: [.time, .error],
        help: "time (on ln time) or error (the proportion of missed trials).")
    static let fromData = Flag(
        "--from-data", help: "Read every participant's order from the data, even when a saved plan lists them.")
    static let attempts = SelectionOptions.attempts(default: .first)

    static let spec = CommandSpec(
        name: "order-effects",
        abstract: "Check that the order of a within factor's levels did not matter: position, sequence, transfer.",
        discussion: """
            Each participant's order comes from the counterbalancing plan saved with \
            counterbalance --save, or else from the data: the first block, then the first trial, \
            at which each level appears (the output says which). Reports the sequence counts and \
            each level's count per position; position 1..k as a within factor with the test \
            compare would choose; and sequence as a between factor beside the factor (mixed \
            ANOVA, or a mixed model when some participant lacks a level), whose interaction is \
            the asymmetric-transfer check.
            """,
        options: [factor, measure, fromData] + SelectionOptions.all(attempts: attempts) + SharedOptions.tableOutput,
        examples: [
            "thumblab order-effects --factor technique --exclude block=0",
            "thumblab order-effects --factor technique --measure error --format json",
            "thumblab order-effects --factor technique --from-data --format md",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.tableResultFormat()
        let request = OrderEffectsRequest(
            factor: arguments[Self.factor], measure: arguments[Self.measure], usePlan: !arguments[Self.fromData])
        let report = try arguments.analyse(attempts: Self.attempts, console: console) {
            try $0.orderEffects(request, selection: $1)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { OrderEffectsTables.json(report) },
            tables: { OrderEffectsTables.tables(report, decimals: $0 == .csv ? nil : 3).rendered(as: $0) })
    }
}
