/// One small, stable entry point per reader: the fuzz targets under `Tests/fuzz/` and
/// their regression tests drive the readers through these, and nothing else, so that
/// both keep working while the readers' insides change.
///
/// Each entry reads a whole file as an import does (header, every row, decoding, and the
/// trials derived from touch events) into any sink, without a database. Malformed input
/// is never a crash: it gets ``ThumbLabError/invalidInput(problems:total:)`` or rows
/// rejected with their reasons.
enum ReaderEntryPoints {
    /// The row readers an import chooses between.
    enum RowFormat: String, CaseIterable, Sendable {
        /// Comma, semicolon or tab separated values (``CSVRowReader``).
        case csv
        /// A top-level JSON array of flat objects (``JSONRowReader``).
        case json
        /// One flat JSON object per line (``JSONRowReader``).
        case jsonl
    }

    /// Reads the log at `path` with the reader of `format`, as
    /// ``ImportEngine/run(_:options:sink:)`` does after ``ImportEngine/prepare(file:options:)``.
    ///
    /// For ``RowFormat/json`` and ``RowFormat/jsonl`` the reader tells the two apart by the
    /// file's first character; `format` names which one the caller means, and a file of
    /// the other kind reads as `nil` without touching the sink. `keyPass` says how much of a
    /// JSON file the keys are collected from.
    /// - Returns: the outcome, or nil for a JSON file of the other kind.
    /// - Throws: ``ThumbLabError`` for a missing file or malformed input (with
    ///   `skipInvalid`, only for header problems and a file without a valid row);
    ///   ``JSONRowReader/KeysBeyondHeader`` when a header of leading objects' keys lacks a
    ///   later object's key.
    static func readRows<Sink: RecordSink>(
        path: String, format: RowFormat, options: ImportOptions, keyPass: JSONRowReader.KeyPass = .wholeFile,
        into sink: inout Sink
    ) throws -> ImportOutcome? {
        let file = try FileBytes(path: path)
        let reader: RowReader
        switch format {
        case .csv:
            reader = try CSVRowReader(file: file)
        case .json, .jsonl:
            reader = try JSONRowReader(file: file, keyPass: keyPass)
            guard reader.format == format.rawValue else { return nil }
        }
        let prepared = try ImportEngine.prepare(file: file, reader: reader, options: options)
        return try ImportEngine.run(prepared, options: options, sink: &sink)
    }

    /// How a read with the keys of the leading objects only compares with a read with
    /// every object's keys.
    enum LeadingKeysComparison: Equatable {
        /// The same records in the same order, and the same outcome or error.
        case same
        /// The import would read the file again with every key: the header of the leading
        /// keys fails, or a row has another key.
        case readsAgain
        /// Anything else: a bug of the leading-keys pass.
        case differs
    }

    /// Reads a JSON log as an import first does, with the keys of the objects in its first
    /// `leadingBytes` bytes only (``JSONRowReader/KeyPass/leadingObjects(bytes:)``), and
    /// again with every object's keys, and compares the two.
    static func compareLeadingKeys(path: String, format: RowFormat, options: ImportOptions, leadingBytes: Int)
        -> LeadingKeysComparison
    {
        var discarded = DiscardingSink()
        return compareLeadingKeys(
            path: path, format: format, options: options, leadingBytes: leadingBytes, whole: &discarded
        ).comparison
    }

    /// ``compareLeadingKeys(path:format:options:leadingBytes:)`` that also hands the records
    /// of the read with every key to `sink` and returns that read's end, as
    /// ``readRows(path:format:options:keyPass:into:)`` would: so that a caller checking
    /// those records reads the file once less.
    static func compareLeadingKeys<Sink: RecordSink>(
        path: String, format: RowFormat, options: ImportOptions, leadingBytes: Int, whole sink: inout Sink
    ) -> (comparison: LeadingKeysComparison, whole: Result<ImportOutcome?, any Error>) {
        var whole = DescribingSink(next: sink)
        let wholeEnd = Result { try readRows(path: path, format: format, options: options, into: &whole) }
        sink = whole.next
        var leading = DescribingSink(next: DiscardingSink())
        guard
            let leadingEnd = readWithLeadingKeys(
                path: path, format: format, options: options, bytes: leadingBytes, into: &leading)
        else { return (.readsAgain, wholeEnd) }
        let same = describe(wholeEnd) == describe(leadingEnd.map { Optional($0) }) && whole.records == leading.records
        return (same ? .same : .differs, wholeEnd)
    }

