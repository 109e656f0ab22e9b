/// One run of a paragraph's text: plain words, a statistic in APA style, or words to
/// emphasise (a paragraph's run-in heading). Markdown, HTML and LaTeX render the same
/// spans: a statistic's symbols (F, t, p, η²G, ...) in italics in HTML and LaTeX.
public struct ProseSpan: Sendable, Equatable {
    /// What a span holds.
    public enum Kind: Sendable, Equatable {
        /// Plain words.
        case text
        /// A statistic in APA style, such as `F(2, 30) = 12.10, p < .001, η²G = .470`:
        /// comma-separated parts, each a symbol followed by its degrees of freedom and value.
        case statistic
        /// Emphasised words, set in bold.
        case emphasis
    }

    /// What the span holds.
    public var kind: Kind
    /// The span's text, as plain text shows it.
    public var text: String

    /// Plain words.
    public static func text(_ text: String) -> ProseSpan { ProseSpan(kind: .text, text: text) }
    /// A statistic in APA style.
    public static func statistic(_ text: String) -> ProseSpan { ProseSpan(kind: .statistic, text: text) }
    /// Emphasised words.
    public static func emphasis(_ text: String) -> ProseSpan { ProseSpan(kind: .emphasis, text: text) }

    /// A statistic's comma-separated parts, commas inside parentheses or brackets kept:
    /// `F(1.35, 20.29) = 152.64, p < .001` gives `F(1.35, 20.29) = 152.64` and `p < .001`.
    static func statisticParts(_ statistic: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        var previous: Character?
        for character in statistic {
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth -= 1 }
            if character == " ", previous == ",", depth == 0 {
                pieces.append(String(current.dropLast()))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        pieces.append(current)
        return pieces
    }
}

/// A paragraph of a report's Results or Methods as spans, so that each output format
/// sets its statistics in its own way.
public struct ProseParagraph: Sendable, Equatable {
    /// The spans, in reading order.
    public var spans: [ProseSpan]

    /// A paragraph of these spans.
    public init(_ spans: [ProseSpan]) {
        self.spans = spans
    }

    /// The paragraph as plain text: the spans' text joined.
    public var plainText: String { spans.map(\.text).joined() }
}

extension ProseParagraph {
    /// A paragraph of plain text in which every parenthesis that holds only statistics, such
    /// as `(W = 0.99, p = .300)` or `(α = .05)`, becomes a statistic span, so that Methods
    /// written as text set their symbols as Results do.
    public init(markingStatisticsIn text: String) {
        var spans: [ProseSpan] = []
        var plain = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "(", let close = Self.closing(text, from: index) {
                let inner = String(text[text.index(after: index)..<close])
                if Self.isStatistic(inner) {
                    spans.append(.text(plain + "("))
                    spans.append(.statistic(inner))
                    plain = ")"
                    index = text.index(after: close)
                    continue
                }
            }
            plain.append(character)
            index = text.index(after: index)
        }
        if !plain.isEmpty { spans.append(.text(plain)) }
        self.init(spans.filter { !$0.text.isEmpty })
    }

    /// The index of the parenthesis that closes the one at `open`.
    private static func closing(_ text: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Whether every comma-separated part is a symbol of at most eight characters, maybe
    /// degrees of freedom, then `=`, `<` or `>` and a value.
    private static func isStatistic(_ text: String) -> Bool {
        let pattern = #/^[A-Za-zα-ω][A-Za-z0-9²_α-ω]{0,7}(\([^()]*\))? [=<>] -?[0-9.]+$/#
        let parts = ProseSpan.statisticParts(text)
        return !parts.isEmpty && parts.allSatisfy { $0.wholeMatch(of: pattern) != nil }
    }
}
