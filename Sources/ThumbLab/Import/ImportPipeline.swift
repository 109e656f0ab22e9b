import Foundation

/// Runs reading, validating and hashing on a thread of its own while the calling thread
/// writes the rows, so that parsing overlaps the database inserts. The reading thread hashes
/// the file's bytes as it reads them, one pass over the file for both, and hands the hash
/// over with the outcome (``ImportOutcome/contentSHA256``).
///
/// The two threads share only a ``PipelineChannel``, a bounded queue of messages, so memory
/// stays flat: the reader waits when the writer falls behind. Records are value types and
/// `Sendable`; the reader, the file and the sink each stay on one thread.
enum ImportPipeline {
    /// The shape of a file once its header is read.
    struct FileSummary: Sendable {
        var kind: RowKind
        var format: String
        var factors: [String]
        /// A demographics file's attribute names; empty for other kinds.
        var attributes: [String]
        /// The columns of a trials file kept as numbers per trial.
        var numbers: [String]
        var columns: [ColumnMatch]
        var conversions: [ColumnConversion]
        var warnings: [ImportWarning]
        /// The constants of the file, given and from its name.
        var constants: [ImportConstant]
        /// Whether the header holds only the keys of a JSON file's leading objects.
        var keysArePartial: Bool
        /// How trials derived from a touch log are timed; nil for other kinds.
        var trialTime: TrialTimeModel?
        /// How trials derived from a touch log are made beyond their clock; nil for other kinds.
        var derivation: TouchDerivation?
        /// What the import decided about the file beyond its header.
        var decisions: [ImportDecision]
        /// The text of each questionnaire item of a wide sheet, where the file gives it.
        var itemLabels: [ItemLabel]

        init(_ prepared: ImportEngine.PreparedFile) {
            itemLabels = WideSheet.itemLabels(
                prepared.layout.wide, headers: prepared.layout.headers, questions: prepared.reader.questionTexts)
            trialTime = prepared.trialTime
            derivation = prepared.trialTime == nil ? nil : prepared.derivation
            decisions = prepared.decisions
            conversions = prepared.conversion.conversions
            warnings = prepared.warnings
            constants = prepared.constants.constants
            keysArePartial = prepared.keysArePartial
            let layout = prepared.layout
            kind = layout.kind
            format = prepared.reader.format
            let described = layout.factorNames + prepared.constants.factorNames
            factors = kind == .participants ? [] : described
            attributes = kind == .participants ? layout.factorNames : []
            numbers = layout.numberNames
            columns = layout.columns.sorted { $0.value < $1.value }.map {
                ColumnMatch(column: layout.headers[$0.value].trimmingSpaces, field: $0.key.rawValue)
            }
        }
    }

    /// One call the reader made on its sink, to be replayed on the real sink, or a name
    /// the reader numbered for the ``IndexedTrial``s that follow.
    enum Item: Sendable {
        case factors([String])
        case numbers([String])
        /// The next participant number stands for this label.
        case participant(String)
        /// The next condition number stands for these levels.
        case levels([String?])
        case touch(TouchRecord)
        case response(ResponseRecord)
        case participantRow(ParticipantRecord)
        case rejected(line: Int, reason: String, raw: String)
    }

    /// What the reading thread tells the writing thread, in order.
    /// The queue between the two threads.
    typealias Channel = PipelineChannel<Message>

    enum Message: Sendable {
        case header(FileSummary)
        case items([Item])
        /// Trials, whose numbers were all announced by earlier items.
        /// Trials, and the numbers of their other numeric columns: for each trial in order,
        /// one per column (NaN where the row has none); empty for files without them. A
        /// phrase log's trials come with their phrases, one per trial.
        case trials([IndexedTrial], numbers: [Double], phrases: [PhraseRecord])
        case progress(ImportProgress)
        case finished(ImportOutcome)
        case failed(any Error)
    }

    /// The import read a JSON file's keys from its leading objects only
    /// (``JSONRowReader/KeyPass/leadingObjects(bytes:)``) and cannot tell its outcome from
    /// the one a pass over every key gives: a later object has another key, or the import
    /// failed before the reader had checked every object. The caller rolls back and
    /// imports again with ``JSONRowReader/KeyPass/wholeFile``.
    struct RereadWithAllKeys: Error {}

    /// The options the reading thread needs: the caller's, without the progress callback
    /// (which runs on the calling thread). Every other option is a value, so the settings
    /// are safe to hand to another thread; new options travel without being listed here.
    struct ReadSettings: @unchecked Sendable {
        /// The options again, without a progress callback.
        private(set) var options: ImportOptions
        /// How much of a JSON file its keys are collected from.
        var keyPass: JSONRowReader.KeyPass {
            get { options.jsonKeyPass }
            set { options.jsonKeyPass = newValue }
        }

        init(_ options: ImportOptions) {
            var options = options
            options.progress = nil
            self.options = options
        }
    }

