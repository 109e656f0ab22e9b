/// How a study's factors and levels are shown to readers: the display labels stored in the
/// study database where there are any, else the raw name written as words
/// (`target_size_mm` reads "target size (mm)"). Raw names stay the keys of every
/// analysis and of JSON; only tables, figures and sentences use these.
public struct DisplayNames: Sendable, Equatable {
    /// Display labels of factors, by raw factor name.
    public var factorLabels: [String: String]
    /// Display labels of levels, by raw factor name, then raw level name.
    public var levelLabels: [String: [String: String]]
    /// What each questionnaire item asked, by item name, where its file gave the text
    /// (the `item_label` table).
    public var itemLabels: [String: String] = [:]

    /// Names with these labels; a factor or level without one is shown by ``words(_:)``
    /// (factors) or as it is (levels).
    /// - Parameters:
    ///   - factorLabels: display labels by raw factor name.
    ///   - levelLabels: display labels by raw factor name, then raw level name.
    public init(factorLabels: [String: String] = [:], levelLabels: [String: [String: String]] = [:]) {
        self.factorLabels = factorLabels
        self.levelLabels = levelLabels
    }

    /// The factor as readers see it: its label, or its name in words.
    public func factor(_ name: String) -> String {
        factorLabels[name] ?? Self.words(name)
    }

    /// A term of a model as readers see it: its factors' display names joined by " × "
    /// (`technique:target_size_mm` reads "technique × target size (mm)").
    public func term(_ term: String) -> String {
        term.split(separator: ":").map { factor(String($0)) }.joined(separator: " × ")
    }

    /// The level of `factor` as readers see it: its label, or the raw level.
    public func level(_ level: String, of factor: String) -> String {
        levelLabels[factor]?[level] ?? level
    }

    /// A level of a term as readers see it: one level of each of the term's factors, joined
    /// by commas as interaction contrasts name them (`Direct,3.6` of
    /// `technique:target_size_mm`), each by its label; a level that does not split into one
    /// part per factor is shown as a level of the term's first factor.
    public func levels(_ combined: String, of term: String) -> String {
        let factors = term.split(separator: ":").map(String.init)
        guard factors.count > 1 else { return level(combined, of: term) }
        let parts = combined.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == factors.count else { return level(combined, of: factors[0]) }
        return zip(parts, factors).map { level($0, of: $1) }.joined(separator: ",")
    }

    /// Units that end a factor name and are shown in parentheses ("target size (mm)").
    static let units: Set<String> = ["mm", "cm", "m", "px", "pt", "dp", "ms", "s", "deg", "hz", "in", "pct"]

    /// A raw name in words: underscores, hyphens and camel case become spaces, letters go
    /// lower case except acronyms (all capitals, such as SUS), and a trailing unit goes into
    /// parentheses: `target_size_mm` → "target size (mm)", `targetSizeMm` → "target size (mm)",
    /// `SUS_score` → "SUS score", `width_pct` → "width (%)".
    public static func words(_ name: String) -> String {
        var tokens: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            if character == "_" || character == "-" || character == " " {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else if character.isUppercase, let last = previous, last.isLowercase || last.isNumber, !current.isEmpty {
                tokens.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { tokens.append(current) }
        guard !tokens.isEmpty else { return name }
        let written = tokens.map { token in
            token.count > 1 && token.allSatisfy({ $0.isUppercase || $0.isNumber }) ? token : token.lowercased()
        }
        if written.count > 1, let unit = written.last, units.contains(unit) {
            return written.dropLast().joined(separator: " ") + " (" + (unit == "pct" ? "%" : unit) + ")"
        }
        return written.joined(separator: " ")
    }
}
