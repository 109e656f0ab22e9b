import ThumbLabStats

/// One run of a paragraph: plain words, emphasised words (a run-in heading), a statistic
/// in APA style with its typed parts, a number with its unit and precision, or a citation.
/// Markdown, HTML and LaTeX render the same runs, each in its own way: a statistic's symbols
/// (F, t, p, η²G, ...) in italics in HTML and LaTeX. Nothing is read back from text.
public enum ProseSpan: Sendable, Equatable {
    /// Plain words.
    case text(String)
    /// Emphasised words, set in bold.
    case emphasis(String)
    /// A statistic in APA style, such as `F(2, 30) = 12.10, p < .001, η²G = .470`.
    case statistic(APAStatistic)
    /// A number with its unit, such as `1109 ms`.
    case number(ProseNumber)
    /// A reference to a source, such as `Wobbrock et al. 2011`.
    case citation(Citation)
    /// A reference to one of the report's tables: `Table 6` where the tables are numbered,
    /// its words elsewhere.
    case table(TableReference)

    /// The run as plain text shows it.
    public var text: String {
        switch self {
        case .text(let words), .emphasis(let words): words
        case .statistic(let statistic): statistic.description
        case .number(let number): number.text
        case .citation(let citation): citation.text
        case .table(let reference): reference.text
        }
    }

    /// A statistic of one part: a p-value alone, such as `p = .016`.
    static func p(_ p: Double) -> ProseSpan { .statistic(APAStatistic([.p(p)])) }

    /// Items of runs listed as words are: `a`, `a and b`, `a, b and c`.
    static func listed(_ items: [[ProseSpan]]) -> [ProseSpan] {
        items.enumerated().flatMap { index, item -> [ProseSpan] in
            let separator = index == 0 ? "" : index == items.count - 1 ? " and " : ", "
            return (separator.isEmpty ? [] : [.text(separator)]) + item
        }
    }
}

/// A number in prose: its value, the decimals it is printed with, and its unit.
public struct ProseNumber: Sendable, Equatable {
    /// The value.
    public var value: Double
    /// Decimal places printed.
    public var precision: Int
    /// The unit after the number, such as `ms` or `%`; `nil` for a count or a ratio.
    public var unit: String?

    /// Creates a number of prose.
    public init(_ value: Double, precision: Int, unit: String? = nil) {
        self.value = value
        self.precision = precision
        self.unit = unit
    }

    /// The number as printed: `1109 ms`, `12.3%`.
    public var text: String {
        let number = APA.value(value, digits: precision)
        guard let unit else { return number }
        return unit == "%" ? number + unit : number + " " + unit
    }
}

/// A reference to a published source, as an author–year citation: narrative, the authors
/// part of the sentence (`Wobbrock et al. (2011)`), or inside parentheses the sentence
/// gives (`Brooke 1996`).
public struct Citation: Sendable, Equatable {
    /// The authors as cited: `Wobbrock et al.`, `Agresti & Coull`.
    public var authors: String
    /// The year of publication.
    public var year: Int
    /// Whether the authors are part of the sentence, the year in parentheses.
    public var narrative: Bool

    /// Creates a citation.
    public init(_ authors: String, _ year: Int, narrative: Bool = false) {
        self.authors = authors
        self.year = year
        self.narrative = narrative
    }

    /// The citation as text shows it: `Wobbrock et al. (2011)` or `Brooke 1996`.
    public var text: String { narrative ? "\(authors) (\(year))" : "\(authors) \(year)" }
}

/// A reference to a table of the report, by the stem of its CSV file, with the words that
/// name it where tables have no numbers (plain text and JSON).
public struct TableReference: Sendable, Equatable {
    /// The stem of the table's CSV file, such as `error-rate-simple-effects`.
    public var file: String
    /// The words that name it without a number: `the table of simple effects`.
    public var text: String

    /// Creates a reference.
    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// A name safe for a file: letters, digits and `-`, lowercased (`score:SUS` gives
    /// `score-sus`).
    public static func stem(_ text: String) -> String {
        let mapped = text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return String(mapped).split(separator: "-").joined(separator: "-")
    }
}

/// A paragraph of a report's Results or Methods as runs, so that each output format
/// sets its statistics in its own way.
public struct ProseParagraph: Sendable, Equatable {
    /// The runs, in reading order.
    public var spans: [ProseSpan]

    /// A paragraph of these runs.
    public init(_ spans: [ProseSpan]) {
        self.spans = spans
    }

    /// The paragraph as plain text: the runs' text joined.
    public var plainText: String { spans.map(\.text).joined() }

    /// The paragraph's statistics, in order.
    public var statistics: [APAStatistic] {
        spans.compactMap { span in
            if case .statistic(let statistic) = span { return statistic }
            return nil
        }
    }
}
