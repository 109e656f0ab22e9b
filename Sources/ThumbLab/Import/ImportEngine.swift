/// The first problems of a file and how many there were in all.
struct ProblemList: Sendable {
    static let shownLimit = 20
    private(set) var shown: [InputProblem] = []
    private(set) var total = 0

    mutating func add(_ problem: InputProblem) {
        total += 1
        if shown.count < ProblemList.shownLimit { shown.append(problem) }
    }

    var error: ThumbLabError { .invalidInput(problems: shown, total: total) }
}

/// What reading one file produced.
struct ImportOutcome: Sendable {
    var rows = 0
    var rejected = 0
    var derivedTrials = 0
    var cancelledTouches = 0
    var touchGroupsWithoutSelection = 0
    /// Derived trials whose timing model found no start (``TouchTrialDeriver/withoutTime``).
    var trialsWithoutTime = 0
    /// Derived trials whose time, less the feedback interval, came out negative.
    var selectedBeforeTarget = 0
    /// With `skipInvalid`, the onsets later than their selection: their trials are stored
    /// without a time and the import says so (the first ones, and how many in all).
    var lateOnsets = ProblemList()
    /// Stored touches that belong to no trial by their row: a negative trial number or a
    /// role such as `start`.
    var touchesOutsideTrials = 0
    var problems = ProblemList()
    /// What the rows showed that the import warns about (a phrase log's checks, comment
    /// lines among the rows).
    var rowWarnings: [ImportWarning] = []
    /// The SHA-256 of the file's bytes, without constants, as the reading thread hashed
    /// them while it read the rows; nil where nothing hashed them.
    var contentSHA256: String?
}

/// Reads a file row by row, validates every row and hands the valid records to a sink.
///
/// The sink is written only while the file is clean, or throughout with `skipInvalid`,
/// where each invalid row goes to ``RecordSink/addRejected(line:reason:raw:)`` instead.
/// Reading continues to the end either way, so that every problem is counted.
enum ImportEngine {
    /// An open file with its reader and resolved columns, ready for ``run``.
    struct PreparedFile {
        let file: FileBytes
        let reader: RowReader
        let layout: ColumnLayout
        /// How the length fields become px.
        let conversion: LengthConversion
        /// What the import should tell its user about the file, such as widths that look
        /// like they are not in px.
        let warnings: [ImportWarning]
        /// The values every row gets that the file holds in no column.
        let constants: ConstantValues
        /// How derived trials are timed: nil unless the file is a touch log.
        let trialTime: TrialTimeModel?
        /// What the import decided about the file beyond its header.
        let decisions: [ImportDecision]
        /// How derived trials are made beyond their clock.
        let derivation: TouchDerivation

        /// Whether the header holds only the keys of a JSON file's leading objects
        /// (``JSONRowReader/KeyPass/leadingObjects(bytes:)``).
        var keysArePartial: Bool { (reader as? JSONRowReader)?.headerIsPartial ?? false }
    }

    /// Opens `path`, reads its header and resolves the columns; `keyPass` says how much of a
    /// JSON file the keys are collected from; with `hashingReads`, the file hashes its bytes
    /// as they are read (``FileBytes/streamedSHA256()``).
    static func prepare(
        path: String, options: ImportOptions, keyPass: JSONRowReader.KeyPass = .wholeFile, hashingReads: Bool = false
    ) throws -> PreparedFile {
        let file = try FileBytes(path: path, hashingReads: hashingReads)
        return try prepare(
            file: file, reader: try reader(for: file, options: options, keyPass: keyPass), options: options)
    }

    /// Reads the header of an open file, peeks at its first rows (``ValueSample``) and
    /// resolves the columns and their units.
    static func prepare(file: FileBytes, options: ImportOptions) throws -> PreparedFile {
        try prepare(file: file, reader: try reader(for: file, options: options), options: options)
    }

