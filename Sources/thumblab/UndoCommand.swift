import Foundation
import ThumbLab

/// `thumblab undo BATCH`: removes one import completely.
enum UndoCommand: Command {
    static let spec = CommandSpec(
        name: "undo",
        abstract: "Remove one import batch completely: every row it added, in one transaction.",
        discussion:
            "'thumblab batches' lists the batches and their numbers. Undoing a batch and importing the same file again restores it.",
        arguments: [ArgumentSpec(name: "batch", help: "The batch number, as 'thumblab batches' shows it.")],
        options: [SharedOptions.format([.text, .json]), SharedOptions.database],
        examples: ["thumblab batches", "thumblab undo 3"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let text = arguments.positionals[0]
        guard let id = Int64(text), id > 0 else {
            throw CLIError.usage(
                "<batch> expects a batch number such as 3, found '\(text)'. 'thumblab batches' lists them.")
        }
        let removed = try arguments.openDatabase(console: console, mustExist: true).undo(batch: id)
        switch arguments.format {
        case .json: console.print(BatchTable.json(removed))
        default:
            console.out(
                "Removed batch \(removed.id): \(removed.kind.counted(removed.rows)) from \(removed.source) (study '\(removed.study)').\n"
            )
        }
    }
}
