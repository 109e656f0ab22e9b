import Foundation

/// A choice an import made about a file that its header alone did not dictate: stated in
/// the import's summary and kept with its batch (`batch.decisions`, a JSON array), so that a reader of the database can see how the file was read.
public enum ImportDecision: Equatable, Sendable {
    /// The 1-based column held row numbers, as R's `write.csv` and pandas' `to_csv` write
    /// them (a first column without a name and with a unique value in every row): left out.
    case rowNumbers(column: Int)
    /// The 1-based column was left out by its position, as asked.
    case leftOutByPosition(column: Int)
    /// The file's name does not say its format (`.txt`, `.log`, no extension), so the format
    /// was told from its first bytes.
    case formatFromContent(format: String)
    /// Comment lines (starting with `#` or `[#]`) before the header, skipped; each line's
    /// number and text.
    case commentLines([CommentLine])
    /// The header was read from the comment line `line`, the last before the data, whose
    /// fields match the rows' in number.
    case headerFromComment(line: Int)
    /// The file has no header; its columns were named as given.
    case columnsGiven([String])
    /// The hit column `column` holds outcome words: `hits` count as hits, `misses` as misses
    /// (the words of the first rows).
    case outcomeWords(column: String, hits: [String], misses: [String])
    /// The hit column `column` counts a trial as a hit when it holds one of `hitValues`, and
    /// as a miss otherwise; an empty value is not recorded.
    case hitWhen(column: String, hitValues: [String])
    /// The factor's codes were stored as the level names given.
    case levelNames(factor: String, codes: [LevelCoding.Code])
    /// A questionnaire sheet in wide form: each item column's header and the item stored.
    case wideSheet(instrument: String, items: [WideItem])
    /// Answers written as words, read as the set named, each word with its number.
    case answerWords(set: String, words: [String])
    /// NASA-TLX ratings read on the scale named and stored on 0 to 100.
    case ratingScale(String)
    /// A Qualtrics export: its question texts (the line after the header) and import ids
    /// (`line`) skipped.
    case qualtricsRows(line: Int)
    /// Columns of a survey export's metadata left out (Qualtrics' dates, status, IP address...;
    /// Google Forms' timestamp).
    case surveyMetadata([String])
    /// Columns kept as numbers per trial (`trial_value`), not factors: more than 24 different
    /// numbers in the first rows, a trial counter beside the trial number, or named so.
    case keptAsNumbers([String])
    /// A trial counter read as the trial number, the file having no trial column.
    case trialCounter(column: String)

    /// One item column of a wide sheet.
    public struct WideItem: Equatable, Sendable {
        /// The column's header.
        public var column: String
        /// The item stored (`mental`, `3`).
        public var item: String
    }

    /// One comment line of a file.
    public struct CommentLine: Equatable, Sendable {
        /// The 1-based line number.
        public var line: Int
        /// The line's text, marker included.
        public var text: String

        /// Creates a comment line.
        public init(line: Int, text: String) {
            self.line = line
            self.text = text
        }
    }

    /// A short name of the kind of decision: `row_numbers`, `left_out`, `format`,
    /// `comments`, `header_from_comment`, `columns_given`, `outcome_words`, `hit_when`,
    /// `level_names`, `wide_sheet`, `answer_words`, `rating_scale`, `numbers`, `trial_counter`.
    public var name: String {
        switch self {
        case .rowNumbers: "row_numbers"
        case .leftOutByPosition: "left_out"
        case .formatFromContent: "format"
        case .commentLines: "comments"
        case .headerFromComment: "header_from_comment"
        case .columnsGiven: "columns_given"
        case .outcomeWords: "outcome_words"
        case .hitWhen: "hit_when"
        case .levelNames: "level_names"
        case .wideSheet: "wide_sheet"
        case .answerWords: "answer_words"
        case .ratingScale: "rating_scale"
        case .keptAsNumbers: "numbers"
        case .qualtricsRows: "qualtrics_rows"
        case .surveyMetadata: "survey_metadata"
        case .trialCounter: "trial_counter"
        }
    }

    /// The decision in words, without the name of any option.
    public var description: String {
        switch self {
        case .rowNumbers(let column):
            "column \(column): row numbers, as R and pandas write them; left out"
        case .leftOutByPosition(let column):
            "column \(column): left out by its position"
        case .formatFromContent(let format):
            "read as \(ImportDecision.formatName(format)), as its content shows (its name does not say)"
        case .commentLines(let lines):
            lines.count == 1
                ? "1 comment line before the header (line \(lines[0].line)), skipped"
                : "\(lines.count) comment lines before the header (lines \(lines[0].line)-\(lines[lines.count - 1].line)), skipped"
        case .headerFromComment(let line):
            "the column names were read from the comment line \(line), directly before the data"
        case .columnsGiven(let names):
            "the file has no header; its columns are named \(names.joined(separator: ", ")) as given"
        case .outcomeWords(let column, let hits, let misses):
            "\(column) holds outcome words: hits \(ImportDecision.quoted(hits)), misses \(ImportDecision.quoted(misses))"
        case .levelNames(let factor, let codes):
            "\(factor) holds codes, stored as the names given: "
                + codes.map { "\($0.code) = \($0.name)" }.joined(separator: ", ")
        case .wideSheet(let instrument, let items):
            "\(instrument) in wide form, one answer per item column: "
                + items.map { $0.column == $0.item ? $0.column : "\($0.column) = \($0.item)" }.joined(separator: ", ")
        case .answerWords(let set, let words):
            "answers in words, read as \(set): " + words.joined(separator: ", ")
        case .ratingScale(let scale):
            scale == TLXScale.hundred.rawValue
                ? "NASA-TLX ratings on 0-100 (a rating above 21 shows it), stored as they are"
                : "NASA-TLX ratings on \(scale) as given, stored on 0-100 "
                    + (scale == TLXScale.twenty.rawValue ? "(x 5)" : "((v - 1) x 5)")
        case .qualtricsRows(let line):
            "a Qualtrics export: its question texts (line \(line - 1)) and import ids (line \(line)) skipped; "
                + "the question texts name the items"
        case .surveyMetadata(let columns):
            "\(columns.joined(separator: ", ")): the survey tool's metadata, left out"
        case .keptAsNumbers(let columns):
            "\(columns.joined(separator: ", ")): kept as numbers per trial, not as factors (more than "
                + "\(NumericColumns.distinctLimit) different numbers in the first rows, a trial counter, numbers in a "
                + "phrase log, or named so)"
        case .trialCounter(let column):
            "\(column): a trial counter, read as the trial number (the file has no trial column)"
        case .hitWhen(let column, let values):
            "\(column) counts as a hit when it is \(ImportDecision.quoted(values)), "
                + "as a miss when it holds anything else, and as not recorded when empty"
        }
    }

    /// A JSON array of the decisions, as `batch.decisions` keeps them: one object a
    /// decision, `{"decision": name, "detail": description}`.
    static func recordJSON(_ decisions: [ImportDecision]) -> String {
        let objects = decisions.map { ["decision": $0.name, "detail": $0.description] }
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys]) else {
            return "[]"
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func quoted(_ words: [String]) -> String {
        words.isEmpty ? "none" : words.map { "'\($0)'" }.joined(separator: ", ")
    }

    private static func formatName(_ format: String) -> String {
        switch format {
        case "jsonl": "JSON Lines"
        case "json": "a JSON array"
        default: "delimited text"
        }
    }
}
