import Foundation

/// What the values of a file's first rows (``ValueSample``) say about its columns, where
/// the names alone mislead:
///
/// - A column no field's name matches (or only a tap's role, as `type` does), whose values
///   are all touch phases written as words (`touchstart`, `touchmove`, `touchend`; `down`,
///   `up`...) with a down and an up among them, is the phase column of a touch log, as web
///   loggers write it under `type`.
/// - A column whose values are all whole numbers may be the block under a name that often
///   names a factor (``ImportField/fallbackAliases``: `session`, `round`, `set`); with other
///   values (`s1`, `morning`) it stays a factor.
/// - A column whose numbers all look like epoch milliseconds (``epochRange``: from 1973 to
///   5138) holds timestamps: a `time` column of that kind is a touch log's timestamp, not a
///   trial's duration.
struct ValueEvidence {
    /// Numbers in this range are epoch milliseconds: 1e11 ms is March 1973, 1e14 ms the
    /// year 5138. No trial lasts a year, and no session-relative timestamp is that large.
    static let epochRange = 1e11..<1e14

    /// The column whose values are touch phases, when no column's name matched one.
    var phaseColumn: Int?
    /// The columns whose numbers are all epoch milliseconds.
    var epochColumns: Set<Int> = []
    /// The columns whose values are all whole numbers.
    var wholeNumberColumns: Set<Int> = []

    /// The names that match a touch log's fields other than its role.
    private static let touchFieldNames = Set(
        ImportField.fields(for: .touches).filter { $0 != .role }.flatMap { $0.aliases(for: .touches) })

    /// No evidence: what a file without rows gives.
    init() {}

    /// Reads the evidence of `sample` for a header normalised as `normalized`; columns in
    /// `ignored` are left alone.
    init(sample: ValueSample, normalized: [String], ignored: Set<String>) {
        for (column, name) in normalized.enumerated() where !name.isEmpty && !ignored.contains(name) {
            let texts = sample.texts(column: column)
            guard !texts.isEmpty else { continue }
            if phaseColumn == nil, !Self.touchFieldNames.contains(name), Self.arePhaseWords(texts) {
                phaseColumn = column
            }
            let numbers = sample.numbers(column: column)
            guard numbers.count == texts.count else { continue }
            if numbers.allSatisfy({ Self.epochRange.contains($0) }) { epochColumns.insert(column) }
            if numbers.allSatisfy({ $0 == $0.rounded() }) { wholeNumberColumns.insert(column) }
        }
    }

    /// True when every text is a touch phase in words and both a down and an up occur.
    private static func arePhaseWords(_ texts: [String]) -> Bool {
        var phases = Set<String>()
        for text in Set(texts) {
            guard text.unicodeScalars.contains(where: { CharacterSet.letters.contains($0) }) else { return false }
            var bytes = Array(text.utf8)
            let phase = bytes.withUnsafeMutableBufferPointer { FieldParsing.phase(UnsafeBufferPointer($0)) }
            guard case .value(let value) = phase else { return false }
            phases.insert("\(value)")
        }
        return phases.contains("down") && phases.contains("up")
    }

    /// `1700000000000 (2023-11-14 22:13 UTC)`: an epoch value and the moment it names.
    static func describeEpoch(_ milliseconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let date = Date(timeIntervalSince1970: milliseconds / 1000)
        return "\(NumberText.shortest(milliseconds)) (\(formatter.string(from: date)) UTC)"
    }
}

/// A column matched as a trial's time (`time`, `mt`...) whose values are epoch milliseconds.
struct EpochTime {
    var column: Int
    /// Its first value, to show.
    var example: Double

    /// The header problem: the column is a timestamp, and what to do about it.
    /// `headers` names the column when the rows were taken for trials; nil when no kind
    /// could be told.
    func problem(headers: [String]?, kindGiven: Bool) -> ColumnLayout.Problem {
        let found =
            "epoch milliseconds such as \(ValueEvidence.describeEpoch(example)), which are timestamps, not durations"
        guard let headers else {
            return ColumnLayout.Problem(
                column: column + 1,
                message:
                    "expected trial columns (a time, hit, miss or errors column), "
                    + "touch columns (a phase column) "
                    + "or response columns (item and value), found a time column holding \(found)",
                remedy: .mapPhaseOrGiveKind)
        }
        let name = headers[column].trimmingSpaces
        return ColumnLayout.Problem(
            column: column + 1, message: "expected a duration in time_ms ('\(name)'), found \(found)",
            remedy: .ignoreEpochColumn(column: name, suggestTouches: !kindGiven))
    }
}
