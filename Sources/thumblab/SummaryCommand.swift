import ThumbLab

/// `thumblab summary`: time, errors and touch offsets per cell.
enum SummaryCommand: Command {
    static let by = Option<[String]>(
        "--by", value: "factor",
        help: "Summarise per level of this factor; repeatable (all factors when none is given).")
    static let perParticipant = Flag("--per-participant", help: "One row per participant and cell.")
    static let measure = Option<Measure?>(
        "--measure", value: "measure",
        help: "A further measure per cell: a trial column or log:NAME (a number the log kept per trial).")
    static let attempts = SelectionOptions.attempts(default: .first)

    static let spec = CommandSpec(
        name: "summary",
        abstract: "Summarise time, errors and touch offsets per cell of the design.",
        discussion: """
            Per cell: participants, trials, the geometric mean time with its 95% CI across \
            participants' per-cell mean ln time, mean, SD and median time, the error rate with \
            its adjusted-Wald CI, and the mean and SD of the touch offset (touch minus target \
            centre) in px and, where the import named a device, in mm. --measure adds a trial \
            column or a number the log kept per trial: the mean of participant means with its CI.
            """,
        options: [by, perParticipant, measure] + SelectionOptions.all(attempts: attempts) + SharedOptions.tableOutput,
        examples: [
            "thumblab summary --by technique --exclude block=0",
            "thumblab summary --by technique --by target_size_mm --format md",
            "thumblab summary --by technique --per-participant --out per-participant.csv",
            "thumblab summary --by technique --measure log:angle",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.tableResultFormat()
        let report = try arguments.analyse(attempts: Self.attempts, console: console) { study, selection in
            try study.summary(
                SummaryRequest(
                    by: arguments[Self.by], perParticipant: arguments[Self.perParticipant],
                    measure: arguments[Self.measure]),
                selection: selection)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { SummaryTables.json(report) },
            tables: { SummaryTables.tables(report, decimals: $0 == .csv ? nil : 3).rendered(as: $0) })
    }
}
