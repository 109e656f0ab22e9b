import Foundation

/// Values a file holds only in its name, such as `P03_ThumbSpace.csv` for participant P03
/// in technique ThumbSpace: a pattern of literal text and `{name}` placeholders.
///
/// The rule of matching:
/// - The pattern is matched against the file's base name (the path's last component). A
///   pattern without a `.` is matched against the base name without its extension, so
///   `{participant}_{technique}` and `{participant}_{technique}.csv` both read
///   `P03_ThumbSpace.csv`.
/// - The whole name must match: literal text matches itself exactly (case included), and
///   each placeholder matches one or more characters.
/// - Where a name could be split in more than one way, each placeholder, from the left,
///   takes the shortest text that lets the rest of the pattern match: `{participant}_{technique}`
///   reads `P03_Thumb_Space` as participant `P03` and technique `Thumb_Space`.
/// - Two placeholders need literal text between them (`{participant}{technique}` could be
///   split anywhere), and each name appears once.
///
/// A placeholder names a field (`participant`, `block`, `trial`; for answers also
/// `instrument` and `item`) or, any other name, a factor (``ImportConstant``).
public struct FileNamePattern: Equatable, Sendable {
    /// The pattern as written.
    public let text: String
    private let parts: [Part]

    private enum Part: Equatable, Sendable {
        case literal([Character])
        case placeholder(String)
    }

    /// Parses `text`.
    /// - Throws: ``ThumbLabError/importSetup(_:)`` for a pattern without a placeholder, an empty or
    ///   unclosed placeholder, a name used twice, or two placeholders with nothing between.
    public init(_ text: String) throws {
        self.text = text
        var parts: [Part] = []
        var literal: [Character] = []
        var rest = Substring(text)
        func refuse(_ flaw: ImportSetupProblem.PatternFlaw) -> ThumbLabError {
            .importSetup(.invalidNamePattern(pattern: text, flaw: flaw))
        }
        while let first = rest.first {
            rest = rest.dropFirst()
            if first == "}" { throw refuse(.unopenedClose) }
            guard first == "{" else {
                literal.append(first)
                continue
            }
            guard let close = rest.firstIndex(of: "}") else { throw refuse(.unclosedOpen) }
            let name = rest[..<close].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: close)...]
            if name.isEmpty || name.contains("{") { throw refuse(.unnamedPlaceholder) }
            if !literal.isEmpty {
                parts.append(.literal(literal))
                literal = []
            } else if case .placeholder(let before) = parts.last {
                throw refuse(.adjacentPlaceholders(before, name))
            }
            if parts.contains(.placeholder(name)) { throw refuse(.repeatedPlaceholder(name)) }
            parts.append(.placeholder(name))
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        guard parts.contains(where: { if case .placeholder = $0 { true } else { false } }) else {
            throw refuse(.noPlaceholder)
        }
        self.parts = parts
    }

    /// The placeholder names, in pattern order.
    public var names: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// The part of `path` the pattern is matched against: the base name, without its
    /// extension when the pattern has no `.`.
    public func matchedName(ofFileAt path: String) -> String {
        let base = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard !text.contains("."), let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    /// The values the name of the file at `path` gives, as constants from the file name.
    /// - Throws: ``ThumbLabError/fileNameMismatch(path:pattern:)`` when the name does not match.
    public func values(forFileAt path: String) throws -> [ImportConstant] {
        guard let values = match(matchedName(ofFileAt: path)) else {
            throw ThumbLabError.fileNameMismatch(path: path, pattern: text)
        }
        return zip(names, values).map { ImportConstant(name: $0, value: $1, source: .fileName) }
    }

    /// The placeholders' values in `name`, or nil when it does not match.
    func match(_ name: String) -> [String]? {
        let characters = Array(name)
        var values: [String] = []
        return match(characters, from: 0, part: 0, values: &values) ? values : nil
    }

    /// Matches the parts from `part` on against `characters` from `start`, each
    /// placeholder taking the shortest text that lets the rest match.
    private func match(_ characters: [Character], from start: Int, part: Int, values: inout [String]) -> Bool {
        guard part < parts.count else { return start == characters.count }
        switch parts[part] {
        case .literal(let literal):
            guard characters.count - start >= literal.count,
                characters[start..<start + literal.count].elementsEqual(literal)
            else { return false }
            return match(characters, from: start + literal.count, part: part + 1, values: &values)
        case .placeholder:
            var end = start + 1
            while end <= characters.count {
                values.append(String(characters[start..<end]))
                if match(characters, from: end, part: part + 1, values: &values) { return true }
                values.removeLast()
                end += 1
            }
            return false
        }
    }
}
