import Foundation
import ThumbLab

/// `thumblab import FILE...`: each file in one transaction, all of it or nothing.
enum ImportCommand: Command {
    static let files = Argument<[String]>(
        "file", help: "Log files: .csv (comma, semicolon or tab), .json, .jsonl, or GoFitts' .sd1 and .sd3.")
    static let study = Option<String>(
        "--study", value: "name", default: "default", help: "The study the rows belong to.")
    static let kind = Option<RowKind?>(
        "--kind", value: "kind", help: "The kind of rows, when detection from the columns is not wanted.")
    static let map = Option<[FieldMapping]>(
        "--map", value: "field=column[:unit]",
        help:
            "Read a field from the named column (overrides the name matching); a length may name its unit (px, pt, dp, mm)."
    )
    static let units = Option<ScreenUnit?>(
        "--units", value: "unit",
        help:
            "The unit of the file's coordinates and sizes, converted to px through --device (pt needs the device's --scale; dp takes it, else ppi / 160).",
        defaultDescription: "px")
    static let ignore = Option<[String]>(
        "--ignore", value: "column",
        help: "Leave out a column (it does not become a factor); @N names column N, for a column without a name.")
    static let factor = Option<[String]>(
        "--factor", value: "column", help: "Keep a column of a trial log as a factor, whatever its values.")
    static let numeric = Option<[String]>(
        "--numeric", value: "column",
        help: "Keep a column of a trial log as numbers per trial (trial_value), not as a factor.")
    static let backspace = Option<String?>(
        "--backspace", value: "char",
        help: "The character that marks a backspace in a phrase log's input streams.", defaultDescription: "<")
    static let keyboard = Option<String?>(
        "--keyboard", value: "file",
        help: "A keyboard layout (key,x,y per key) giving the key centres of a phrase log's key taps.")
    static let input = Option<InputFormat?>(
        "--input", value: "format",
        help:
            "Read every file in this format; without it, the extension says, or for .txt, .log and the like the content."
    )
    static let columns = Option<ColumnNames?>(
        "--columns", value: "name,name,...", help: "The column names of a delimited file without a header line.")
    static let levels = Option<[LevelCoding]>(
        "--levels", value: "factor=code:name,...",
        help: "Store a coded factor's levels by name; every code in the file must be named.")
    static let hitWhen = Option<HitCoding?>(
        "--hit-when", value: "column=value[,value...]",
        help: "The values of a column that are hits; any other value is a miss, an empty one not recorded.")
    static let instrument = Option<WideInstrument?>(
        "--instrument", value: "name",
        help: "The questionnaire of a sheet with one column per item, when the column names do not tell it.")
    static let likert = Option<AnswerWordList?>(
        "--likert", value: "w1,w2,...", help: "The ordered answer words of a wide sheet, numbered from 1.")
    static let scale = Option<TLXScale?>(
        "--scale", value: "range", help: "The scale of a wide sheet's NASA-TLX ratings, stored on 0-100.")
    static let device = Option<String?>(
        "--device", value: "name", help: "The device the data was logged on (see 'thumblab device add').")
    static let dryRun = Flag("--dry-run", help: "Check the files and report what would be imported, without writing.")
    static let skipInvalid = Flag(
        "--skip-invalid",
        help: "Import the valid rows and record each invalid one (file, line, reason, text) instead of stopping.")
    static let trialTime = Option<TrialTiming>(
        "--time-from", "--trial-time", value: "model", default: .auto,
        help:
            "How trials derived from touch events are timed: from the previous selection, the previous hit, the stimulus onset column, or touch contact; auto takes onset when the log has the column, else previous."
    )
    static let feedback = Option<Double>(
        "--feedback-ms", value: "ms", default: 0,
        help: "A fixed interval between a selection and the next target, taken off times from a previous selection.")
    static let sequence = Option<TouchDerivation.Sequence>(
        "--sequence", value: "scope", default: .block,
        help:
            "How far back the previous selection may be, where no start tap intervenes: the block, or the participant's blocks."
    )
    static let hitArea = Option<TouchDerivation.HitArea>(
        "--hit-area", value: "shape", default: .rect,
        help: "The hit region of a derived trial: the target rectangle, or a circle as wide as the target.")
    static let hitScale = Option<Double>(
        "--hit-scale", value: "k", default: 1, help: "The hit region is k times the drawn target.")

