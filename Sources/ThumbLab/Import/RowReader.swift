/// A syntax problem of a row or header, located in the file.
struct LocatedProblem: Error, Equatable {
    /// 1-based line of the problem.
    var line: Int
    /// 1-based column of the problem: a field number for CSV, a character column for JSON.
    var column: Int
    /// What was expected and what was found.
    var message: String
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
}

extension RowReader {
    /// Readers that need no layout ignore it.
    func prepare(for layout: ColumnLayout) {}

    /// Readers whose header is cheap to read read it again.
    func startRows(header: [String]) throws -> Bool {
        if case .success = try readHeader() { return true }
        return false
    }
}

/// CSV rows: the header is the first record, every record must have as many fields.
final class CSVRowReader: RowReader {
    private let reader: CSVReader
    private var columnCount = 0
    private(set) var rowProblem: LocatedProblem?
    let format = "csv"

    /// Opens `file` as CSV.
    init(file: FileBytes) throws {
        reader = try CSVReader(file: file)
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
        columnCount = reader.fields.count
        return .success((0..<columnCount).map { reader.fields.string($0) })
    }

    func next() throws -> Bool {
        guard try reader.next() else { return false }
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
