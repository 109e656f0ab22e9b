/// Lists of words as the library's messages and summaries write them, shared by every layer.
enum WordList {
    /// `a`, `a and b`, `a, b and c`; empty for no items.
    static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
