import Foundation

/// The file format of an export.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// Apache Parquet: row groups of about a million rows, text dictionary-encoded, pages
    /// GZIP-compressed, column statistics, and the export's metadata in the footer.
    case parquet
    /// CSV with a header row (RFC 4180 quoting), numbers as SQLite writes them.
    case csv
}

/// How an export splits each table into files.
public enum ExportPartition: String, Sendable, CaseIterable {
    /// One file per participant in Hive-style folders, `participant=P01/`; the column itself
    /// is left out of the files, as Spark, DuckDB and pyarrow read it from the folder name.
    case participant
}

/// What an export wrote: each table's rows and files.
public struct ExportSummary: Sendable, Equatable {
    /// One table of the export.
    public struct Table: Sendable, Equatable {
        /// The table's name and folder: `trial`, `touch`, `response`, `phrase`, `key_tap`,
        /// `participant`, `device`.
        public var name: String
        /// Rows written.
        public var rows: Int
        /// The files written, relative to the export's folder.
        public var files: [String]
    }

    /// The folder the export is in.
    public var folder: String
    /// The tables in the order they were written.
    public var tables: [Table]
}

/// Hands a study database over to engines that read Parquet or CSV (Spark, DuckDB, pandas):
/// every table in long form, a folder each, written in one read transaction into a
/// temporary folder that is renamed into place only when every file is complete.
public enum StudyExport {
    /// Writes the export of `database` to the folder `path`, which must not exist or be empty.
    /// - Throws: ``ThumbLabError/output(_:)`` when the folder holds files or a file cannot be
    ///   written, and ``ThumbLabError/database(code:message:sql:)`` when the database cannot be read.
    public static func write(
        _ database: StudyDatabase, to path: String, format: ExportFormat, partition: ExportPartition? = nil,
        rowGroupSize: Int = 1 << 20
    ) throws -> ExportSummary {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw ThumbLabError.output(.cannotWrite(path: path, reason: "a file has that name; name a new folder"))
            }
            if let existing = try? manager.contentsOfDirectory(atPath: path), !existing.isEmpty {
                throw ThumbLabError.output(
                    .cannotWrite(path: path, reason: "the folder holds files; export into a new or empty folder"))
            }
        }
        let staging = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        try? manager.removeItem(atPath: staging)
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw ThumbLabError.output(
                .cannotCreateFolder(path: path, folder: .export, reason: error.localizedDescription))
        }
        do {
            let tables = try database.readTransaction {
                let metadata = try exportMetadata(database)
                return try database.exportTables(byParticipant: partition == .participant).map { table in
                    try ExportTableWriter(
                        database: database, table: table, folder: staging, format: format, partition: partition,
                        rowGroupSize: rowGroupSize, metadata: metadata
                    ).write()
                }
            }
            try? manager.removeItem(atPath: path)
            try manager.moveItem(atPath: staging, toPath: path)
            return ExportSummary(folder: path, tables: tables)
        } catch {
            try? manager.removeItem(atPath: staging)
            if let thumbLab = error as? ThumbLabError { throw thumbLab }
            throw ThumbLabError.output(.cannotWrite(path: path, reason: error.localizedDescription))
        }
    }

    /// The footer's key-value metadata: the schema version, the studies, the selection
    /// (every row, as imported) and the provenance of every imported file.
    static func exportMetadata(_ database: StudyDatabase) throws -> [(key: String, value: String)] {
        let batches = try database.batches().map { batch -> JSONValue in
            .object([
                ("study", .string(batch.study)), ("source", .string(batch.source)), ("sha256", .string(batch.sha256)),
                ("kind", .string(batch.kind.rawValue)), ("rows", .int(batch.rows)),
                ("imported_at", .string(ISO8601DateFormatter().string(from: batch.importedAt))),
            ])
        }
        return [
            ("thumblab.schema_version", String(try database.schemaVersion())),
            ("thumblab.studies", JSONValue.array(try database.studies().map(JSONValue.string)).rendered()),
            ("thumblab.selection", "every row as imported: no filter, exclusion or cleaning"),
            ("thumblab.provenance", JSONValue.array(batches).rendered()),
        ]
    }
}
