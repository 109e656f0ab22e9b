import ThumbLab

/// `thumblab report`: the study report as Markdown, CSV, JSON or one HTML page.
enum ReportCommand: Command {
    static let out = Option<String>(
        "--out", value: "folder", default: "thumblab-report",
        help: "The folder the report is written to; with --format html, a FILE.html is written as named.")
    static let format = Option<ReportFormat>(
        "--format", value: "format", default: .md,
        help:
            "report.md for people, one CSV per table, report.json for scripts, report.html with the figures, or latex: report.tex, results.tex, methods.tex, tables/*.tex and figures/*.pdf for a paper."
    ).global()
    static let adjust = Option<PValueAdjustment>(
        "--adjust", value: "method", default: .holm, help: "The correction of post-hoc p-values.")
    static let posthoc = Option<PostHocScope>(
        "--posthoc", value: "scope", default: .main,
        help: "Follow-up tests of significant effects: main (pairs for main effects, simple effects for "
            + "interactions), all (pairs for every effect, interactions cell by cell) or none.")
    static let attempts = SelectionOptions.attempts(default: .first)
    static let measures = Option<[Measure]>(
        "--measure", value: "measure",
        help: "A further measure compared over every trial factor after time and errors (a trial column, "
            + "log:NAME, throughput); repeatable.")

    static let spec = CommandSpec(
        name: "report",
        abstract: "Write the study report: design, summaries, comparisons, scores, Results and Methods.",
        discussion: """
            The report holds the dataset and design, per-cell summaries, comparisons of time \
            and errors over all trial factors and their interactions with post-hoc tables, \
            questionnaire scores and their comparison, a Results section of APA sentences, a \
            Methods paragraph and every imported file with its SHA-256. --format html writes \
            one self-contained page with these and the figures (comparison charts, heatmaps, \
            reach zone, target size, direction) that opens offline and prints on A4 or Letter. \
            The same database and options give the same bytes.
            """,
        options: [out, format, adjust, posthoc, measures] + SelectionOptions.all(attempts: attempts) + [
            SharedOptions.database
        ],
        examples: [
            "thumblab report --exclude block=0", "thumblab report --out results --format csv",
            "thumblab report --study pilot --format json",
            "thumblab report --exclude block=0 --measure log:angle",
            "thumblab report --exclude block=0 --format html --out report.html",
            "thumblab report --exclude block=0 --format latex --out paper",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let study = try arguments.openStudy(console: console)
        let report = try study.report(
            ReportRequest(
                adjust: arguments[Self.adjust], posthoc: arguments[Self.posthoc], measures: arguments[Self.measures]),
            selection: try arguments.selection(attempts: Self.attempts, in: study))
        let out = arguments[Self.out]
        let written: [String]
        switch arguments[Self.format] {
        case .md: written = try StudyReportDocument.write(report, to: out, format: .md)
        case .csv: written = try StudyReportDocument.write(report, to: out, format: .csv)
        case .json: written = try StudyReportDocument.write(report, to: out, format: .json)
        case .html:
            let file = out.lowercased().hasSuffix(".html") ? out : out + (out.hasSuffix("/") ? "" : "/") + "report.html"
            written = [try StudyReportDocument.writeHTML(report, to: file)]
        case .latex: written = try LaTeXReportDocument.write(report, to: out)
        }
        console.out(written.map { "Wrote \($0)\n" }.joined())
    }
}

/// The files `thumblab report` writes.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case md, csv, json, html, latex
}