    static let spec = CommandSpec(
        name: "import",
        abstract: "Import trial, touch or questionnaire logs (CSV, JSON, JSON Lines).",
        discussion: """
            Each file is imported in one transaction, all of its rows or none; a file whose \
            content is already in the study changes nothing. The kind of rows, the format (by \
            extension, else by content) and the columns are detected and stated: names match \
            ignoring case, '_', '-' and spaces, with the aliases FIELDS lists, and other columns \
            become factors. R's and pandas' row names, comment lines, outcome words (success, \
            error) and GoFitts' sd1 and sd3 files are read as they come. Trials derived from \
            touch events are timed as --time-from says; --units converts lengths to px through \
            --device. The article Importing (Sources/ThumbLab/ThumbLab.docc/Importing.md) has \
            the details.
            """,
        arguments: [files],
        options: [
            study, kind, map, units, ignore, factor, numeric, input, columns, hitWhen, levels, instrument, likert,
            scale, device, backspace, keyboard,
            trialTime, feedback, sequence, hitArea, hitScale,
            ImportConstantOptions.set,
            ImportConstantOptions.namePattern, dryRun, skipInvalid, SharedOptions.textOrJSON, SharedOptions.database,
        ],
        examples: [
            "thumblab import trials.csv --study pilot",
            "thumblab import logs/*.csv --study pilot --device phone-3.5in",
            "thumblab import taps.jsonl --kind touches --map participant=user_id",
            "thumblab import phrases.tsv --map time=seconds:s --backspace '#'",
            "thumblab import phrases.jsonl --keyboard keyboard.csv",
            "thumblab import trials.csv --device phone --units mm",
            "thumblab import trials.csv --device phone --map target_w=targetW:mm",
            "thumblab import trials.csv --dry-run",
            "thumblab import gofitts_P01.sd1 gofitts_P01.sd3 --study fitts",
            "thumblab import taps.jsonl --time-from onset --map onset=stimulus_shown",
            "thumblab import events.csv --time-from previous-hit --feedback-ms 200 --hit-area circle",
            "thumblab import trials.csv --skip-invalid --ignore comment",
            "thumblab import fitts_log.txt --hit-when result=success,ok",
            "thumblab import logs.csv --levels type=0:FOLD,1:TOUCHFOLD,2:FOLDTOUCH",
            "thumblab import tlx_sheet.csv --scale 0-20",
            "thumblab import survey.csv --instrument likert --likert 'Never,Rarely,Sometimes,Often,Always'",
            "thumblab import taps.dat --input tsv --columns participant,trial,time_ms,hit",
            "thumblab import pilot.csv --set participant=P01 --set technique=Shift",
            "thumblab import logs/P*_*.csv --name-pattern '{participant}_{technique}.csv'",
        ],
        invalidInputNote: "Nothing was imported; the database is unchanged.",
        sections: [HelpSection(title: "FIELDS", body: ImportFieldTable.text())])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let files = arguments[Self.files]
        for file in files {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
                throw CLIError.usage("'\(file)' is a folder; name the files in it, such as \(file)/*.csv.")
            }
        }
        var options = ImportOptions()
        options.study = arguments[Self.study]
        options.kind = arguments[Self.kind]
        options.map = Dictionary(arguments[Self.map].map { ($0.field, $0.column) }) { _, later in later }
        options.fieldUnits = Dictionary(arguments[Self.map].compactMap { m in m.unit.map { (m.field, $0) } }) {
            _, later in later
        }
        options.units = arguments[Self.units]
        options.ignore = arguments[Self.ignore]
        options.factorColumns = arguments[Self.factor]
        options.numericColumns = arguments[Self.numeric]
        if let backspace = arguments[Self.backspace] {
            guard backspace.count == 1, let character = backspace.first else {
                throw CLIError.usage("--backspace takes one character, such as '<' or '#'; found '\(backspace)'.")
            }
            options.backspace = character
        }
        options.keyboard = try arguments[Self.keyboard].map(KeyboardLayout.init(contentsOf:))
        options.input = arguments[Self.input]
        options.columns = arguments[Self.columns]?.names
        options.hitWhen = arguments[Self.hitWhen]
        options.levelCodings = arguments[Self.levels]
        options.instrument = arguments[Self.instrument]
        options.likertWords = arguments[Self.likert]?.words
        options.tlxScale = arguments[Self.scale]
        options.device = arguments[Self.device]
        options.dryRun = arguments[Self.dryRun]
        options.skipInvalid = arguments[Self.skipInvalid]
        options.trialTime = arguments[Self.trialTime]
        options.derivation = TouchDerivation(
            feedbackMS: arguments[Self.feedback], sequence: arguments[Self.sequence],
            hitArea: arguments[Self.hitArea], hitScale: arguments[Self.hitScale])
        // Every file is checked before the first import, and before a database is created.
        if let missing = files.first(where: { !FileManager.default.isReadableFile(atPath: $0) }) {
            throw ThumbLabError.fileNotFound(path: missing)
        }
        try ImportConstantOptions.apply(arguments, files: files, to: &options)
        // A dry run reads an existing database (to spot content imported before and to
        // check the device) but never creates one.
        let databaseExists = FileManager.default.fileExists(atPath: arguments.databasePath(console: console))
        let database = options.dryRun && !databaseExists ? nil : try arguments.openDatabase(console: console)
        let importer = Importer(database: database)
        var reports: [ImportReport] = []
        for file in files {
            var fileOptions = options
            if console.stderrIsTerminal {
                let started = Date()
                fileOptions.progress = { progress in
                    let line = ProgressLine.text(
                        label: file, rows: progress.rows, fraction: progress.fraction,
                        elapsed: Date().timeIntervalSince(started))
                    if let line { console.progress(line) }
                }
            }
            do {
                let report = try importer.importFile(at: file, options: fileOptions)
                console.endProgress()
                reports.append(report)
                for warning in report.warnings { console.warning("\(file): \(warning.commandLineWords)") }
                if arguments[SharedOptions.textOrJSON] == .text {
                    console.out(ImportSummary.text(report, options: options))
                }
            } catch ThumbLabError.invalidInput(let problems, let total) where options.dryRun {
                console.endProgress()
                // A dry run shows how the columns would be read beside the rows' problems.
                if arguments[SharedOptions.textOrJSON] == .text,
                    let columns = try? importer.columns(ofFileAt: file, options: options)
                {
                    console.out(ImportSummary.rejectedDryRunText(columns, options: options))
                }
                if arguments[SharedOptions.textOrJSON] == .json, !reports.isEmpty {
                    console.print(ImportSummary.json(reports, options: options))
                }
                let note =
                    databaseExists
                    ? "Dry run: nothing was written; the database is unchanged."
                    : "Dry run: nothing was written, and there is no study database yet."
                throw CLIError.invalidInput(problems: problems, total: total, note: note)
            } catch {
                console.endProgress()
                if arguments[SharedOptions.textOrJSON] == .json, !reports.isEmpty {
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
        if arguments[SharedOptions.textOrJSON] == .json { console.print(ImportSummary.json(reports, options: options)) }
    }
}

/// `--map field=column[:unit]`: read a field from the named column, a length in `unit`.
struct FieldMapping: ExpressibleByArgument {
    var field: String
    var column: String
    var unit: ScreenUnit?

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex,
            equals != argument.index(before: argument.endIndex)
        else { return nil }
        field = String(argument[..<equals])
        column = String(argument[argument.index(after: equals)...])
        // `targetW:mm`: a unit after the last colon; any other colon belongs to the name.
        // A phrase log's `time=COL:s` or `time=COL:ms` names the time field of that unit.
        if let colon = column.lastIndex(of: ":"), colon != column.startIndex {
            let suffix = column[column.index(after: colon)...].lowercased()
            if let unit = ScreenUnit(rawValue: suffix) {
                self.unit = unit
                column = String(column[..<colon])
            } else if ImportField.normalize(field) == "time", suffix == "s" || suffix == "ms" {
                field = suffix == "s" ? ImportField.timeS.rawValue : ImportField.timeMS.rawValue
                column = String(column[..<colon])
            }
        }
    }

    var argumentText: String { "\(field)=\(column)" + (unit.map { ":\($0.rawValue)" } ?? "") }
    static var expectation: String { "field=column" }

    /// `--map expects field=column, such as --map participant=user_id; found 'participant'.`
    static func invalidMessage(_ word: String, for label: String) -> String {
        "\(label) expects \(expectation), such as \(label) participant=user_id; found '\(word)'."
    }
}

