/// Imports study logs (CSV, JSON arrays, JSON Lines) into a ``StudyDatabase``.
///
/// One file is one transaction: all of its rows are stored, or none. The steps:
/// 1. A second thread reads, validates and hashes the file (SHA-256 of its bytes as they
///    are read, one pass for both) while the calling thread writes its rows (the two meet
///    through a bounded queue, so memory stays flat); until the hash is known the new batch
///    holds a placeholder. Content already imported into the study makes the import a no-op
///    that says so (``ImportReport/alreadyImported``), rolled back once the hash shows it. A
///    file whose path the study's batches already name is hashed before its rows are read,
///    so that importing it again is a no-op at once.
/// 2. The header is read and the columns resolved (``ImportField``); header problems stop
///    the import whatever the options. A JSON file's header is the keys of the objects in
///    its first mebibyte; the rows are checked for other keys, and should one have any
///    (or the import fail before every row is checked), the import is rolled back and
///    run again with the keys of every object, so the outcome is always that of a header
///    made of every object's keys.
/// 3. Rows stream through validation into the batch writer. On the first invalid row the
///    import stops writing, reads on to count every problem, rolls back and throws
///    ``ThumbLabError/invalidInput(problems:total:)`` with the first 20. With
///    ``ImportOptions/skipInvalid`` the valid rows are committed and each invalid row is
///    recorded as rejected, in the same transaction.
///
/// ```swift
/// let database = try StudyDatabase(path: "study.sqlite")
/// let report = try Importer(database: database).importFile(at: "trials.csv", options: ImportOptions(study: "pilot"))
/// print(report.rows, report.factors)
/// ```
public struct Importer {
    /// The database written to; nil is allowed for dry runs only.
    public let database: StudyDatabase?

    /// Creates an importer writing to `database`; pass `nil` only for dry runs.
    public init(database: StudyDatabase?) {
        self.database = database
    }

    /// Imports one file.
    /// - Throws: ``ThumbLabError/fileNotFound(path:)`` for a missing file;
    ///   ``ThumbLabError/invalidInput(problems:total:)`` for malformed input (the database
    ///   is unchanged); ``ThumbLabError/importSetup(_:)`` for an unknown device, a bad `map`,
    ///   a unit the device cannot convert (``ScreenUnit``), a constant that does not fit the
    ///   file or no database outside a dry run; ``ThumbLabError/storage(_:)``
    ///   when the disk is full or the database cannot be written (nothing is written, and the
    ///   database's log gives its space back); ``ThumbLabError/database(code:message:sql:)``
    ///   when SQLite refuses a write for another reason; ``ThumbLabError/fileNameMismatch(path:pattern:)``
    ///   when the file's name does not match ``ImportOptions/namePattern`` (nothing is written).
    public func importFile(at path: String, options: ImportOptions) throws -> ImportReport {
        guard database != nil || options.dryRun else {
            throw ThumbLabError.importSetup(.noDatabase(file: path))
        }
        _ = try FileBytes(path: path)
        var options = options
        options.deviceFigures = try options.device.flatMap { try database?.device(named: $0) }
        var settings = ImportPipeline.ReadSettings(options)
        // The same content with other constants is another import: they join its hash.
        let constants = try options.constants + (options.namePattern?.values(forFileAt: path) ?? [])
        var sha256: String?
        if let database, try database.hasBatch(study: options.study, source: path) {
            sha256 = try ContentHash.ofFile(at: path, constants: constants)
            if let existing = try database.existingBatch(study: options.study, sha256: sha256!) {
                return ImportReport(
                    file: path, kind: existing.kind, format: existing.format, alreadyImported: existing,
                    sha256: sha256!)
            }
        }
        while true {
            do {
                return try Self.reading(path: path, settings: settings) { channel in
                    try importRows(from: channel, path: path, constants: constants, sha256: sha256, options: options)
                }
            } catch is ImportPipeline.RereadWithAllKeys where settings.keyPass != .wholeFile {
                settings.keyPass = .wholeFile
            }
        }
    }

    /// Runs `body` while a reading thread reads `path` into the channel it is given.
    private static func reading<Result>(
        path: String, settings: ImportPipeline.ReadSettings, _ body: (ImportPipeline.Channel) throws -> Result
    ) throws -> Result {
        let channel = ImportPipeline.Channel()
        ImportPipeline.startReading(path: path, settings: settings, channel: channel)
        defer {
            channel.cancel()
            channel.waitForReader()
        }
        return try body(channel)
    }

    /// Thrown once the file's hash shows that the study already holds its content.
    private struct ContentAlreadyImported: Error {}

    /// Stores the rows that the reading thread sends down `channel`, in one transaction;
    /// content the study already holds makes the import a no-op whatever else happened
    /// (the hash then comes from a pass of its own when the reader did not finish it).
    /// `sha256` is the file's keyed hash when known before reading.
    private func importRows(
        from channel: ImportPipeline.Channel, path: String, constants: [ImportConstant], sha256: String?,
        options: ImportOptions
    ) throws -> ImportReport {
        var sha256 = sha256
        do {
            return try storeRows(from: channel, path: path, constants: constants, sha256: &sha256, options: options)
        } catch let error where !(error is ImportPipeline.RereadWithAllKeys) {
            if let database, let known = sha256 ?? (try? ContentHash.ofFile(at: path, constants: constants)),
                let existing = try database.existingBatch(study: options.study, sha256: known)
            {
                return ImportReport(
                    file: path, kind: existing.kind, format: existing.format, alreadyImported: existing,
                    sha256: known)
            }
            if error is ContentAlreadyImported {
                throw ThumbLabError.database(code: 1, message: "the batch holding \(path) vanished", sql: nil)
            }
            throw error
        }
    }