    /// Reads as the first attempt of an import reads; nil where the import would read the
    /// file again with every key, or the file is JSON of the other kind.
    private static func readWithLeadingKeys<Sink: RecordSink>(
        path: String, format: RowFormat, options: ImportOptions, bytes: Int, into sink: inout Sink
    ) -> Result<ImportOutcome, any Error>? {
        let reader: JSONRowReader
        let file: FileBytes
        do {
            file = try FileBytes(path: path)
            reader = try JSONRowReader(file: file, keyPass: .leadingObjects(bytes: bytes))
        } catch {
            return .failure(error)
        }
        guard reader.format == format.rawValue,
            let prepared = try? ImportEngine.prepare(file: file, reader: reader, options: options),
            let outcome = try? ImportEngine.readRows(prepared, options: options, sink: &sink)
        else { return nil }
        return Result { try ImportEngine.accept(outcome, options: options) }
    }

    private static func describe<Value>(_ result: Result<Value, any Error>) -> String {
        switch result {
        case .success(let value): return "\(value)"
        case .failure(let error): return "\(error)"
        }
    }

    /// Keeps every call as text, to compare two reads, and hands it on to `next`.
    private struct DescribingSink<Next: RecordSink>: RecordSink {
        var next: Next
        var records: [String] = []
        mutating func declareFactors(_ names: [String]) throws {
            records.append("factors \(names)")
            try next.declareFactors(names)
        }
        mutating func add(_ trial: TrialRecord) throws {
            records.append("\(trial)")
            try next.add(trial)
        }
        mutating func add(_ touch: TouchRecord) throws {
            records.append("\(touch)")
            try next.add(touch)
        }
        mutating func add(_ response: ResponseRecord) throws {
            records.append("\(response)")
            try next.add(response)
        }
        mutating func add(_ participant: ParticipantRecord) throws {
            records.append("\(participant)")
            try next.add(participant)
        }
        mutating func addRejected(line: Int, reason: String, raw: String) throws {
            records.append("rejected \(line) \(reason) \(raw)")
            try next.addRejected(line: line, reason: reason, raw: raw)
        }
    }

    /// Takes every record and keeps none.
    private struct DiscardingSink: RecordSink {
        mutating func declareFactors(_ names: [String]) throws {}
        mutating func add(_ trial: TrialRecord) throws {}
        mutating func add(_ touch: TouchRecord) throws {}
        mutating func add(_ response: ResponseRecord) throws {}
        mutating func addRejected(line: Int, reason: String, raw: String) throws {}
    }

    /// The two headers of the touch-log fuzz target: with and without a trial column.
    static let touchLogHeaders = [
        "pid,technique,block,trial,t,x,y,phase,target_x,target_y,target_w,target_h\n",
        "pid,technique,block,t,x,y,phase,target_x,target_y,target_w\n",
    ]

    /// The touch log that an input of the touch-log fuzz target stands for: its first
    /// byte picks one of ``touchLogHeaders`` (even: with a trial column) and the rest is
    /// the body, so that the fuzzer spends its effort on rows that reach the trial deriver.
    static func touchLog(fromInput input: some Collection<UInt8>) -> [UInt8] {
        guard let first = input.first else { return [] }
        var text = Array(touchLogHeaders[Int(first & 1)].utf8)
        text.append(contentsOf: input.dropFirst())
        return text
    }

    /// Reads the bytes of a LAYOUT.json screen layout document.
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` for malformed JSON or a
    ///   malformed layout.
    static func readLayout(_ bytes: [UInt8], file: String) throws -> ScreenLayout {
        try ScreenLayout(json: bytes, file: file)
    }

    /// Reads the text of a GoFitts or FittsTaskTwo sd1 per-trial file.
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` for a file that is not one.
    static func readGoFitts(_ bytes: [UInt8], file: String) throws -> GoFittsLog {
        try GoFittsLog.read(String(decoding: bytes, as: UTF8.self), file: file)
    }
}