/// `--columns a,b,c`: the column names of a file without a header, in file order.
struct ColumnNames: ExpressibleByArgument {
    var names: [String]

    init?(argument: String) {
        names = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !names.contains(where: \.isEmpty) else { return nil }
    }

    var argumentText: String { names.joined(separator: ",") }
    static var expectation: String { "column names separated by commas, none of them empty" }
}

/// `--likert 'Never,Rarely,Sometimes'`: ordered answer words.
struct AnswerWordList: ExpressibleByArgument {
    var words: [String]

    init?(argument: String) {
        words = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard words.count >= 2, !words.contains(where: \.isEmpty), Set(words).count == words.count else { return nil }
    }

    var argumentText: String { words.joined(separator: ",") }
    static var expectation: String { "two or more different answer words, in order, separated by commas" }
}

/// `--hit-when result=success,ok`: the values of a column that count as hits.
extension HitCoding: ExpressibleByArgument {
    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        let values = argument[argument.index(after: equals)...].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !values.isEmpty, !values.contains(where: \.isEmpty) else { return nil }
        self.init(column: String(argument[..<equals]), hitValues: values)
    }

    var argumentText: String { "\(column)=\(hitValues.joined(separator: ","))" }
    static var expectation: String { "column=value[,value...]" }

    /// `--hit-when expects column=value[,value...], such as --hit-when result=success; found 'result'.`
    static func invalidMessage(_ word: String, for label: String) -> String {
        "\(label) expects \(expectation), such as \(label) result=success; found '\(word)'."
    }
}

/// `--levels type=0:FOLD,1:TOUCHFOLD`: the level names of a factor's codes.
extension LevelCoding: ExpressibleByArgument {
    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        var codes: [Code] = []
        for entry in argument[argument.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        {
            guard let colon = entry.firstIndex(of: ":") else { return nil }
            let code = entry[..<colon].trimmingCharacters(in: .whitespaces)
            let name = entry[entry.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !code.isEmpty, !name.isEmpty, !codes.contains(where: { $0.code == code }) else { return nil }
            codes.append(Code(code: code, name: name))
        }
        self.init(factor: String(argument[..<equals]), codes: codes)
    }

    var argumentText: String { "\(factor)=" + codes.map { "\($0.code):\($0.name)" }.joined(separator: ",") }
    static var expectation: String { "factor=code:name,code:name,... with each code once" }
}
