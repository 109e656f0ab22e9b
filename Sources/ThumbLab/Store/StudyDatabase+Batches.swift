extension StudyDatabase {
    /// Columns read by ``readBatchSummary(_:)``, in order.
    static let batchSummarySelect = """
        SELECT b.id, s.name, b.source, b.sha256, b.format, b.kind, b.rows, b.rejected,
            b.imported_at, d.name, b.units
        FROM batch b JOIN study s ON s.id = b.study_id LEFT JOIN device d ON d.id = b.device_id
        """

    static func readBatchSummary(_ row: SQLiteStatement) -> BatchSummary {
        BatchSummary(
            id: row.int64(0), study: row.text(1), source: row.text(2), sha256: row.text(3),
            format: row.text(4), kind: RowKind(rawValue: row.text(5)) ?? .trials,
            rows: row.int(6), rejected: row.int(7),
            importedAt: BatchTimestamp.date(row.text(8)), device: row.optionalText(9),
            units: row.optionalText(10).flatMap(ScreenUnit.init(rawValue:)))
    }

    /// The batch that already imported content with this SHA-256 into `study`, if any:
    /// importing it again is a no-op.
    package func existingBatch(study: String, sha256: String) throws -> BatchSummary? {
        let statement = try connection.prepare(
            Self.batchSummarySelect + " WHERE s.name = ?1 AND b.sha256 = ?2")
        try statement.bind(1, study)
        try statement.bind(2, sha256.lowercased())
        return try statement.step() ? Self.readBatchSummary(statement) : nil
    }

    /// Whether `study` holds a batch imported from a file at `source`, the path as given:
    /// importing that path again is likely the same content, so the import hashes it first.
    package func hasBatch(study: String, source: String) throws -> Bool {
        let statement = try connection.prepare(
            "SELECT EXISTS (SELECT 1 FROM batch b JOIN study s ON s.id = b.study_id WHERE s.name = ?1 AND b.source = ?2)"
        )
        try statement.bind(1, study)
        try statement.bind(2, source)
        try statement.step()
        return statement.int(0) != 0
    }

    /// Every committed import, oldest first.
    public func batches() throws -> [BatchSummary] {
        let statement = try connection.prepare(Self.batchSummarySelect + " ORDER BY b.id")
        var result: [BatchSummary] = []
        while try statement.step() { result.append(Self.readBatchSummary(statement)) }
        return result
    }

    /// The batch with this id, if it exists.
    public func batch(id: Int64) throws -> BatchSummary? {
        let statement = try connection.prepare(Self.batchSummarySelect + " WHERE b.id = ?1")
        try statement.bind(1, id)
        return try statement.step() ? Self.readBatchSummary(statement) : nil
    }

    /// The rows that imports skipping invalid rows left out, in file order; of one batch, or of all.
    public func rejectedRows(batch id: Int64? = nil) throws -> [RejectedRow] {
        let statement = try connection.prepare(
            """
            SELECT batch_id, file, line, reason, raw FROM rejected_row
            WHERE ?1 IS NULL OR batch_id = ?1 ORDER BY batch_id, line, id
            """)
        try statement.bind(1, id)
        var result: [RejectedRow] = []
        while try statement.step() {
            result.append(
                RejectedRow(
                    batch: statement.int64(0), file: statement.text(1), line: statement.int(2),
                    reason: statement.text(3), raw: statement.text(4)))
        }
        return result
    }
}
