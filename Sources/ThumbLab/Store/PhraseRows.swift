/// The phrases of one import on their way into the `phrase` table, inserted 64 rows per
/// statement (one statement per phrase would cost more than computing its measures).
struct PhraseRows {
    private let connection: SQLiteConnection
    private var pending: [(trialID: Int64, phrase: PhraseRecord)] = []
    private var batchStatement: SQLiteStatement?
    private var singleStatement: SQLiteStatement?
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

    private func write(_ rows: [(trialID: Int64, phrase: PhraseRecord)], with statement: SQLiteStatement) throws {
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
}