    /// The same with the reader chosen by the caller.
    static func prepare(file: FileBytes, reader: RowReader, options: ImportOptions) throws -> PreparedFile {
        var options = options
        options.constants += try options.namePattern?.values(forFileAt: file.path) ?? []
        let headers = try header(of: reader, file: file.path)
        let sample = ValueSample(path: file.path, headers: headers, options: options)
        let layout = try layout(of: reader, headers: headers, file: file.path, options: options, sample: sample)
        let conversion = try LengthConversion(layout: layout, options: options)
        let warnings = [WidthUnitCheck.warning(layout: layout, sample: sample, options: options)].compactMap { $0 }
        let constants = try ConstantValues(
            options.constants, layout: layout, path: file.path, pattern: options.namePattern)
        let decisions =
            reader.decisions + layout.rowNumberColumns.map { .rowNumbers(column: $0 + 1) }
            + layout.columnsLeftOutByPosition.map { .leftOutByPosition(column: $0 + 1) }
            + [OutcomeWords.decision(layout: layout, sample: sample, options: options)].compactMap { $0 }
            + options.levelCodings.map { .levelNames(factor: $0.factor, codes: $0.codes) }
            + WideSheet.decisions(layout.wide, headers: headers)
            + (layout.surveyLeftOut.isEmpty ? [] : [.surveyMetadata(layout.surveyLeftOut)])
            + (layout.numberColumns.isEmpty ? [] : [.keptAsNumbers(layout.numberNames)])
            + [layout.trialCounter.map { .trialCounter(column: headers[$0].trimmingSpaces) }].compactMap { $0 }
        return PreparedFile(
            file: file, reader: reader, layout: layout, conversion: conversion, warnings: warnings,
            constants: constants,
            trialTime: try trialTime(layout: layout, options: options, reader: reader), decisions: decisions,
            derivation: options.derivation)
    }

    /// The timing model of a touch log's derived trials; nil for other kinds. A GoFitts
    /// trace's trials run from their first sample, the previous selection in GoFitts'
    /// serial task, so `auto` is `previous` there.
    /// - Throws: ``ThumbLabError/importSetup(_:)`` when the onset model is asked of a log
    ///   without an onset column.
    static func trialTime(layout: ColumnLayout, options: ImportOptions, reader: RowReader) throws -> TrialTimeModel? {
        guard layout.kind == .touches else { return nil }
        if reader is GoFittsTraceReader, options.trialTime == .auto { return .previous }
        guard let model = options.trialTime.model(hasOnsetColumn: layout.columns[.onset] != nil) else {
            throw ThumbLabError.importSetup(.onsetColumnMissing(names: ImportField.onset.aliases(for: .touches)))
        }
        let derivation = options.derivation
        for (setting, value, valid) in [
            ("feedback interval", derivation.feedbackMS, derivation.feedbackMS >= 0),
            ("hit scale", derivation.hitScale, derivation.hitScale > 0),
        ] where !valid || !value.isFinite {
            throw ThumbLabError.importSetup(.invalidDerivation(setting: setting, value: value))
        }
        if derivation.feedbackMS != 0, model != .previous, model != .previousHit {
            throw ThumbLabError.importSetup(.feedbackOutsidePreviousModel(model: model.rawValue))
        }
        return model
    }

    /// Reads every row of a prepared file into `sink`; throws the file's problems unless
    /// `skipInvalid` is set (the caller then rolls the sink back).
    static func run<Sink: RecordSink>(_ prepared: PreparedFile, options: ImportOptions, sink: inout Sink) throws
        -> ImportOutcome
    {
        try accept(try readRows(prepared, options: options, sink: &sink), options: options)
    }

    /// Reads every row of a prepared file into `sink`, counting the file's problems
    /// without throwing them.
    static func readRows<Sink: RecordSink>(_ prepared: PreparedFile, options: ImportOptions, sink: inout Sink)
        throws -> ImportOutcome
    {
        // Delimited text, the common case, is read through calls the compiler can inline.
        if let csv = prepared.reader as? CSVRowReader { return try readRows(of: csv, prepared, options, &sink) }
        return try readRows(of: prepared.reader, prepared, options, &sink)
    }

    private static func readRows<Reader: RowReader, Sink: RecordSink>(
        of reader: Reader, _ prepared: PreparedFile, _ options: ImportOptions, _ sink: inout Sink
    ) throws -> ImportOutcome {
        try run(
            reader, layout: prepared.layout, conversion: prepared.conversion, constants: prepared.constants,
            file: prepared.file.path, totalBytes: prepared.file.size, options: options, sink: &sink)
    }

    /// The outcome of a whole read, or its problems thrown: any problem without
    /// `skipInvalid`, or no valid row with it.
    static func accept(_ outcome: ImportOutcome, options: ImportOptions) throws -> ImportOutcome {
        if outcome.problems.total > 0, !options.skipInvalid || outcome.rows == 0 { throw outcome.problems.error }
        return outcome
    }

