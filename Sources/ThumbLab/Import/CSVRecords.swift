/// One record of a comma-separated text read whole (GoFitts' sd1 and sd3 files), split by
/// ``CSVReader`` with its rules: quoted fields, CRLF or CR line ends, a byte order mark,
/// blank lines skipped.
struct CSVRecord {
    /// The 1-based line where the record starts.
    var line: Int
    /// The record's fields as UTF-8 text, without leading and trailing spaces and tabs.
    var fields: [String]
    /// A syntax problem of the record (an unclosed quote, invalid UTF-8), located by field.
    var problem: LocatedProblem?
    /// Byte offset of the record's start in the text.
    var start: Int
    /// Byte offset of the record's end, before its line break.
    var end: Int
    /// Bytes of the text read when the record was, for progress.
    var bytesRead: Int
}

extension CSVReader {
    /// Every non-blank record of `bytes`, fields separated by `delimiter` (a comma unless given;
    /// `nil` tells comma, semicolon or tab from the first line).
    /// - Throws: nothing for a text held whole; the signature follows ``CSVReader/next()``.
    static func records(in bytes: [UInt8], delimiter: UInt8? = UInt8(ascii: ",")) throws -> [CSVRecord] {
        let reader = try CSVReader(bytes: bytes, delimiter: delimiter)
        var records: [CSVRecord] = []
        while try reader.next() {
            let fields = (0..<reader.fields.count).map { reader.fields.string($0).trimmingSpaces }
            if fields.count == 1, fields[0].isEmpty, reader.recordProblem == nil { continue }
            records.append(
                CSVRecord(
                    line: reader.recordLine, fields: fields,
                    problem: reader.recordProblem.map {
                        LocatedProblem(line: reader.recordLine, column: $0.column, message: $0.message)
                    },
                    start: reader.recordStart, end: reader.recordEnd, bytesRead: reader.bytesRead))
        }
        return records
    }
}
