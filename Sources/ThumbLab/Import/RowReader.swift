/// A syntax problem of a row or header, located in the file.
struct LocatedProblem: Error, Equatable {
    /// 1-based line of the problem.
    var line: Int
    /// 1-based column of the problem: a field number for CSV, a character column for JSON.
    var column: Int
    /// What was expected and what was found.
    var message: String
    /// How a change of the options fixes it, when one does.
    var remedy: InputProblem.Remedy? = nil
}

/// A reader that yields the rows of a file one at a time as fields in header order.
///
/// Locations: for CSV the column of a problem is the 1-based field number, as a
/// spreadsheet counts columns; for JSON it is the 1-based character column, in its
/// line, of the key (or of the syntax error).
protocol RowReader: AnyObject {
    /// The fields of the current row, in header order.
    var fields: FieldBuffer { get }
    /// 1-based line where the current row starts.
    var rowLine: Int { get }
    /// A syntax problem of the current row, which then has no usable fields.
    var rowProblem: LocatedProblem? { get }
    /// Bytes of the file consumed so far.
    var bytesRead: Int { get }
    /// Short name of the format: csv, json or jsonl.
    var format: String { get }
    /// Whether numbers use a decimal comma: CSV delimited by semicolons or tabs.
    var decimalComma: Bool { get }

    /// Reads the header: the column names, or the problem that prevents reading any row.
    func readHeader() throws -> Result<[String], LocatedProblem>
    /// Reads the next row; false at the end of the file.
    func next() throws -> Bool
    /// Where field `index` of the current row is.
    func location(ofField index: Int) -> (line: Int, column: Int)
    /// The current row as it stands in the file (for the record of a rejected row).
    func rawText() -> String
    /// Learns how the columns are read, once the header is resolved, before the first row.
    func prepare(for layout: ColumnLayout)
    /// Positions the reader at the first row of a file whose header another reader has
    /// already read as `header`; false when there is no header to pass.
    func startRows(header: [String]) throws -> Bool
    /// What the reader decided about the file beyond its header: the format told from the
    /// content, comment lines skipped, a header read from a comment or given.
    var decisions: [ImportDecision] { get set }
    /// Each column's question text, when a survey export gives one under the header
    /// (``SurveyExport``); nil otherwise.
    var questionTexts: [String]? { get }
}

extension RowReader {
    /// Readers of other files have no question texts.
    var questionTexts: [String]? { nil }

    /// Readers that need no layout ignore it.
    func prepare(for layout: ColumnLayout) {}

    /// Readers whose header is cheap to read read it again.
    func startRows(header: [String]) throws -> Bool {
        if case .success = try readHeader() { return true }
        return false
    }
}

/// CSV rows: the header is the first record, every record must have as many fields.
///
/// Comment lines before the header are skipped (``CSVReader``). When the last of them
/// stands directly before the first record, has as many fields as it (more than one) and
/// holds no number while the record holds one, it is the header: text-entry loggers write
/// theirs as `[#]presented<TAB>transcribed...`. A file without a header takes its column
/// names from ``ImportOptions/columns``; without them, a first record of numbers only is
/// a problem, not a header.
final class CSVRowReader: RowReader {
    private let reader: CSVReader
    private var columnCount = 0
    private(set) var rowProblem: LocatedProblem?
    let format = "csv"
    var decisions: [ImportDecision] = []
    /// Column names given for a file without a header.
    private let givenColumns: [String]?
    /// Whether the first record, already read, is a row still to hand out.
    private var firstRowPending = false
    private let file: FileBytes
    private(set) var questionTexts: [String]?
    /// The lines of `[#]` comments found among the rows, skipped.
    private(set) var laterCommentLines: [Int] = []

    /// Opens `file` as delimited text: by `delimiter` (detected from the header line when
    /// nil), with the header `columns` when the file has none.
    init(file: FileBytes, delimiter: UInt8? = nil, columns: [String]? = nil) throws {
        self.file = file
        reader = try CSVReader(file: file, delimiter: delimiter)
        givenColumns = columns
        if !reader.comments.isEmpty { decisions.append(.commentLines(reader.comments)) }
    }

    var fields: FieldBuffer { reader.fields }
    var rowLine: Int { reader.recordLine }
    var bytesRead: Int { reader.bytesRead }
    var decimalComma: Bool { reader.delimiter != UInt8(ascii: ",") }