    /// Starts reading `path` on a new thread; its messages arrive on `channel`, the last
    /// one being `.finished` or `.failed`. A failure before every row is read, with the
    /// keys of the leading objects only, is ``RereadWithAllKeys``.
    static func startReading(path: String, settings: ReadSettings, channel: Channel) {
        let thread = Thread {
            defer { channel.markReaderDone() }
            var keysArePartial = false
            var rowsAreRead = false
            do {
                var options = settings.options
                options.progress = { _ = channel.send(.progress($0)) }
                let prepared = try prepare(path: path, options: options, keyPass: settings.keyPass)
                keysArePartial = prepared.keysArePartial
                guard channel.send(.header(FileSummary(prepared))) else { return }
                var sink = ChannelSink(channel: channel)
                let read = try ImportEngine.readRows(prepared, options: options, sink: &sink)
                rowsAreRead = true
                var outcome = try ImportEngine.accept(read, options: options)
                outcome.contentSHA256 = try prepared.file.streamedSHA256()
                try sink.flush()
                _ = channel.send(.finished(outcome))
            } catch {
                _ = channel.send(.failed(keysArePartial && !rowsAreRead ? RereadWithAllKeys() : error))
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Prepares the file, hashing its reads, with `keyPass`; when that fails, with the keys
    /// of the whole file, whose problems are the file's (a column may first appear after the
    /// leading objects).
    private static func prepare(path: String, options: ImportOptions, keyPass: JSONRowReader.KeyPass) throws
        -> ImportEngine.PreparedFile
    {
        if keyPass != .wholeFile,
            let prepared = try? ImportEngine.prepare(path: path, options: options, keyPass: keyPass, hashingReads: true)
        {
            return prepared
        }
        return try ImportEngine.prepare(path: path, options: options, hashingReads: true)
    }

    /// Waits for the header, or the error that prevented reading it.
    static func header(from channel: Channel) throws -> FileSummary {
        while true {
            switch channel.receive() {
            case .header(let summary): return summary
            case .failed(let error): throw error
            case .items, .trials, .progress, .finished: continue
            }
        }
    }

    /// Replays the rows on `sink` until the reader finishes; rethrows the reader's error.
    /// When the header read from `summary` holds the keys of the leading objects only, an
    /// error of the sink is ``RereadWithAllKeys``: the rows the reader has not checked yet
    /// may have other keys, and with them other columns.
    static func drain<Sink: RecordSink>(
        _ channel: Channel, summary: FileSummary, into sink: inout Sink, progress: ((ImportProgress) -> Void)?
    ) throws -> ImportOutcome {
        var names = ReaderNames()
        while true {
            let message = channel.receive()
            switch message {
            case .trials, .items:
                do {
                    try replay(message, names: &names, on: &sink)
                } catch  where summary.keysArePartial {
                    throw RereadWithAllKeys()
                }
            case .progress(let report): progress?(report)
            case .finished(let outcome): return outcome
            case .failed(let error): throw error
            case .header: continue
            }
        }
    }

    /// Replays a message of rows, or of items, on `sink`.
    private static func replay<Sink: RecordSink>(_ message: Message, names: inout ReaderNames, on sink: inout Sink)
        throws
    {
        switch message {
        case .trials(let trials, let numbers, let phrases):
            if let writer = sink as? BatchWriter {
                try writer.add(trials, names: names, numbers: numbers, phrases: phrases)
            } else {
                let width = trials.isEmpty ? 0 : numbers.count / trials.count
                for (index, trial) in trials.enumerated() {
                    try sink.add(names.record(trial))
                    if width > 0 {
                        try sink.addNumbers(numbers[index * width..<(index + 1) * width].map { $0.isNaN ? nil : $0 })
                    }
                    if index < phrases.count { try sink.add(phrases[index]) }
                }
            }
        case .items(let items):
            for item in items {
                switch item {
                case .participant(let label): names.participants.append(label)
                case .levels(let levels): names.levelSets.append(levels)
                case .factors(let names): try sink.declareFactors(names)
                case .numbers(let names): try sink.declareNumbers(names)
                case .touch(let touch): try sink.add(touch)
                case .response(let response): try sink.add(response)
                case .participantRow(let participant):
                    try sink.add(participant)
                case .rejected(let line, let reason, let raw):
                    try sink.addRejected(line: line, reason: reason, raw: raw)
                }
            }
        case .header, .progress, .finished, .failed:
            break
        }
    }
}

/// The reading thread's sink: gathers calls into batches and sends them down the channel.
/// Trials travel as ``IndexedTrial``s, their participant and levels numbered here in order
/// of first appearance (each new one announced by an item before the trials using it), so
/// that the writing thread neither hashes strings nor retains anything per trial.
private struct ChannelSink: RecordSink {
    /// Thrown inside the reading thread when the writer has stopped listening.
    struct Cancelled: Error {}

    let channel: ImportPipeline.Channel
    private var items: [ImportPipeline.Item] = []
    private var trials: [IndexedTrial] = []
    private var numbers: [Double] = []
    private var phrases: [PhraseRecord] = []
    /// Whether each trial comes with a phrase (a phrase log).
    private var carriesPhrases = false
    /// How many numbers each trial has (``addNumbers(_:)``); 0 for files without them.
    private var numbersPerTrial = 0
    private var participantNumbers = FirstAppearanceNumbers<String>()
    private var levelNumbers = FirstAppearanceNumbers<[String?]>()
    /// This sink's numbers by the reader's (``RowNames``). A file's trials come either all
    /// with the reader's numbers or all without.
    private var participantsByReaderNumber = RenumberedNames()
    private var conditionsByReaderNumber = RenumberedNames()
    private static let batchSize = 1024

    init(channel: ImportPipeline.Channel) {
        self.channel = channel
        items.reserveCapacity(ChannelSink.batchSize)
        trials.reserveCapacity(ChannelSink.batchSize)
    }

    mutating func declareFactors(_ names: [String]) throws { try append(.factors(names)) }
    mutating func declareNumbers(_ names: [String]) throws { try append(.numbers(names)) }

    mutating func add(_ trial: TrialRecord) throws {
        let participant = participantNumbers.number(of: trial.participant)
        if participant.isNew { try append(.participant(trial.participant)) }
        let condition = levelNumbers.number(of: trial.levels)
        if condition.isNew { try append(.levels(trial.levels)) }
        try add(trial, participant: participant.number, condition: condition.number)
    }

    /// The reader's numbers count every row, this sink's only the rows it is given: each
    /// reader number is mapped to this sink's on first sight.
    mutating func add(_ trial: TrialRecord, names: RowNames) throws {
        let participant = participantsByReaderNumber.number(for: Int(names.participant))
        if participant.isNew { try append(.participant(trial.participant)) }
        let condition = conditionsByReaderNumber.number(for: Int(names.condition))
        if condition.isNew { try append(.levels(trial.levels)) }
        try add(trial, participant: participant.number, condition: condition.number)
    }

    private mutating func add(_ trial: TrialRecord, participant: Int, condition: Int) throws {
        if !items.isEmpty { try flush() }
        trials.append(
            IndexedTrial(
                participant: Int32(participant), condition: Int32(condition), values: trial.values))
        if trials.count == ChannelSink.batchSize, numbersPerTrial == 0, !carriesPhrases { try flush() }
    }

    /// The numbers of the trial added last: they join the trials' batch, which is sent
    /// once the last trial's numbers are in.
    mutating func addNumbers(_ trialNumbers: [Double?]) throws {
        numbersPerTrial = trialNumbers.count
        for number in trialNumbers { numbers.append(number ?? .nan) }
        if trials.count == ChannelSink.batchSize, !carriesPhrases { try flush() }
    }

    mutating func add(_ touch: TouchRecord) throws { try append(.touch(touch)) }
    mutating func add(_ response: ResponseRecord) throws { try append(.response(response)) }
    mutating func add(_ participant: ParticipantRecord) throws { try append(.participantRow(participant)) }
    /// The phrase of the trial added last: it joins the trials' batch, which is sent once
    /// the last trial's phrase is in.
    mutating func add(_ phrase: PhraseRecord) throws {
        carriesPhrases = true
        phrases.append(phrase)
        if trials.count == ChannelSink.batchSize { try flush() }
    }
    mutating func addRejected(line: Int, reason: String, raw: String) throws {
        try append(.rejected(line: line, reason: reason, raw: raw))
    }

    /// Sends what is gathered, in the order it came: at most one of trials and items
    /// waits at a time.
    mutating func flush() throws {
        if !trials.isEmpty {
            guard channel.send(.trials(trials, numbers: numbers, phrases: phrases)) else { throw Cancelled() }
            trials.removeAll(keepingCapacity: true)
            numbers.removeAll(keepingCapacity: true)
            phrases.removeAll(keepingCapacity: true)
        }
        guard !items.isEmpty else { return }
        guard channel.send(.items(items)) else { throw Cancelled() }
        items.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ item: ImportPipeline.Item) throws {
        if !trials.isEmpty { try flush() }
        items.append(item)
        if items.count == ChannelSink.batchSize { try flush() }
    }
}

/// Numbers in order of first appearance for numbers given elsewhere in another order.
private struct RenumberedNames {
    /// The number given for each number seen, -1 for those not seen yet.
    private var numbers: [Int32] = []
    private var count: Int32 = 0

    /// The number for `other`, and whether it was given just now.
    mutating func number(for other: Int) -> (number: Int, isNew: Bool) {
        if other < numbers.count, numbers[other] >= 0 { return (Int(numbers[other]), false) }
        if other >= numbers.count { numbers += repeatElement(-1, count: other + 1 - numbers.count) }
        numbers[other] = count
        count += 1
        return (Int(count - 1), true)
    }
}
