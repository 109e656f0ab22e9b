import Foundation

/// Import batches as a result table, for `thumblab batches` and `thumblab undo`.
public enum BatchTable {
    /// One row per batch; `units` is the unit the import read lengths in, null for batches
    /// imported before it was recorded. `full` keeps the whole SHA-256 (for CSV and JSON); otherwise its
    /// first 12 hex digits, enough to tell files apart on screen.
    public static func table(_ batches: [BatchSummary], full: Bool = true) -> ResultTable {
        ResultTable(
            columns: [
                "id", "study", "kind", "format", "rows", "rejected", "device", "units", "imported_at", "sha256",
                "source",
            ],
            rows: batches.map { row($0, full: full) })
    }

    /// One batch as a JSON object with the table's columns.
    public static func json(_ batch: BatchSummary) -> JSONValue {
        let table = table([batch])
        return .object(Array(zip(table.columns, table.rows[0])))
    }

    private static func row(_ batch: BatchSummary, full: Bool) -> [JSONValue] {
        [
            .int(Int(batch.id)), .string(batch.study), .string(batch.kind.rawValue), .string(batch.format),
            .int(batch.rows), .int(batch.rejected), batch.device.map(JSONValue.string) ?? .null,
            batch.units.map { .string($0.rawValue) } ?? .null,
            .string(timestamp(batch.importedAt)),
            .string(full ? batch.sha256 : String(batch.sha256.prefix(12))), .string(batch.source),
        ]
    }

    /// ISO 8601 in UTC, to the second: `2026-11-29T12:43:47Z`.
    package static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
