import ThumbLab

/// `thumblab scores`: questionnaire scores per participant and cell.
enum ScoresCommand: Command {
    static let instrument = Option<String?>(
        "--instrument", value: "name",
        help: "Score only this instrument: sus, tlx, umux-lite, seq or a Likert set's name.",
        defaultDescription: "every instrument in the data")
    static let by = Option<[String]>(
        "--by", value: "factor",
        help: "Cells per level of this factor; repeatable (the factors the answers record when none).")

    static let spec = CommandSpec(
        name: "scores",
        abstract: "Score questionnaires (SUS, NASA-TLX, UMUX-Lite, SEQ, Likert items) per participant and cell.",
        discussion: """
            Instruments are recognised from the instrument column. SUS: 0-100 with the \
            learnability and usability sub-scales, the Sauro-Lewis grade and percentile; \
            NASA-TLX raw and, with pairwise weights, weighted; UMUX-Lite and its SUS-scale \
            equivalent; SEQ; Likert items: median, IQR and the distribution of answers. A sheet \
            with an answer out of range or a missing item is left out and listed with the reason.
            """,
        options: [
            instrument, by, SelectionOptions.study, SelectionOptions.keep, SelectionOptions.exclude,
            SharedOptions.tableFormat, SharedOptions.tableOut,
        ]
            + [SharedOptions.database],
        examples: [
            "thumblab scores --instrument sus", "thumblab scores --by technique --format json",
            "thumblab scores --instrument tlx --out tlx.csv",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.tableResultFormat()
        let selection = Selection(
            study: arguments[SelectionOptions.study], keep: arguments[SelectionOptions.keep],
            exclude: arguments[SelectionOptions.exclude])
        let report = try arguments.openStudy(console: console).scores(
            ScoresRequest(instrument: arguments[Self.instrument], by: arguments[Self.by]), selection: selection)
        try arguments.deliverResult(
            chosen, console: console, json: { ScoresTables.json(report) },
            tables: { report.tables(decimals: $0 == .csv ? nil : 2).rendered(as: $0) })
    }
}
