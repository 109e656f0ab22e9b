import Foundation
import ThumbLab

/// `thumblab undo BATCH`: removes one import completely.
enum UndoCommand: Command {
    static let batch = Argument<BatchNumber>("batch", help: "The batch number, as 'thumblab batches' shows it.")

    static let spec = CommandSpec(
        name: "undo",
        abstract: "Remove one import batch completely: every row it added, in one transaction.",
        discussion:
            "'thumblab batches' lists the batches and their numbers. Undoing a batch and importing the same file again restores it.",
        arguments: [batch],
        options: [SharedOptions.textOrJSON, SharedOptions.database],
        examples: ["thumblab batches", "thumblab undo 3"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let removed = try arguments.openDatabase(console: console, mustExist: true).undoBatch(
            arguments[Self.batch].id)
        switch arguments[SharedOptions.textOrJSON] {
        case .json: console.print(UndoSummary.json(removed))
        default: console.out(UndoSummary.text(removed, rejectedOrigin: "by --skip-invalid"))
        }
    }
}

/// The number of an import batch, as `thumblab batches` shows it: a whole number above 0.
struct BatchNumber: ExpressibleByArgument {
    var id: Int64

    init?(argument: String) {
        guard let id = Int64(argument), id > 0 else { return nil }
        self.id = id
    }

    var argumentText: String { String(id) }
    static var expectation: String { "a batch number such as 3" }

    /// `<batch> expects a batch number such as 3, found 'first'. 'thumblab batches' lists them.`
    static func invalidMessage(_ word: String, for label: String) -> String {
        "\(label) expects \(expectation), found '\(word)'. 'thumblab batches' lists them."
    }
}