    /// Opens the reader for a file: GoFitts' trace file for `.sd3` or a file whose first
    /// line is `TRACE DATA`; otherwise the reader of the format `options` give, else the one
    /// the file's extension names, else the one its content shows (``InputFormat``), which
    /// the reader's decisions then state.
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` when the format given is
    ///   JSON Lines and the file a JSON array, or the reverse;
    ///   ``ThumbLabError/importSetup(_:)`` for column names given to a JSON file.
    static func reader(
        for file: FileBytes, options: ImportOptions = ImportOptions(), keyPass: JSONRowReader.KeyPass = .wholeFile
    ) throws -> RowReader {
        if options.input == nil,
            file.path.lowercased().hasSuffix(".sd3")
                || GoFittsTraceReader.isTraceFile(head: file.bytes(at: 0, count: 64))
        {
            return try GoFittsTraceReader(file: file)
        }
        let named = options.input ?? InputFormat.named(byPath: file.path)
        let format = named ?? InputFormat.told(byHead: file.bytes(at: 0, count: 4096))
        var reader: RowReader
        switch format {
        case .csv, .tsv:
            reader = try CSVRowReader(
                file: file, delimiter: format == .tsv ? UInt8(ascii: "\t") : nil, columns: options.columns)
        case .json, .jsonl:
            if options.columns != nil { throw ThumbLabError.importSetup(.columnNamesForJSON) }
            reader = try JSONRowReader(file: file, keyPass: keyPass)
            if let given = options.input, given.rawValue != reader.format {
                throw ThumbLabError.invalidInput(
                    problems: [
                        InputProblem(
                            file: file.path, line: 1, column: 1,
                            message:
                                "expected \(given == .json ? "a JSON array" : "JSON Lines (one object a line)") as the input format given says, found \(given == .json ? "JSON Lines" : "a JSON array"); give the input format \(reader.format) or none"
                        )
                    ], total: 1)
            }
        }
        if named == nil { reader.decisions.insert(.formatFromContent(format: reader.format), at: 0) }
        return reader
    }

    /// Reads the header (for JSON, the keys of every object).
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` with the header's problem.
    static func header(of reader: RowReader, file: String) throws -> [String] {
        switch try reader.readHeader() {
        case .success(let names): return names
        case .failure(let problem):
            throw ThumbLabError.invalidInput(
                problems: [
                    InputProblem(
                        file: file, line: problem.line, column: problem.column, message: problem.message,
                        remedy: problem.remedy)
                ], total: 1)
        }
    }

