import ThumbLab

/// `thumblab export`: the study's tables as Parquet or CSV for engines past one machine.
enum ExportCommand: Command {
    static let out = Option<String>(
        "--out", value: "folder", default: "thumblab-export",
        help: "The folder the export is written to; it must not exist or be empty.")
    static let format = Option<ExportFormat>(
        "--format", value: "format", default: .parquet,
        help: "parquet (GZIP pages, dictionary-encoded text, statistics, metadata) or csv.")
    static let partition = Option<ExportPartition?>(
        "--partition", value: "column",
        help: "Write one file per participant in Hive-style folders (participant=P01/), as Spark and DuckDB read them.",
        defaultDescription: "one file per table")

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the study's trials, touches, responses, phrases, participants and devices as Parquet or CSV.",
        discussion: """
            Every table in long form, in a folder of its own (trial/, touch/, response/, \
            phrase/ and key_tap/ where there are any, participant/, device/): the study and \
            participant, the condition's factors as columns (with FACTOR_label where levels \
            have display labels) and every logged column; participants with a column per \
            demographic attribute; devices with their px per mm. Parquet files hold row groups \
            of about a million rows and carry the schema version, studies, selection and the \
            provenance of every imported file as key-value metadata. Spark, DuckDB, pyarrow and \
            pandas read the folder as it is.
            """,
        options: [out, format, partition, SharedOptions.database],
        examples: [
            "thumblab export --out study-parquet",
            "thumblab export --partition participant --out study-parquet",
            "thumblab export --format csv --out study-csv",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let database = try arguments.openDatabase(console: console, mustExist: true)
        let summary = try StudyExport.write(
            database, to: arguments[Self.out], format: arguments[Self.format], partition: arguments[Self.partition])
        let lines = summary.tables.map { table in
            "  \(table.name)/: \(table.rows) rows in \(table.files.count) file\(table.files.count == 1 ? "" : "s")\n"
        }
        console.out("Wrote \(summary.folder)\n" + lines.joined())
    }
}

extension ExportFormat: ExpressibleByArgument {}
extension ExportPartition: ExpressibleByArgument {}
