import ThumbLab

/// `thumblab batches`: every import, newest last.
enum BatchesCommand: Command {
    static let spec = CommandSpec(
        name: "batches",
        abstract: "List the import batches: what was imported, from where, and when.",
        discussion: "Each import of a file is one batch; 'thumblab undo BATCH' removes one.",
        options: [SharedOptions.format(), SharedOptions.database],
        examples: ["thumblab batches", "thumblab batches --format csv > batches.csv"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let batches = try arguments.openDatabase(console: console, mustExist: true).batches()
        console.print(BatchTable.table(batches, full: arguments.format != .text), format: arguments.format)
    }
}
