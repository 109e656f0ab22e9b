import ThumbLab

/// `thumblab batches`: every import, newest last.
enum BatchesCommand: Command {
    static let spec = CommandSpec(
        name: "batches",
        abstract: "List the import batches: what was imported, from where, and when.",
        discussion: "Each import of a file is one batch; 'thumblab undo BATCH' removes one.",
        options: [SharedOptions.format(), SharedOptions.out, SharedOptions.database],
        examples: ["thumblab batches", "thumblab batches --out batches.csv", "thumblab batches --format json"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let format = try arguments.resultFormat(allowed: OutputFormat.allCases)
        let batches = try arguments.openDatabase(console: console, mustExist: true).batches()
        try console.deliver(BatchTable.table(batches, full: format != .text).rendered(as: format), to: arguments.value("out"))
    }
}
