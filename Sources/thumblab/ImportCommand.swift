import Foundation
import ThumbLab

/// `thumblab import FILE...`: each file in one transaction, all of it or nothing.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Import trial, touch or questionnaire logs (CSV, JSON, JSON Lines).",
        discussion: """
            Each file is imported in one transaction: all of its rows or none. The kind of \
            rows (trials, touches, responses) is detected from the columns; column names \
            match case-insensitively, ignoring '_', '-' and spaces, with common aliases \
            (pid, subject, mt, success, ...). Columns that match no field become factors. \
            Importing a file whose content is already in the study changes nothing.
            """,
        arguments: [
            ArgumentSpec(
                name: "file", help: "Log files: .csv (comma, semicolon or tab), .json or .jsonl.", repeats: true)
        ],
        options: [
            OptionSpec(
                names: ["--study"], valueName: "name", help: "The study the rows belong to.", defaultValue: "default"),
            OptionSpec(
                names: ["--kind"], valueName: "kind",
                help: "The kind of rows, when detection from the columns is not wanted.",
                allowed: RowKind.allCases.map(\.rawValue)),
            OptionSpec(
                names: ["--map"], valueName: "field=column",
                help: "Read a field from the named column (overrides the name matching).", repeats: true),
            OptionSpec(
                names: ["--ignore"], valueName: "column", help: "Leave out a column (it does not become a factor).",
                repeats: true),
            OptionSpec(
                names: ["--device"], valueName: "name",
                help: "The device the data was logged on (see 'thumblab device add')."),
            OptionSpec(
                names: ["--dry-run"], valueName: nil,
                help: "Check the files and report what would be imported, without writing."),
            OptionSpec(
                names: ["--skip-invalid"], valueName: nil,
                help:
                    "Import the valid rows and record each invalid one (file, line, reason, text) instead of stopping."),
            SharedOptions.format([.text, .json]),
            SharedOptions.database,
        ],
        examples: [
            "thumblab import trials.csv --study pilot",
            "thumblab import logs/*.csv --study pilot --device phone-3.5in",
            "thumblab import taps.jsonl --kind touches --map participant=user_id",
            "thumblab import trials.csv --dry-run",
            "thumblab import trials.csv --skip-invalid --ignore comment",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        for file in arguments.positionals {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
                throw CLIError.usage("'\(file)' is a folder; name the files in it, such as \(file)/*.csv.")
            }
        }
        var options = ImportOptions()
        options.study = arguments.value("study") ?? options.study
        options.kind = arguments.value("kind").flatMap(RowKind.init(rawValue:))
        options.map = try mapping(arguments.all("map"))
        options.ignore = arguments.all("ignore")
        options.device = arguments.value("device")
        options.dryRun = arguments.flag("dry-run")
        options.skipInvalid = arguments.flag("skip-invalid")
        // Every file is checked before the first import, and before a database is created.
        if let missing = arguments.positionals.first(where: { !FileManager.default.isReadableFile(atPath: $0) }) {
            throw ThumbLabError.fileNotFound(path: missing)
        }
        // A dry run reads an existing database (to spot content imported before and to
        // check the device) but never creates one.
        let databaseExists = FileManager.default.fileExists(atPath: arguments.databasePath(console: console))
        let database = options.dryRun && !databaseExists ? nil : try arguments.openDatabase(console: console)
        let importer = Importer(database: database)
        var reports: [ImportReport] = []
        for file in arguments.positionals {
            var fileOptions = options
            if console.stderrIsTerminal {
                fileOptions.progress = { console.progress(ImportSummary.progressLine($0, file: file)) }
            }
            do {
                let report = try importer.importFile(at: file, options: fileOptions)
                console.endProgress()
                reports.append(report)
                if arguments.format == .text { console.out(ImportSummary.text(report, options: options)) }
            } catch {
                console.endProgress()
                if arguments.format == .json, !reports.isEmpty {
                    console.print(ImportSummary.json(reports, options: options))
                }
                if !reports.isEmpty {
                    let done =
                        reports.count == 1
                        ? "the file before \(file) was imported and stays so"
                        : "the \(reports.count) files before \(file) were imported and stay so"
                    console.note("\(done); 'thumblab batches' lists them.")
                }
                throw error
            }
        }
        if arguments.format == .json { console.print(ImportSummary.json(reports, options: options)) }
    }

    /// `--map field=column` pairs as a dictionary.
    static func mapping(_ pairs: [String]) throws -> [String: String] {
        var map: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex,
                equals != pair.index(before: pair.endIndex)
            else {
                throw CLIError.usage("--map expects field=column, such as --map participant=user_id; found '\(pair)'.")
            }
            map[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return map
    }
}
