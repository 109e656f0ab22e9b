import ThumbLab

/// `thumblab report`: the study report as Markdown, CSV or JSON files.
enum ReportCommand: Command {
    static let out = Option<String>(
        "--out", value: "folder", default: "thumblab-report", help: "The folder the report is written to.")
    static let format = Option<OutputFormat>(
        "--format", value: "format", default: .md, choices: [.md, .csv, .json],
        help: "report.md for people, one CSV per table, or report.json for scripts."
    ).global()
    static let adjust = Option<PValueAdjustment>(
        "--adjust", value: "method", default: .holm, help: "The correction of post-hoc p-values.")
    static let attempts = SelectionOptions.attempts(default: .first)

    static let spec = CommandSpec(
        name: "report",
        abstract: "Write the study report: design, summaries, comparisons, scores, Results and Methods.",
        discussion: """
            The report holds the dataset and design, per-cell summaries, comparisons of time \
            and errors over all trial factors and their interactions with post-hoc tables, \
            questionnaire scores and their comparison, a Results section of APA sentences, a \
            Methods paragraph and every imported file with its SHA-256. The same database and \
            options give the same bytes.
            """,
        options: [out, format, adjust] + SelectionOptions.all(attempts: attempts) + [SharedOptions.database],
        examples: [
            "thumblab report --exclude block=0", "thumblab report --out results --format csv",
            "thumblab report --study pilot --format json",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let report = try arguments.openStudy(console: console).report(
            selection: arguments.selection(attempts: Self.attempts), adjust: arguments[Self.adjust])
        let written = try StudyReportDocument.write(report, to: arguments[Self.out], format: arguments[Self.format])
        console.out(written.map { "Wrote \($0)\n" }.joined())
    }
}
