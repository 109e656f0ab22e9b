/// What is wrong with the part of a study a call selects: its filters, the factors, levels
/// and blocks it names, or a selection that holds nothing to analyse.
public enum SelectionProblem: Equatable, Sendable, CustomStringConvertible {
    /// `text` is not a filter of the form `FACTOR=LEVEL[,LEVEL...]`.
    case malformedFilter(text: String)
    /// The study `study` (`nil` where the caller did not say which) has no factor `name`;
    /// `known` lists its factors. `blockAllowed` tells whether `block` could be named too,
    /// as it can in filters.
    case unknownFactor(name: String, study: String?, known: [String], blockAllowed: Bool)
    /// `factor` has no level `level`; `known` lists its levels.
    case unknownLevel(factor: String, level: String, known: [String])
    /// The study has no block `text`; `known` lists its blocks.
    case unknownBlock(text: String, known: [Int])
    /// The factor `name` is named more than once.
    case repeatedFactor(name: String)
    /// The range `range` of `factor` (or `block`) holds none of its levels `known`.
    case emptyRange(factor: String, range: String, known: [String])
    /// The selection holds nothing for what was asked.
    case empty(EmptySelection)

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .malformedFilter(let text):
            return "'\(text)' is not FACTOR=LEVEL[,LEVEL...], for example technique=Shift,Direct, or a range of "
                + "numeric levels, FACTOR=A..B (either end may be left out) or FACTOR=A-B"
        case .unknownFactor(let name, nil, let known, _):
            return
                "no factor named '\(name)'; the factors are \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case .unknownFactor(let name, let study?, let known, let blockAllowed):
            return "study '\(study)' has no factor '\(name)'; "
                + (known.isEmpty ? "it has no factors" : "its factors are \(known.joined(separator: ", "))")
                + (blockAllowed && name != "block" ? " (and block, for filters)" : "")
        case .unknownLevel(let factor, let level, let known):
            return "factor '\(factor)' has no level '\(level)'; its levels are \(known.joined(separator: ", "))"
        case .unknownBlock(let text, let known):
            return "the study has no block '\(text)'; its blocks are \(known.map(String.init).joined(separator: ", "))"
        case .emptyRange(let factor, let range, let known):
            return "no level of \(factor) lies in \(range); its levels are \(known.joined(separator: ", "))"
        case .repeatedFactor(let name):
            return "factor '\(name)' is named twice; name each factor once"
        case .empty(let empty):
            return empty.description
        }
    }
}