    func readHeader() throws -> Result<[String], LocatedProblem> {
        if reader.hasWideByteOrderMark {
            return .failure(
                LocatedProblem(
                    line: 1, column: 1,
                    message: "expected UTF-8 text, found a UTF-16 byte order mark; save the file as UTF-8"))
        }
        guard try reader.next() else {
            return .failure(
                LocatedProblem(
                    line: 1, column: 1,
                    message: "expected a header line naming the columns, found an empty file; export the log again"))
        }
        if let problem = reader.recordProblem {
            return .failure(LocatedProblem(line: reader.recordLine, column: problem.column, message: problem.message))
        }
        let first = (0..<reader.fields.count).map { reader.fields.string($0) }
        if let givenColumns {
            decisions.append(.columnsGiven(givenColumns))
            return startWithRow(header: givenColumns)
        }
        if let comment = reader.comments.last, comment.line + 1 == reader.recordLine,
            let header = try headerInComment(comment, matching: first)
        {
            decisions.append(.headerFromComment(line: comment.line))
            return startWithRow(header: header)
        }
        // A row of numbers, or a sentence beside a fraction (a phrase log's texts and time),
        // is data: no column is named so.
        let sentenceBesideFraction =
            first.contains { $0.split(separator: " ").count >= 3 }
            && first.contains { isNumber($0) && Double($0.trimmingSpaces).map { $0 != $0.rounded() } == true }
        if first.allSatisfy(isNumber) || sentenceBesideFraction {
            let shown = first.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
            return .failure(
                LocatedProblem(
                    line: reader.recordLine, column: 1,
                    message:
                        "expected a header line naming the columns, found a row of "
                        + "\(sentenceBesideFraction ? "data" : "numbers") (\(shown)\(first.count > 4 ? ", ..." : "")): "
                        + "the file has no header",
                    remedy: .nameColumns(count: first.count)))
        }
        columnCount = first.count
        if reader.comments.isEmpty, !file.path.isEmpty,
            let questions = try SurveyExport.qualtricsQuestions(path: file.path, delimiter: reader.delimiter)
        {
            // The question texts and the import ids: read past them.
            _ = try reader.next()
            _ = try reader.next()
            questionTexts = questions
            decisions.append(.qualtricsRows(line: reader.recordLine))
        }
        return .success(first)
    }

    /// Takes `header` as the header and the record just read as the first row.
    private func startWithRow(header: [String]) -> Result<[String], LocatedProblem> {
        columnCount = header.count
        firstRowPending = true
        return .success(header)
    }

    /// The fields of `comment` after its marker, when they are the header of a file whose
    /// first record is `record`.
    private func headerInComment(_ comment: ImportDecision.CommentLine, matching record: [String]) throws
        -> [String]?
    {
        var text = Substring(comment.text)
        text = text.hasPrefix("[#]") ? text.dropFirst(3) : text.dropFirst()
        let line = try CSVReader(bytes: Array(text.utf8), delimiter: reader.delimiter)
        guard try line.next(), line.recordProblem == nil, line.fields.count == record.count, record.count > 1 else {
            return nil
        }
        let names = (0..<line.fields.count).map { line.fields.string($0).trimmingSpaces }
        guard !names.contains(where: isNumber), names.allSatisfy({ !$0.isEmpty }), record.contains(where: isNumber)
        else { return nil }
        return names
    }

    private func isNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            if case .value = FieldParsing.double(UnsafeBufferPointer(buffer), decimalComma: decimalComma) {
                return true
            }
            return false
        }
    }

    func next() throws -> Bool {
        if firstRowPending {
            firstRowPending = false
        } else {
            guard try reader.next() else { return false }
        }
        // A file whose comment lines start with `[#]` may write more of them among its rows
        // (a text-entry logger's `[#]Log closed`): they are skipped and counted.
        while !reader.comments.isEmpty, reader.recordProblem == nil, reader.fields.count == 1,
            reader.fields.field(0).starts(with: "[#]".utf8)
        {
            laterCommentLines.append(reader.recordLine)
            guard try reader.next() else { return false }
        }
        if let problem = reader.recordProblem {
            rowProblem = LocatedProblem(line: reader.recordLine, column: problem.column, message: problem.message)
        } else if reader.fields.count != columnCount {
            let found = reader.fields.count
            let delimiter = reader.delimiter == 9 ? "tab" : "'\(Character(Unicode.Scalar(reader.delimiter)))'"
            rowProblem = LocatedProblem(
                line: reader.recordLine, column: min(found, columnCount + 1),
                message:
                    "expected \(columnCount) fields as in the header, found \(found); quote fields that contain the delimiter \(delimiter) and check for missing or extra delimiters"
            )
        } else {
            rowProblem = nil
        }
        return true
    }

    func location(ofField index: Int) -> (line: Int, column: Int) { (reader.recordLine, index + 1) }

    func rawText() -> String {
        let count = min(reader.recordEnd - reader.recordStart, 64 << 10)
        return String(decoding: reader.file.bytes(at: reader.recordStart, count: count), as: UTF8.self)
    }
}
