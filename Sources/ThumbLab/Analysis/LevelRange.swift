/// A range of numeric levels in a filter: `A..B` (inclusive; either end may be left out
/// and either may be negative), or `A-B` where both ends are numbers of at least 0 and no
/// level is spelt so. `--where size=4..8`, `--exclude block=0-1`.
struct LevelRange: Equatable {
    var lower: Double?
    var upper: Double?

    /// The range `text` spells, `nil` when it spells none (a plain level). `known` are the
    /// levels of the filtered factor: a level spelt `1-2` is that level, not a range.
    /// - Throws: ``ThumbLabError/selection(_:)`` for `A..B` with an end that is not a number.
    init?(_ text: String, known: [String], filter: LevelFilter) throws {
        if let dots = text.range(of: "..") {
            let ends = [String(text[..<dots.lowerBound]), String(text[dots.upperBound...])].map(\.trimmingWhitespace)
            let numbers = ends.map { $0.isEmpty ? nil : Double($0) }
            guard zip(ends, numbers).allSatisfy({ $0.isEmpty || $1?.isFinite == true }),
                !(ends[0].isEmpty && ends[1].isEmpty)
            else { throw ThumbLabError.selection(.malformedFilter(text: filter.description)) }
            (lower, upper) = (numbers[0], numbers[1])
            return
        }
        guard !known.contains(text), let dash = text.firstIndex(of: "-"), dash != text.startIndex,
            let low = Double(text[..<dash]), let high = Double(text[text.index(after: dash)...]),
            low >= 0, high >= 0, low.isFinite, high.isFinite
        else { return nil }
        (lower, upper) = (low, high)
    }

    /// Whether the level, read as a number, lies in the range; a level that is no number does not.
    func contains(_ level: String) -> Bool {
        guard let value = Double(level.trimmingWhitespace) else { return false }
        return (lower.map { value >= $0 } ?? true) && (upper.map { value <= $0 } ?? true)
    }
}

extension LevelFilter {
    /// The filter's values as ranges of numbers: each range as written, each number as the
    /// range of itself.
    /// - Throws: ``ThumbLabError/selection(_:)`` for a value that is neither.
    func numberRanges() throws -> [ClosedNumberRange] {
        try levels.map { text in
            if let range = try LevelRange(text, known: [], filter: self) {
                return ClosedNumberRange(lower: range.lower, upper: range.upper)
            }
            guard let number = Double(text), number.isFinite else {
                throw ThumbLabError.selection(.malformedFilter(text: description))
            }
            return ClosedNumberRange(lower: number, upper: number)
        }
    }

    /// The filter's levels among `known`, each range (``LevelRange``) given as the known
    /// levels that lie in it.
    /// - Throws: ``ThumbLabError/selection(_:)`` for a level that is not known, or a range
    ///   that holds none of them.
    func expanded(known: [String]) throws -> [String] {
        var result: [String] = []
        for level in levels {
            if let range = try LevelRange(level, known: known, filter: self) {
                let inside = known.filter(range.contains)
                guard !inside.isEmpty else {
                    throw ThumbLabError.selection(.emptyRange(factor: factor, range: level, known: known))
                }
                result += inside
            } else {
                guard known.contains(level) else {
                    throw ThumbLabError.selection(.unknownLevel(factor: factor, level: level, known: known))
                }
                result.append(level)
            }
        }
        return result
    }
}
