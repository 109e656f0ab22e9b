import Foundation

/// A table that derives new factors from a study's factors, participant attributes or
/// participants: one row per combination of key values, one column per key and per new
/// factor (`location,handed,column,row` or `interface,technique,posture`). Which columns
/// are keys is decided against the study (``StudyDatabase/addFactors(_:study:)``).
///
/// Read as delimited text (comma, semicolon or tab, told from the header), with the
/// CSV rules of the importer; a leading unnamed column of row names, as R's `write.csv`
/// and pandas write, is left out.
public struct FactorMapping: Sendable, Equatable {
    /// One row of the table.
    public struct Row: Sendable, Equatable {
        /// The row's values in the order of ``FactorMapping/columns``; `nil` for an empty field.
        public var values: [String?]
        /// The 1-based line where the row starts.
        public var line: Int
    }

    /// The file, as given.
    public var source: String
    /// The column names, in file order, without a left-out column of row names.
    public var columns: [String]
    /// The rows, in file order.
    public var rows: [Row]
    /// SHA-256 of the file content, lowercase hex: the batch's identity.
    public var sha256: String
    /// The 1-based position in the file of each of ``columns``, for error locations.
    var filePositions: [Int]

    /// Reads the table at `path`.
    /// - Throws: ``ThumbLabError/fileNotFound(path:)``; ``ThumbLabError/invalidInput(problems:total:)``
    ///   for a header without names, repeated names, rows of another length or broken quoting.
    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ThumbLabError.fileNotFound(path: path)
        }
        try self.init(bytes: [UInt8](data), source: path)
    }

    /// Reads a table held in memory; `source` names it in errors.
    public init(bytes: [UInt8], source: String) throws {
        self.source = source
        sha256 = SHA256.hexDigest(of: bytes)
        let records = try CSVReader.records(in: bytes, delimiter: nil)
        guard let header = records.first else {
            throw Self.invalid([InputProblem(file: source, line: 1, column: 1, message: Self.emptyMessage)])
        }
        var problems: [InputProblem] = []
        var kept = Array(header.fields.indices)
        if Self.isRowNameColumn(header.fields[0]), Self.holdsUniqueValues(records.dropFirst().map { $0.fields.first }) {
            kept.removeFirst()
        }
        var seen: [String: Int] = [:]
        for index in kept {
            let name = header.fields[index]
            if name.isEmpty {
                problems.append(
                    InputProblem(
                        file: source, line: header.line, column: index + 1,
                        message: "expected a column name (a key such as a factor or participant attribute, or a new factor), found nothing; name the column"))
            } else if let earlier = seen[name.lowercased()] {
                problems.append(
                    InputProblem(
                        file: source, line: header.line, column: index + 1,
                        message: "the column name '\(name)' repeats column \(earlier); give each column its own name"))
            } else {
                seen[name.lowercased()] = index + 1
            }
        }
        var rows: [Row] = []
        for record in records.dropFirst() {
            if let problem = record.problem {
                problems.append(
                    InputProblem(file: source, line: problem.line, column: problem.column, message: problem.message))
                continue
            }
            guard record.fields.count == header.fields.count else {
                problems.append(
                    InputProblem(
                        file: source, line: record.line, column: min(record.fields.count, header.fields.count) + 1,
                        message: "expected \(header.fields.count) fields as in the header, found \(record.fields.count); "
                            + "give every row a value (or an empty field) for each column"))
                continue
            }
            rows.append(Row(values: kept.map { record.fields[$0].isEmpty ? nil : record.fields[$0] }, line: record.line))
        }
        if let problem = header.problem {
            problems.insert(
                InputProblem(file: source, line: problem.line, column: problem.column, message: problem.message), at: 0)
        }
        if problems.isEmpty, rows.isEmpty {
            problems.append(InputProblem(file: source, line: header.line, column: 1, message: Self.emptyMessage))
        }
        guard problems.isEmpty else { throw Self.invalid(problems) }
        columns = kept.map { header.fields[$0] }
        filePositions = kept.map { $0 + 1 }
        self.rows = rows
    }

    private static let emptyMessage =
        "expected a header naming the key columns and the new factors, then one row per key, found no rows"

    /// The header R's `write.csv` (`""`), pandas (`Unnamed: 0` once read back) and readr
    /// (`...1`) give a column of row names.
    private static func isRowNameColumn(_ name: String) -> Bool {
        ["", "unnamed: 0", "...1"].contains(name.lowercased())
    }

    private static func holdsUniqueValues(_ values: [String?]) -> Bool {
        let present = values.compactMap { $0 }.filter { !$0.isEmpty }
        return present.count == values.count && Set(present).count == present.count
    }

    static func invalid(_ problems: [InputProblem]) -> ThumbLabError {
        .invalidInput(problems: Array(problems.prefix(20)), total: problems.count)
    }
}