    /// ``importRows(from:path:constants:sha256:options:)`` without the check for content
    /// already held. The writer starts before the hash is known (the batch then holds a
    /// placeholder, replaced by the hash the reader finishes with, before the commit), so
    /// that hashing the file overlaps reading and writing its rows; `sha256` receives it.
    private func storeRows(
        from channel: ImportPipeline.Channel, path: String, constants: [ImportConstant], sha256: inout String?,
        options: ImportOptions
    ) throws -> ImportReport {
        if let database, let sha256, try database.existingBatch(study: options.study, sha256: sha256) != nil {
            throw ContentAlreadyImported()
        }
        if let database, let device = options.device, try database.device(named: device) == nil {
            throw ThumbLabError.importSetup(.unknownDevice(name: device))
        }
        let summary = try ImportPipeline.header(from: channel)
        /// The keyed hash of the file, from the reader's hash of its bytes.
        func keyedHash(_ outcome: ImportOutcome) throws -> String {
            ContentHash.keyed(try outcome.contentSHA256 ?? FileBytes(path: path).sha256(), constants: constants)
        }
        let outcome: ImportOutcome
        var batch: BatchSummary?
        var journal: ImportJournal?
        if options.dryRun || database == nil {
            var sink = DiscardingSink()
            outcome = try ImportPipeline.drain(channel, summary: summary, into: &sink, progress: options.progress)
            let known = try keyedHash(outcome)
            sha256 = known
            if let database, try database.existingBatch(study: options.study, sha256: known) != nil {
                throw ContentAlreadyImported()
            }
        } else {
            var newBatch = NewBatch(
                study: options.study, source: path, sha256: sha256 ?? BatchWriter.pendingSHA256(),
                format: summary.format, kind: summary.kind, device: options.device,
                units: summary.kind == .participants ? nil : options.units ?? .px, trialTime: summary.trialTime,
                decisions: ImportDecision.recordJSON(summary.decisions), derivation: summary.derivation)
            newBatch.itemLabels = summary.itemLabels
            let writer = try database!.beginImport(newBatch)
            do {
                var sink = writer
                outcome = try ImportPipeline.drain(channel, summary: summary, into: &sink, progress: options.progress)
                if sha256 == nil {
                    let known = try keyedHash(outcome)
                    sha256 = known
                    if try !writer.settleSHA256(known) { throw ContentAlreadyImported() }
                }
                batch = try writer.commit()
                journal = writer.journal
            } catch {
                writer.rollback()
                throw error
            }
        }
        var report = Self.report(path: path, summary: summary, outcome: outcome, batch: batch, sha256: sha256 ?? "")
        report.journal = journal
        if let database, let batch {
            let links = try database.trialLinks(batch: batch.id)
            report.links = links
            if summary.kind == .touches { report.derivedTrials = links.derivedTrials }
        }
        return report
    }

    /// Reads and validates a file into any sink, as ``importFile(at:options:)`` does, but
    /// without hashing, batches or a database: for scripts that keep rows elsewhere, and
    /// for measuring the reader apart from the store. The caller commits or discards what
    /// the sink received; on malformed input (without `skipInvalid`) it throws after the
    /// sink may have received the rows before the first problem.
    package func read<Sink: RecordSink>(fileAt path: String, options: ImportOptions, into sink: inout Sink) throws
        -> ImportReport
    {
        var options = options
        options.deviceFigures = try options.device.flatMap { try database?.device(named: $0) }
        let prepared = try ImportEngine.prepare(path: path, options: options)
        let outcome = try ImportEngine.run(prepared, options: options, sink: &sink)
        return Self.report(
            path: path, summary: ImportPipeline.FileSummary(prepared), outcome: outcome, batch: nil, sha256: "")
    }

    private static func report(
        path: String, summary: ImportPipeline.FileSummary, outcome: ImportOutcome, batch: BatchSummary?, sha256: String
    ) -> ImportReport {
        var report = ImportReport(
            file: path, kind: summary.kind, format: summary.format,
            rows: outcome.rows - outcome.rejected - outcome.cancelledTouches, rejected: outcome.rejected,
            factors: summary.factors,
            batch: batch, derivedTrials: outcome.derivedTrials, cancelledTouches: outcome.cancelledTouches,
            touchTrialsWithoutSelection: outcome.touchGroupsWithoutSelection, sha256: sha256)
        report.columns = summary.columns
        report.touchesOutsideTrials = outcome.touchesOutsideTrials
        report.conversions = summary.conversions
        report.warnings = summary.warnings + outcome.rowWarnings
        report.constants = summary.constants
        report.decisions = summary.decisions
        report.attributes = summary.attributes
        report.numbers = summary.numbers
        if outcome.derivedTrials > 0 {
            report.trialTime = summary.trialTime
            report.trialsWithoutTime = outcome.trialsWithoutTime
            report.derivation = summary.derivation
            report.selectedBeforeTarget = outcome.selectedBeforeTarget
        }
        let late = outcome.lateOnsets
        report.warnings += late.shown.map(ImportWarning.lateOnset)
        if late.total > late.shown.count {
            report.warnings.append(.lateOnsetsInAll(total: late.total, shown: late.shown.count))
        }
        return report
    }
}
