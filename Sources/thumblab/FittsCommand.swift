import Foundation
import ThumbLab

/// `thumblab fitts`: Fitts' law measures per sequence, throughput per cell and the
/// regression of movement time on the index of difficulty.
enum FittsCommand: Command {
    /// What `fitts` prints: its tables, GoFitts' sd2 rows, or the chart.
    enum Format: String, CaseIterable, ResultFormat, ExpressibleByArgument {
        case text, md, csv, json, sd2, svg, png, pdf

        var fileExtension: String { OutputFormat(rawValue: rawValue)?.fileExtension ?? rawValue }
    }

    static let by = Option<[String]>(
        "--by", value: "factor",
        help:
            "Throughput and fits per level of this factor; repeatable (one cell of every sequence when none is given).")
    static let goFitts = Option<String?>(
        "--gofitts", value: "file",
        help: "Analyse this GoFitts/FittsTaskTwo per-trial file (sd1) instead of the study database.")
    static let attempts = SelectionOptions.attempts(default: .all)
    static let format = SharedOptions.format(Format.allCases, default: .text)
    static let out = SharedOptions.out(formats: Format.allCases)

    static let spec = CommandSpec(
        name: "fitts",
        abstract: "Fitts' law: effective width, IDe, throughput per sequence and cell, MT = a + b × IDe.",
        discussion: """
            ISO 9241-411 as codified by Soukoreff & MacKenzie (2004). A sequence is the trials of \
            one participant, condition and block at one amplitude A and width W. Per sequence: \
            We = 4.133 × SD of the deviation along the task axis, Ae, IDe = log2(Ae/We + 1), MT, \
            ER and TP = IDe / MT (GoFitts' sd2 columns with --format sd2); per cell of the --by \
            factors the mean-of-means throughput and least-squares fits of MT on IDe and ID. \
            Every attempt counts by default (misses are part of the effective width).
            """,
        options: [by, goFitts] + SelectionOptions.all(attempts: attempts) + [
            format, out, SharedOptions.width, SharedOptions.scale, SharedOptions.database,
        ],
        examples: [
            "thumblab fitts --by technique",
            "thumblab fitts --by technique --format sd2 --out sequences.csv",
            "thumblab fitts --gofitts session.sd1 --out fitts.svg",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.resultFormat(Self.format, out: Self.out)
        try arguments.checkScale(forPNG: chosen == .png)
        try arguments.checkWidth(forFigure: [.svg, .png, .pdf].contains(chosen))
        let report: FittsReport
        if let path = arguments[Self.goFitts] {
            guard FileManager.default.fileExists(atPath: path) else { throw ThumbLabError.fileNotFound(path: path) }
            let text = try String(contentsOfFile: path, encoding: .utf8)
            report = try GoFittsLog.read(text, file: path).fittsReport(by: arguments[Self.by])
        } else {
            report = try arguments.analyse(attempts: Self.attempts, console: console) {
                try $0.fitts(FittsRequest(by: arguments[Self.by]), selection: $1)
            }
        }
        let figure = { try FittsChart.chart(report).figure(size: arguments[SharedOptions.width]) }
        let text: String
        switch chosen {
        case .json: text = FittsTables.json(report).rendered() + "\n"
        case .sd2: text = FittsTables.sd2(report)
        case .svg: text = SVGWriter.document(try figure())
        case .png:
            let png = try PNGWriter.data(figure(), scale: arguments[SharedOptions.scale])
            return try console.deliver(png, kind: "PNG", to: arguments[Self.out])
        case .pdf:
            return try console.deliver(
                PDFWriter.data(figure()), kind: "PDF", to: arguments[Self.out])
        case .text, .md, .csv:
            let table = OutputFormat(rawValue: chosen.rawValue)!
            text = FittsTables.tables(report, decimals: table == .csv ? nil : 3).rendered(as: table)
        }
        try console.deliver(text, to: arguments[Self.out])
    }
}
