import ThumbLab

/// `thumblab excluded`: the trials the cleaning steps remove from the time measures.
enum ExcludedCommand: Command {
    static let attempts = SelectionOptions.attempts(default: .first)

    static let spec = CommandSpec(
        name: "excluded",
        abstract: "List the trials that --trials hits and --outliers remove from the time measures.",
        discussion: """
            Takes the same selection and cleaning options as the analyses (and the study's plan) \
            and lists each trial whose time they remove: participant, condition, block, trial, \
            attempt, time and the rule that removed it (miss, or the outlier rule). Check a rule \
            here before trusting an analysis that applies it.
            """,
        options: SelectionOptions.all(attempts: attempts) + SharedOptions.tableOutput,
        examples: [
            "thumblab excluded --exclude block=0 --outliers sd:3",
            "thumblab excluded --trials hits --outliers mad:2.5 --outlier-scale raw --format csv",
            "thumblab excluded --outliers range:150-6000 --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.tableResultFormat()
        let report = try arguments.analyse(attempts: Self.attempts, console: console) { study, selection in
            try study.excludedTrials(selection: selection)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { ExcludedTrialsTables.json(report) },
            tables: { ExcludedTrialsTables.tables(report).rendered(as: $0) })
    }
}
