/// The phrases of one import on their way into the `phrase` table, inserted 64 rows per
/// statement (one statement per phrase would cost more than computing its measures), and
/// their key taps into `key_tap`.
struct PhraseRows {
    private let connection: SQLiteConnection
    private var pending: [(trialID: Int64, phrase: PhraseRecord)] = []
    private var batchStatement: SQLiteStatement?
    private var singleStatement: SQLiteStatement?
    private var tapStatement: SQLiteStatement?
    static let rowsPerStatement = 64
    private static let columns = 18

    init(connection: SQLiteConnection) {
        self.connection = connection
        pending.reserveCapacity(Self.rowsPerStatement)
    }

    /// Adds the phrase of the trial `trialID`.
    mutating func add(_ phrase: PhraseRecord, trialID: Int64) throws {
        pending.append((trialID, phrase))
        if pending.count == Self.rowsPerStatement {
            let statement = try batchStatement ?? connection.prepare(Self.insert(rows: Self.rowsPerStatement))
            batchStatement = statement
            try write(pending, with: statement)
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Inserts the phrases still waiting.
    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        let statement = try singleStatement ?? connection.prepare(Self.insert(rows: 1))
        singleStatement = statement
        for row in pending { try write([row], with: statement) }
        pending.removeAll(keepingCapacity: true)
    }

    private static func insert(rows: Int) -> String {
        let values = (0..<rows).map { row in
            "(" + (1...columns).map { "?\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }
        return """
            INSERT INTO phrase (trial_id, presented, transcribed, input_stream, presented_length,
                transcribed_length, msd, wpm, adj_wpm, msd_error_rate, kspc, correct, incorrect_not_fixed,
                incorrect_fixed, fixes, total_error_rate, corrected_error_rate, uncorrected_error_rate)
            VALUES \(values.joined(separator: ", "))
            """
    }

    private mutating func write(_ rows: [(trialID: Int64, phrase: PhraseRecord)], with statement: SQLiteStatement)
        throws
    {
        for row in rows where !row.phrase.taps.isEmpty { try writeTaps(row.phrase.taps, trialID: row.trialID) }
        for (index, row) in rows.enumerated() {
            let base = Int32(index * Self.columns)
            let measures = row.phrase.measures
            let keys = measures.keystrokes
            try statement.bind(base + 1, row.trialID)
            try statement.bind(base + 2, row.phrase.presented)
            try statement.bind(base + 3, row.phrase.transcribed)
            try statement.bind(base + 4, row.phrase.inputStream)
            try statement.bind(base + 5, Int64(measures.presentedLength))
            try statement.bind(base + 6, Int64(measures.transcribedLength))
            try statement.bind(base + 7, Int64(measures.msd))
            try statement.bind(base + 8, measures.wpm)
            try statement.bind(base + 9, measures.adjustedWPM)
            try statement.bind(base + 10, measures.msdErrorRate)
            try statement.bind(base + 11, measures.kspc)
            try statement.bind(base + 12, keys.map { Int64($0.correct) })
            try statement.bind(base + 13, keys.map { Int64($0.incorrectNotFixed) })
            try statement.bind(base + 14, keys.map { Int64($0.incorrectFixed) })
            try statement.bind(base + 15, keys.map { Int64($0.fixes) })
            try statement.bind(base + 16, keys?.totalErrorRate)
            try statement.bind(base + 17, keys?.correctedErrorRate)
            try statement.bind(base + 18, keys?.uncorrectedErrorRate)
        }
        try statement.run()
    }

    private mutating func writeTaps(_ taps: [KeyTap], trialID: Int64) throws {
        let statement =
            try tapStatement
            ?? connection.prepare(
                "INSERT INTO key_tap (trial_id, ordinal, key, x, y, t_ms, key_x, key_y) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
            )
        tapStatement = statement
        for (index, tap) in taps.enumerated() {
            try statement.bind(1, trialID)
            try statement.bind(2, Int64(index + 1))
            try statement.bind(3, tap.key)
            try statement.bind(4, tap.x)
            try statement.bind(5, tap.y)
            try statement.bind(6, tap.timeMS)
            try statement.bind(7, tap.centreX)
            try statement.bind(8, tap.centreY)
            try statement.run()
        }
    }
}
