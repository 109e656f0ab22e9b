/// How a trials file codes its outcomes, as the import states it: the hit coding it was
/// given, or the outcome words (success, error, correct...) its first rows hold.
enum OutcomeWords {
    /// The decision to state for a file of `layout` whose first rows are `sample`; nil
    /// when its hit or miss column holds only yes/no values, or it has none.
    static func decision(layout: ColumnLayout, sample: ValueSample, options: ImportOptions) -> ImportDecision? {
        guard layout.kind == .trials else { return nil }
        if let coding = options.hitWhen {
            return .hitWhen(column: coding.column, hitValues: coding.hitValues.map(\.trimmingSpaces))
        }
        guard let column = layout.columns[.hit] ?? layout.columns[.miss] else { return nil }
        var hits: [String] = []
        var misses: [String] = []
        for text in sample.texts(column: column) {
            let word = text.lowercased()
            if FieldParsing.hitWords.contains(word), !hits.contains(word) { hits.append(word) }
            if FieldParsing.missWords.contains(word), !misses.contains(word) { misses.append(word) }
        }
        guard !hits.isEmpty || !misses.isEmpty else { return nil }
        return .outcomeWords(column: layout.headers[column].trimmingSpaces, hits: hits, misses: misses)
    }
}
