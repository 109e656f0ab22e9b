import Foundation

/// What an import declares about itself before its first row: where the rows come from
/// and what they are. The store records it as one row of the `batch` table.
package struct NewBatch: Equatable, Sendable {
    /// The study the rows belong to; created on first use.
    package var study: String
    /// The file path as the user gave it.
    package var source: String
    /// SHA-256 of the file content, lowercase hex; the same content is imported once per study.
    package var sha256: String
    /// `csv`, `json`, `jsonl` or `sd3`.
    package var format: String
    /// Whether the file holds trials, touch events or questionnaire answers.
    package var kind: RowKind
    /// Name of a device added with ``StudyDatabase/addDevice(_:)``, if the log names one.
    package var device: String?
    /// The unit the import read the file's lengths in (stored as `batch.units`); nil
    /// records none.
    package var units: ScreenUnit?
    /// How trials derived from the batch's touch events are timed; recorded as
    /// `batch.trial_time` when the batch stores trials of a touch log.
    package var trialTime: TrialTimeModel?
    /// What the import decided about the file beyond its header, as a JSON array of
    /// `{"decision", "detail"}` objects; recorded as `batch.decisions`.
    package var decisions: String?
    /// How trials derived from the batch's touch events were made beyond their clock;
    /// recorded as `batch.derivation` with ``trialTime``.
    package var derivation: TouchDerivation?
    /// The text of each questionnaire item the file gives; recorded in `item_label`.
    package var itemLabels: [ItemLabel] = []

    /// Declares a batch; `device` names a device already in the database.
    package init(
        study: String, source: String, sha256: String, format: String, kind: RowKind,
        device: String? = nil, units: ScreenUnit? = nil, trialTime: TrialTimeModel? = nil,
        decisions: String? = nil, derivation: TouchDerivation? = nil
    ) {
        self.derivation = derivation
        self.trialTime = trialTime
        self.decisions = decisions
        self.study = study
        self.source = source
        self.sha256 = sha256
        self.format = format
        self.kind = kind
        self.device = device
        self.units = units
    }
}

/// What a questionnaire item asked, as its file gives it: `SUS` item `2` is "I found the
/// system unnecessarily complex".
package struct ItemLabel: Equatable, Sendable {
    /// The instrument, as the responses store it.
    package var instrument: String
    /// The item's name within it.
    package var item: String
    /// The item's text.
    package var label: String

    /// The text of one item.
    package init(instrument: String, item: String, label: String) {
        self.instrument = instrument
        self.item = item
        self.label = label
    }
}

/// One committed import, as `thumblab batches` lists it.
public struct BatchSummary: Equatable, Sendable {
    /// The batch id, as `thumblab undo` takes it; never reused.
    public var id: Int64
    /// The study the batch belongs to.
    public var study: String
    /// The file path as the user gave it.
    public var source: String
    /// SHA-256 of the file content, lowercase hex.
    public var sha256: String
    /// The file's format: `csv`, `json`, `jsonl` or `sd3`.
    public var format: String
    /// Whether the batch holds trials, touch events or questionnaire answers.
    public var kind: RowKind
    /// Rows stored (trials, touches or responses, whichever the batch holds).
    public var rows: Int
    /// Rows an import that skips invalid rows (``ImportOptions/skipInvalid``) left out, each recorded in the `rejected_row` table.
    public var rejected: Int
    /// When the import began, to the millisecond.
    public var importedAt: Date
    /// The device the batch was recorded on, if given.
    public var device: String?
    /// The unit the import read the file's lengths in; nil for batches imported before
    /// schema version 9, which did not record it.
    public var units: ScreenUnit?

    /// Creates a batch summary, as ``StudyDatabase/batches()`` reads it.
    package init(
        id: Int64, study: String, source: String, sha256: String, format: String,
        kind: RowKind, rows: Int, rejected: Int, importedAt: Date, device: String? = nil, units: ScreenUnit? = nil
    ) {
        self.id = id
        self.study = study
        self.source = source
        self.sha256 = sha256
        self.format = format
        self.kind = kind
        self.rows = rows
        self.rejected = rejected
        self.importedAt = importedAt
        self.device = device
        self.units = units
    }
}

/// One row an import that skips invalid rows left out, kept so nothing is dropped silently.
public struct RejectedRow: Equatable, Sendable {
    /// The batch the row was left out of.
    public var batch: Int64
    /// The file path as the user gave it.
    public var file: String
    /// 1-based line where the row starts.
    public var line: Int
    /// Where in the row and what was wrong: `LINE:COLUMN: expected ..., found ...`.
    public var reason: String
    /// The row's text as it appeared in the file.
    public var raw: String

    /// Creates a rejected row record.
    package init(batch: Int64, file: String, line: Int, reason: String, raw: String) {
        self.batch = batch
        self.file = file
        self.line = line
        self.reason = reason
        self.raw = raw
    }
}

/// Timestamps in the `batch` table are ISO 8601 text in UTC with milliseconds, which R
/// (`as.POSIXct(..., format = "%Y-%m-%dT%H:%M:%OSZ", tz = "UTC")`) and pandas
/// (`pd.to_datetime`) read directly.
enum BatchTimestamp {
    static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func date(_ text: String) -> Date {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
            return date
        }
        return (try? Date.ISO8601FormatStyle().parse(text)) ?? Date(timeIntervalSince1970: 0)
    }

    /// Rounds to whole milliseconds so that a summary built in memory equals the one read back.
    static func now() -> Date {
        let ms = (Date().timeIntervalSince1970 * 1000).rounded(.down)
        return Date(timeIntervalSince1970: ms / 1000)
    }
}
