import ThumbLab

/// `thumblab learning`: a text-entry study's WPM by phrase number per condition, with the
/// power law of practice fitted to each.
enum LearningCommand: Command {
    static let attempts = SelectionOptions.attempts(default: .first)

    static let spec = CommandSpec(
        name: "learning",
        abstract: "Learning curves of a text-entry study: WPM by phrase number, with the power law of practice.",
        discussion: """
            For each condition, the participants' mean WPM at each phrase number with its 95% t \
            interval, and WPM = a × n^b fitted by least squares of ln WPM on ln n over those means \
            (see the article "Text entry measures"). Takes the analyses' selection and cleaning options.
            """,
        options: SelectionOptions.all(attempts: attempts) + SharedOptions.figureOutput,
        examples: [
            "thumblab learning",
            "thumblab learning --where posture=thumb --format csv",
            "thumblab learning --out learning.svg",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat()
        let report = try arguments.analyse(attempts: Self.attempts, console: console) { study, selection in
            try study.learningCurves(selection: selection)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { LearningCurveTables.json(report) },
            tables: {
                $0 == .csv
                    ? LearningCurveTables.points(report, decimals: nil).rendered(as: .csv)
                    : LearningCurveTables.tables(report).rendered(as: $0)
            },
            figure: { try LearningCurveTables.chart(report).figure(size: $0) })
    }
}
