import ThumbLabStats

/// A ``ProseParagraph`` in each output format. Markdown keeps a statistic as plain text,
/// so that it reads and searches as typed; HTML and LaTeX set its symbols in italics, as
/// APA 7 (section 6.43) asks: `F`, `p`, `t`, `d`, `η`, `χ` in italics, a `²` raised and a
/// label such as `G` of `η²G` or `z` of `d_z` lowered. Each statistic is set from its typed
/// parts (`APAStatistic`). A reference to a table reads `Table N` when `tables` gives the
/// table's number (by the stem of its file), its words otherwise.
public enum ProseMarkup {
    /// The paragraph as Markdown: emphasis in `**`, everything else as plain text.
    public static func markdown(_ paragraph: ProseParagraph, tables: [String: Int] = [:]) -> String {
        paragraph.spans.map { span in
            switch span {
            case .emphasis(let words): "**\(words)**"
            case .table(let reference): tables[reference.file].map { "Table \($0)" } ?? reference.text
            default: span.text
            }
        }.joined()
    }

    /// The paragraph as the content of an HTML `<p>`: emphasis in `<strong>`, statistic
    /// symbols in `<i>`, with `<sup>` and `<sub>`; everything else escaped.
    public static func html(_ paragraph: ProseParagraph, tables: [String: Int] = [:]) -> String {
        paragraph.spans.map { span in
            switch span {
            case .emphasis(let words): "<strong>\(HTMLWriter.escape(words))</strong>"
            case .statistic(let statistic):
                statistic.parts.map { part in
                    guard let symbol = part.symbol else { return HTMLWriter.escape(part.value) }
                    return html(symbol) + HTMLWriter.escape(rest(part))
                }.joined(separator: ", ")
            case .table(let reference):
                tables[reference.file].map { "<a href=\"#table-\($0)\">Table \($0)</a>" }
                    ?? HTMLWriter.escape(reference.text)
            case .text, .number, .citation: HTMLWriter.escape(span.text)
            }
        }.joined()
    }

    /// The paragraph as LaTeX text: emphasis in `\textbf`, a Latin symbol in `\textit`, a
    /// Greek one in math, `\textsuperscript` and `\textsubscript` for its marks (both in
    /// the LaTeX kernel, so no package is needed); everything else escaped.
    public static func latex(_ paragraph: ProseParagraph, tables: [String: Int] = [:]) -> String {
        paragraph.spans.map { span in
            switch span {
            case .emphasis(let words): "\\textbf{\(LaTeXText.escaped(words))}"
            case .statistic(let statistic):
                statistic.parts.map { part in
                    guard let symbol = part.symbol else { return LaTeXText.escaped(part.value) }
                    return latex(symbol) + LaTeXText.escaped(rest(part))
                }.joined(separator: ", ")
            case .table(let reference):
                tables[reference.file].map { "Table~\\ref{tab:\($0)}" } ?? LaTeXText.escaped(reference.text)
            case .text, .number, .citation: LaTeXText.escaped(span.text)
            }
        }.joined()
    }

    /// A statistic's symbol in HTML: the base in `<i>`, a square in `<sup>`, a label in `<sub>`.
    static func html(_ symbol: APAStatistic.Symbol) -> String {
        var out = "<i>\(HTMLWriter.escape(symbol.base))</i>"
        if symbol.squared { out += "<sup>2</sup>" }
        if !symbol.label.isEmpty { out += "<sub>\(HTMLWriter.escape(symbol.label))</sub>" }
        return out
    }

    /// A statistic's symbol in LaTeX text: a Latin base in `\textit`, a Greek one in math,
    /// then `\textsuperscript{2}` and `\textsubscript` for its label.
    static func latex(_ symbol: APAStatistic.Symbol) -> String {
        let greek = symbol.base.unicodeScalars.contains { $0.value >= 0x370 && $0.value <= 0x3FF }
        var out = greek ? LaTeXText.escaped(symbol.base) : "\\textit{\(LaTeXText.escaped(symbol.base))}"
        if symbol.squared { out += "\\textsuperscript{2}" }
        if !symbol.label.isEmpty { out += "\\textsubscript{\(LaTeXText.escaped(symbol.label))}" }
        return out
    }

    /// A part after its symbol: its degrees of freedom, relation and value (`(2, 30) = 12.10`).
    static func rest(_ part: APAStatistic.Part) -> String {
        "\(part.dfText) \(part.relation) \(part.value)"
    }
}
