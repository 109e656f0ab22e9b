/// A ``ProseParagraph`` in each output format. Markdown keeps a statistic as plain text,
/// so that it reads and searches as typed; HTML and LaTeX set its symbols in italics, as
/// APA 7 (section 6.43) asks: `F`, `p`, `t`, `d`, `η`, `χ` in italics, a `²` raised and a
/// label such as `G` of `η²G` or `z` of `d_z` lowered.
public enum ProseMarkup {
    /// One part of a statistic: its symbol split into base, raised and lowered, and
    /// the rest of the part (degrees of freedom, relation and value).
    struct Part: Equatable {
        var base: String
        var raised: String
        var lowered: String
        var rest: String
    }

    /// The paragraph as Markdown: emphasis in `**`, statistics as plain text.
    public static func markdown(_ paragraph: ProseParagraph) -> String {
        paragraph.spans.map { span in
            switch span.kind {
            case .emphasis: "**\(span.text)**"
            case .text, .statistic: span.text
            }
        }.joined()
    }

    /// The paragraph as the content of an HTML `<p>`: emphasis in `<strong>`, statistic
    /// symbols in `<i>`, with `<sup>` and `<sub>`; everything else escaped.
    public static func html(_ paragraph: ProseParagraph) -> String {
        paragraph.spans.map { span in
            switch span.kind {
            case .text: HTMLWriter.escape(span.text)
            case .emphasis: "<strong>\(HTMLWriter.escape(span.text))</strong>"
            case .statistic:
                parts(span.text).map { part in
                    guard !part.base.isEmpty else { return HTMLWriter.escape(part.rest) }
                    var out = "<i>\(HTMLWriter.escape(part.base))</i>"
                    if !part.raised.isEmpty { out += "<sup>\(HTMLWriter.escape(part.raised))</sup>" }
                    if !part.lowered.isEmpty { out += "<sub>\(HTMLWriter.escape(part.lowered))</sub>" }
                    return out + HTMLWriter.escape(part.rest)
                }.joined(separator: ", ")
            }
        }.joined()
    }

    /// The paragraph as LaTeX text: emphasis in `\textbf`, a Latin symbol in `\textit`, a
    /// Greek one in math, `\textsuperscript` and `\textsubscript` for its marks (both in
    /// the LaTeX kernel, so no package is needed); everything else escaped.
    public static func latex(_ paragraph: ProseParagraph) -> String {
        paragraph.spans.map { span in
            switch span.kind {
            case .text: LaTeXText.escaped(span.text)
            case .emphasis: "\\textbf{\(LaTeXText.escaped(span.text))}"
            case .statistic:
                parts(span.text).map { part in
                    guard !part.base.isEmpty else { return LaTeXText.escaped(part.rest) }
                    let greek = part.base.unicodeScalars.contains { $0.value >= 0x370 && $0.value <= 0x3FF }
                    var out = greek ? LaTeXText.escaped(part.base) : "\\textit{\(LaTeXText.escaped(part.base))}"
                    if !part.raised.isEmpty { out += "\\textsuperscript{\(part.raised)}" }
                    if !part.lowered.isEmpty { out += "\\textsubscript{\(LaTeXText.escaped(part.lowered))}" }
                    return out + LaTeXText.escaped(part.rest)
                }.joined(separator: ", ")
            }
        }.joined()
    }

    /// A statistic's comma-separated parts, commas inside parentheses or brackets kept
    /// (`F(1.35, 20.29) = 152.64`), each with its symbol split off. A part that does not
    /// start with a letter has no symbol.
    static func parts(_ statistic: String) -> [Part] {
        ProseSpan.statisticParts(statistic).map(part)
    }

    private static func part(_ text: String) -> Part {
        let symbolEnd = text.firstIndex { $0 == "(" || $0 == " " || $0 == "=" } ?? text.endIndex
        let symbol = String(text[..<symbolEnd])
        guard let first = symbol.first, first.isLetter, symbol.count <= 8 else {
            return Part(base: "", raised: "", lowered: "", rest: text)
        }
        let rest = String(text[symbolEnd...])
        // `d_z`, `p_holm`: a label after an underscore; `η²G`, `χ²`: a square, then a label.
        let marked = symbol.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        var base = String(marked[0])
        var lowered = marked.count > 1 ? String(marked[1]) : ""
        var raised = ""
        if let square = base.firstIndex(of: "²") {
            raised = "2"
            lowered = String(base[base.index(after: square)...]) + lowered
            base = String(base[..<square])
        }
        return Part(base: base, raised: raised, lowered: lowered, rest: rest)
    }
}
