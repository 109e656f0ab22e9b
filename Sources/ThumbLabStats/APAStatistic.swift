/// A test's result in APA style as typed parts, such as `F(2.08, 16.66) = 5.20`, `p = .017`
/// and `η²G = .346`: each part a symbol with its degrees of freedom, a relation and a value.
/// Its ``description`` is the plain text; a report sets the symbols in italics from the
/// parts, without reading the text back.
public struct APAStatistic: Sendable, Equatable, CustomStringConvertible {
    /// A statistic's symbol: a base letter, maybe squared, maybe with a label below it
    /// (`η²G`, `χ²`, `d_z`, `p_holm`).
    public struct Symbol: Sendable, Equatable, ExpressibleByStringLiteral {
        /// The letter or letters in italics: `F`, `η`, `SE`.
        public var base: String
        /// Whether a raised 2 follows the base (`η²`, `R²`).
        public var squared: Bool
        /// The label set below the base: `G` of `η²G`, `z` of `d_z`, `holm` of `p_holm`.
        public var label: String

        /// Creates a symbol from its parts.
        public init(base: String, squared: Bool = false, label: String = "") {
            self.base = base
            self.squared = squared
            self.label = label
        }

        /// A symbol from the notation it prints as: `η²G` (a square, then a label), `d_z` (a
        /// label after an underscore), `F`.
        public init(_ notation: String) {
            if let square = notation.firstIndex(of: "²") {
                self.init(
                    base: String(notation[..<square]), squared: true,
                    label: String(notation[notation.index(after: square)...]))
            } else if let underscore = notation.firstIndex(of: "_") {
                self.init(
                    base: String(notation[..<underscore]), label: String(notation[notation.index(after: underscore)...])
                )
            } else {
                self.init(base: notation)
            }
        }

        public init(stringLiteral notation: String) { self.init(notation) }

        /// The symbol as plain text prints it: `η²G`, `d_z`.
        public var text: String {
            squared ? base + "²" + label : label.isEmpty ? base : base + "_" + label
        }
    }

    /// One part: a symbol, its degrees of freedom, a relation and a value (`t(15) = 3.10`),
    /// or words without a symbol (`CI [1.20, 3.40]`).
    public struct Part: Sendable, Equatable {
        /// The symbol; `nil` for a part of words only, printed upright.
        public var symbol: Symbol?
        /// The degrees of freedom in parentheses after the symbol, such as `2` and `N = 16`.
        public var df: [String]
        /// `=`, `<` or `>`; empty for a part of words only.
        public var relation: String
        /// The value as printed (`.017`, `3.10`), or the words of a part without a symbol.
        public var value: String

        /// A symbol with its degrees of freedom, value and relation.
        public init(_ symbol: Symbol, df: [String] = [], _ value: String, relation: String = "=") {
            self.symbol = symbol
            self.df = df
            self.relation = relation
            self.value = value
        }

        /// Words without a symbol, such as a confidence interval.
        public init(words: String) {
            symbol = nil
            df = []
            relation = ""
            value = words
        }

        /// A p-value's part: `p = .016`, `p < .001`, `p > .999` (``APA/p(_:)``), with a
        /// label such as `holm` for an adjusted one.
        public static func p(_ p: Double, label: String = "") -> Part {
            let (relation, value) = APA.pParts(p)
            return Part(Symbol(base: "p", label: label), value, relation: relation)
        }

        /// The degrees of freedom as printed: `(2.08, 16.66)`, or nothing.
        public var dfText: String { df.isEmpty ? "" : "(" + df.joined(separator: ", ") + ")" }

        /// The part as a table prints it under its symbol: the value, with its relation
        /// unless that is `=` (`.016`, `< .001`).
        public var columnText: String { relation == "=" ? value : "\(relation) \(value)" }

        /// The part as plain text.
        public var text: String {
            guard let symbol else { return value }
            return "\(symbol.text)\(dfText) \(relation) \(value)"
        }
    }

    /// The parts, in order.
    public var parts: [Part]

    /// A statistic of these parts.
    public init(_ parts: [Part]) {
        self.parts = parts
    }

    /// The parts as plain text, joined by commas: `F(2, 30) = 12.10, p < .001`.
    public var description: String { parts.map(\.text).joined(separator: ", ") }

    /// The statistic with its p-value (the part whose symbol is a bare `p`) replaced by
    /// `adjusted`, labelled with the adjustment: `p_holm = .004`.
    public func adjusted(_ adjusted: Double, label: String) -> APAStatistic {
        APAStatistic(
            parts.map { part in
                part.symbol == Symbol(base: "p") ? .p(adjusted, label: label) : part
            })
    }

    /// The statistic followed by the parts of `other`.
    public static func + (statistic: APAStatistic, other: APAStatistic) -> APAStatistic {
        APAStatistic(statistic.parts + other.parts)
    }
}