    /// Resolves the columns of `headers`, read by `reader`, with the first rows' values in
    /// `sample`.
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` with every column problem.
    static func layout(
        of reader: RowReader, headers: [String], file: String, options: ImportOptions, sample: ValueSample
    ) throws -> ColumnLayout {
        switch try ColumnLayout.resolve(
            headers: headers, options: options, sample: sample, questions: reader.questionTexts)
        {
        case .success(let layout):
            reader.prepare(for: layout)
            return layout
        case .failure(let found):
            var problems = ProblemList()
            for problem in found.list {
                let place = reader.location(ofField: problem.column - 1)
                problems.add(
                    InputProblem(
                        file: file, line: place.line, column: place.column, message: problem.message,
                        remedy: problem.remedy))
            }
            throw problems.error
        }
    }

    /// Streams the rows after the header into `sink`.
    static func run<Reader: RowReader, Sink: RecordSink>(
        _ reader: Reader, layout: ColumnLayout, conversion: LengthConversion = .none,
        constants: ConstantValues = .none, file: String, totalBytes: Int, options: ImportOptions, sink: inout Sink
    ) throws -> ImportOutcome {
        var constants = constants
        var outcome = ImportOutcome()
        var decoder = RowDecoder(
            layout: layout, decimalComma: reader.decimalComma, lengthFactors: conversion.factors,
            backspace: options.backspace, keyboard: options.keyboard)
        var deriver = TouchTrialDeriver(
            hasTrialColumn: layout.columns[.trial] != nil,
            model: try trialTime(layout: layout, options: options, reader: reader) ?? .contact,
            firstDownIsPreviousSelection: reader is GoFittsTraceReader, derivation: options.derivation)
        let onsetIndex = layout.columns[.onset] ?? 0
        var fieldProblems: [FieldProblem] = []
        let headerLine = reader.rowLine
        // A demographics file's other columns are attributes of its participants, not factors.
        try sink.declareFactors(layout.kind == .participants ? [] : layout.factorNames + constants.factorNames)
        // The numbers of the columns kept as numbers, read into one buffer row after row.
        let hasNumbers = !layout.numberColumns.isEmpty
        var numbers: [Double?] = []
        if hasNumbers { try sink.declareNumbers(layout.numberNames) }
        var participantLines: [String: Int] = [:]
        var nextProgress = ImportProgress.interval
        // Every row of a trials file is decoded into this one record and handed to the sink
        // from it, so that no row is copied on the way.
        var trial = TrialRecord(participant: "")
        let readsPhrases = layout.kind == .phrases
        let readsTrials = layout.kind == .trials || readsPhrases
        var phrase: PhraseRecord?
        var phraseChecks = PhraseChecks(numberNames: readsPhrases ? layout.numberNames : [])
        // Phrases are numbered in file order within participant, condition and block when no
        // column numbers them.
        var phraseNumbers: [PhraseKey: Int] = [:]
        let numbersPhrases = readsPhrases && layout.columns[.trial] == nil
        while try reader.next() {
            outcome.rows += 1
            if outcome.rows == nextProgress, let progress = options.progress {
                progress(ImportProgress(rows: outcome.rows, bytes: reader.bytesRead, totalBytes: totalBytes))
                nextProgress += ImportProgress.interval
            }
            var rowProblems: [InputProblem] = []
            var decoded: DecodedRow?
            var isValid = false
            if let problem = reader.rowProblem {
                rowProblems.append(
                    InputProblem(file: file, line: problem.line, column: problem.column, message: problem.message))
            } else {
                fieldProblems.removeAll(keepingCapacity: true)
                if readsPhrases {
                    phrase = decoder.decodePhrase(
                        reader.fields, line: reader.rowLine, problems: &fieldProblems, into: &trial)
                    isValid = phrase != nil
                    if hasNumbers {
                        isValid =
                            decoder.readNumbers(reader.fields, problems: &fieldProblems, into: &numbers) && isValid
                    }
                } else if readsTrials {
                    isValid = decoder.decodeTrial(
                        reader.fields, line: reader.rowLine, problems: &fieldProblems, into: &trial)
                    if hasNumbers {
                        isValid =
                            decoder.readNumbers(reader.fields, problems: &fieldProblems, into: &numbers) && isValid
                    }
                } else {
                    decoded = decoder.decode(reader.fields, line: reader.rowLine, problems: &fieldProblems)
                    isValid = decoded != nil
                }
                if case .participant(let record) = decoded,
                    let first = participantLines.updateValue(record.line, forKey: record.participant)
                {
                    participantLines[record.participant] = first
                    fieldProblems.append(
                        FieldProblem(
                            column: (layout.columns[.participant] ?? 0) + 1,
                            message:
                                "expected one row per participant, found \(record.participant) again (first on line \(first))"
                        ))
                }
                for problem in fieldProblems {
                    let place = reader.location(ofField: problem.column - 1)
                    rowProblems.append(
                        InputProblem(
                            file: file, line: place.line, column: place.column, message: problem.message,
                            remedy: problem.remedy))
                }
            }
            guard rowProblems.isEmpty, isValid else {
                for problem in rowProblems { outcome.problems.add(problem) }
                if options.skipInvalid {
                    outcome.rejected += 1
                    let reason = RejectionReason.text(rowProblems)
                    try sink.addRejected(line: reader.rowLine, reason: reason, raw: reader.rawText())
                }
                continue
            }
            guard options.skipInvalid || outcome.problems.total == 0 else { continue }
            if readsTrials {
                if !constants.constants.isEmpty { constants.apply(to: &trial) }
                if numbersPhrases {
                    let key = PhraseKey(participant: trial.participant, levels: trial.levels, block: trial.block)
                    let number = (phraseNumbers[key] ?? 0) + 1
                    phraseNumbers[key] = number
                    trial.trial = number
                }
                // Constants may give rows of different texts the same participant or levels.
                if constants.constants.isEmpty, let names = decoder.names {
                    try sink.add(trial, names: names)
                } else {
                    try sink.add(trial)
                }
                if hasNumbers { try sink.addNumbers(numbers) }
                if let phrase {
                    phraseChecks.observe(phrase, line: reader.rowLine, numbers: numbers)
                    try sink.add(phrase)
                }
                continue
            }
            // Moved, not copied: a copy of the row would retain its strings once more.
            guard var decoded = consume decoded else { continue }
            if !constants.constants.isEmpty { decoded = constants.apply(to: decoded) }
            switch consume decoded {
            case .response(let response): try sink.add(response)
            case .participant(let participant): try sink.add(participant)
            case .answers(let answers):
                for answer in answers { try sink.add(answer) }
                // Each answer of a wide sheet's row is a record of its own.
                outcome.rows += answers.count - 1
            case .touch(var touch, let phase, let target, let outsideTrials):
                if outsideTrials {
                    outcome.touchesOutsideTrials += phase.stored != nil ? 1 : 0
                    deriver.noteStartTap(touch, phase: phase)
                    // A start tap names the trial it starts but belongs to none.
                    if (touch.trial ?? 0) >= 0 { touch.trial = nil }
                } else if let trial = deriver.add(
                    touch, phase: phase, target: target, onsetPlace: { reader.location(ofField: onsetIndex) })
                {
                    try sink.add(trial)
                    outcome.derivedTrials += 1
                    takeProblems(of: &deriver, file: file, options: options, into: &outcome)
                }
                if phase.stored != nil {
                    try sink.add(touch)
                } else {
                    outcome.cancelledTouches += 1
                }
            }
        }
        if outcome.rows == 0 {
            outcome.problems.add(
                InputProblem(
                    file: file, line: headerLine + 1, column: 1,
                    message: "expected at least one row after the header, found none; the file holds only column names")
            )
        }
        if options.skipInvalid || outcome.problems.total == 0 {
            for trial in deriver.finishAll() {
                try sink.add(trial)
                outcome.derivedTrials += 1
            }
            takeProblems(of: &deriver, file: file, options: options, into: &outcome)
            outcome.touchGroupsWithoutSelection = deriver.withoutSelection
            outcome.trialsWithoutTime = deriver.withoutTime
            outcome.selectedBeforeTarget = deriver.selectedBeforeTarget
        }
        outcome.rowWarnings = phraseChecks.warnings
        if let csv = reader as? CSVRowReader, !csv.laterCommentLines.isEmpty {
            outcome.rowWarnings.append(.commentLinesAmongRows(lines: csv.laterCommentLines))
        }
        options.progress?(ImportProgress(rows: outcome.rows, bytes: reader.bytesRead, totalBytes: totalBytes))
        return outcome
    }

    /// Moves the onsets found later than their selection into the file's problems.
    /// With `skipInvalid` they are kept apart: the trial stays, without a time.
    private static func takeProblems(
        of deriver: inout TouchTrialDeriver, file: String, options: ImportOptions, into outcome: inout ImportOutcome
    ) {
        guard !deriver.problems.isEmpty else { return }
        for problem in deriver.problems {
            let located = InputProblem(file: file, line: problem.line, column: problem.column, message: problem.message)
            if options.skipInvalid { outcome.lateOnsets.add(located) } else { outcome.problems.add(located) }
        }
        deriver.problems.removeAll()
    }
}

/// The participant, levels and block within which phrases are numbered.
private struct PhraseKey: Hashable {
    var participant: String
    var levels: [String?]
    var block: Int?
}

/// A sink that keeps nothing: for dry runs, and for validating or timing the reader
/// with ``Importer/read(fileAt:options:into:)``.
package struct DiscardingSink: RecordSink {
    /// Creates a sink that keeps nothing.
    package init() {}
    /// Accepts the factor names and keeps nothing.
    package mutating func declareFactors(_ names: [String]) throws {}
    /// Accepts a trial and keeps nothing.
    package mutating func add(_ trial: TrialRecord) throws {}
    /// Accepts a touch event and keeps nothing.
    package mutating func add(_ touch: TouchRecord) throws {}
    /// Accepts an answer and keeps nothing.
    package mutating func add(_ response: ResponseRecord) throws {}
    /// Accepts a rejected row and keeps nothing.
    package mutating func addRejected(line: Int, reason: String, raw: String) throws {}
}
