/// Lists of words as the library's messages and summaries write them, shared by every layer.
enum WordList {
    /// `a`, `a and b`, `a, b and c`; empty for no items.
    static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// Items of prose runs listed as ``listed(_:)`` lists words.
    static func listed(_ items: [[ProseSpan]]) -> [ProseSpan] {
        items.enumerated().flatMap { index, item -> [ProseSpan] in
            let separator = index == 0 ? "" : index == items.count - 1 ? " and " : ", "
            return (separator.isEmpty ? [] : [.text(separator)]) + item
        }
    }
}
