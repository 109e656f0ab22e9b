import ThumbLab

/// `thumblab excluded`: the trials the cleaning steps remove from the time measures.
enum ExcludedCommand: Command {
    static let attempts = SelectionOptions.attempts(default: .first)

    static let measure = Option<Measure>(
        "--measure", value: "measure", default: .time,
        help:
            "The measure whose values the steps judge: time, a trial column or log:NAME, as compare --measure cleans it."
    )

    static let spec = CommandSpec(
        name: "excluded",
        abstract: "List the trials that --trials hits and --outliers remove from the time measures.",
        discussion: """
            Takes the same selection and cleaning options as the analyses (and the study's plan) \
            and lists each trial whose time they remove: participant, condition, block, trial, \
            attempt, time and the rule that removed it (miss, or the outlier rule). Check a rule \
            here before trusting an analysis that applies it.
            """,
        options: [measure] + SelectionOptions.all(attempts: attempts) + SharedOptions.tableOutput,
        examples: [
            "thumblab excluded --exclude block=0 --outliers sd:3",
            "thumblab excluded --trials hits --outliers mad:2.5 --outlier-scale raw --format csv",
            "thumblab excluded --outliers range:150-6000 --format json",
            "thumblab excluded --measure log:distance --outliers iqr:1.5",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.tableResultFormat()
        let report = try arguments.analyse(attempts: Self.attempts, console: console) { study, selection in
            try study.excludedTrials(selection: selection, measure: arguments[Self.measure])
        }
        try arguments.deliverResult(
            chosen, console: console, json: { ExcludedTrialsTables.json(report) },
            tables: { ExcludedTrialsTables.tables(report).rendered(as: $0) })
    }
}
