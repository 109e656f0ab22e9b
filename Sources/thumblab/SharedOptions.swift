import Foundation
import ThumbLab

/// Options several subcommands share, spelled and explained the same way everywhere.
/// `--db` and `--format` are global: they may also come before the subcommand.
enum SharedOptions {
    /// `--db PATH`: the study database; read with ``ParsedArguments/databasePath(console:)``.
    static let database = Option<String?>(
        "--db", value: "path", help: "The study database file.",
        defaultDescription: "$THUMBLAB_DB, else thumblab.sqlite"
    ).global()

    /// `--format`, limited to the formats the command can print.
    static func format<Format: ResultFormat>(_ formats: [Format], default defaultFormat: Format) -> Option<Format> {
        Option(
            "--format", value: "format", default: defaultFormat, choices: formats, help: "How to print the result."
        ).global()
    }

    /// `--format` for a command that prints ``OutputFormat``s (all of them by default).
    static func format(_ formats: [OutputFormat] = OutputFormat.allCases) -> Option<OutputFormat> {
        format(formats, default: .text)
    }

    /// `--out FILE`, naming the extensions of the formats the command can print.
    static func out<Format: ResultFormat>(formats: [Format]) -> Option<String?> {
        let extensions = formats.map { "." + $0.fileExtension }.joined(separator: ", ")
        return Option(
            "--out", value: "file",
            help:
                "Write the result to this file instead of stdout; its extension (\(extensions)) sets the format unless --format does."
        )
    }

    /// `--scale`: image pixels per figure unit of a PNG figure.
    static let scale = Option<Double>(
        "--scale", value: "factor", default: 1,
        help:
            "Pixels per figure unit of a PNG figure (--format png or --out FILE.png): 1 for screens, 2 for print. A PNG goes to stdout only when stdout is not a terminal."
    )

    /// `--out FILE` for a command that prints ``OutputFormat``s (all of them by default).
    static func out(_ formats: [OutputFormat] = OutputFormat.allCases) -> Option<String?> { out(formats: formats) }

    /// `--format` of a command that prints its result as text or JSON.
    static let textOrJSON = format([.text, .json])

    /// `--format` of a command that prints tables in every ``OutputFormat``.
    static let tableFormat = format()

    /// `--out FILE` of a command that prints tables in every ``OutputFormat``.
    static let tableOut = out()

    /// How and where a command that prints tables writes them: `--format`, `--out` and `--db`.
    static let tableOutput: [any OptionDeclaration] = [tableFormat, tableOut, database]
}

/// A format a command can print a result in, chosen by `--format` or by the extension of
/// `--out`.
protocol ResultFormat: ExpressibleByArgument, RawRepresentable<String>, CaseIterable {
    /// The extension `--out` associates with the format: `txt`, `md`, `csv`, `json`, `svg`, `png`.
    var fileExtension: String { get }
}

/// What a command with a figure prints: its tables in any ``OutputFormat``, or its figure
/// as SVG or PNG.
enum TablesOrFigure: String, CaseIterable, ResultFormat, ExpressibleByArgument {
    case text, md, csv, json, svg, png, pdf

    var fileExtension: String { table?.fileExtension ?? rawValue }

    /// The table format; `nil` for the figure.
    var table: OutputFormat? { OutputFormat(rawValue: rawValue) }
}

extension OutputFormat: ResultFormat {
    var fileExtension: String { self == .text ? "txt" : rawValue }
}

extension ParsedArguments {
    /// `--db`, else `THUMBLAB_DB` when set and not empty, else `thumblab.sqlite` in the
    /// current directory.
    func databasePath(console: Console) -> String {
        if let path = self[SharedOptions.database] { return path }
        if let path = console.environment["THUMBLAB_DB"], !path.isEmpty { return path }
        return StudyDatabase.defaultFileName
    }

    /// Opens the study database the command line names. Commands that write create it
    /// when absent; commands that only read (`mustExist`) report a missing file instead
    /// of leaving an empty database behind.
    func openDatabase(console: Console, mustExist: Bool = false) throws -> StudyDatabase {
        let path = databasePath(console: console)
        if mustExist, !FileManager.default.fileExists(atPath: path) { throw CLIError.noDatabase(path: path) }
        let database = try StudyDatabase(path: path)
        // Tests make an import spill its pages to the log with a small page cache.
        if let kib = console.environment["THUMBLAB_IMPORT_CACHE_KIB"].flatMap({ Int($0) }) {
            database.importCacheKiB = max(64, kib)
        }
        if console.stderrIsTerminal {
            database.readProgress = { progress in
                if progress.finished {
                    if progress.elapsed >= ProgressLine.delay { console.endProgress() }
                } else if let line = ProgressLine.text(
                    label: "reading trials", rows: progress.rows, fraction: progress.fraction,
                    elapsed: progress.elapsed)
                {
                    console.progress(line)
                }
            }
        }
        return database
    }

    /// The format of a result that `--out` may send to a file: `--format` when given,
    /// else the extension of `--out`, else text.
    func resultFormat<Format: ResultFormat>(_ format: Option<Format>, out: Option<String?>) throws(CLIError) -> Format {
        if contains(format) { return self[format] }
        guard let path = self[out] else { return self[format] }
        let allowed = format.info.choices.compactMap(Format.init(argument:))
        let suffix = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard let chosen = allowed.first(where: { $0.fileExtension == suffix || $0.rawValue == suffix })
        else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw .usage(
                "--out \(path): the extension does not name a format this command prints (\(names)); add --format.")
        }
        return chosen
    }

    /// The format of a command that prints tables (``resultFormat(_:out:)`` of
    /// ``SharedOptions/tableFormat`` and ``SharedOptions/tableOut``).
    func tableResultFormat() throws(CLIError) -> OutputFormat {
        try resultFormat(SharedOptions.tableFormat, out: SharedOptions.tableOut)
    }

    /// Prints a table read from the existing database: in `--format`, or the format the
    /// extension of `--out` names, to stdout or to `--out`.
    func deliverTable(console: Console, _ read: (StudyDatabase, OutputFormat) throws -> ResultTable) throws {
        let chosen = try tableResultFormat()
        let table = try read(openDatabase(console: console, mustExist: true), chosen)
        try console.deliver(table.rendered(as: chosen), to: self[SharedOptions.tableOut])
    }
}
