import ThumbLab

/// `thumblab batches`: every import, newest last.
enum BatchesCommand: Command {

    static let spec = CommandSpec(
        name: "batches",
        abstract: "List the import batches: what was imported, from where, and when.",
        discussion: "Each import of a file is one batch; 'thumblab undo BATCH' removes one.",
        options: SharedOptions.tableOutput,
        examples: ["thumblab batches", "thumblab batches --out batches.csv", "thumblab batches --format json"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        try arguments.deliverTable(console: console) { database, format in
            BatchTable.table(try database.batches(), full: format != .text)
        }
    }
}
