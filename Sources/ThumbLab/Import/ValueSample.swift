/// The first rows of a file, read by a reader of their own before the import proper, for
/// what a header cannot tell: the kind of rows a column's values reveal, the unit its
/// widths are in. The sample is bounded, so it costs the same whatever the file's size;
/// rows with a syntax problem are left out of it (the import proper reports them).
struct ValueSample {
    /// The most rows a sample holds.
    static let rowLimit = 10000

    /// The fields of each row, in header order.
    private(set) var rows: [[String]] = []
    /// Whether numbers use a decimal comma, as the file's reader says.
    private(set) var decimalComma = false

    /// A sample of no rows.
    init() {}

    /// Reads up to ``rowLimit`` rows of the file at `path`, whose header the import has
    /// read as `headers` (so that a JSON file's keys are not collected twice); an empty
    /// sample when the file cannot be read that far.
    init(path: String, headers: [String], options: ImportOptions = ImportOptions()) {
        guard let file = try? FileBytes(path: path), let reader = try? ImportEngine.reader(for: file, options: options),
            (try? reader.startRows(header: headers)) == true
        else { return }
        decimalComma = reader.decimalComma
        while rows.count < Self.rowLimit, (try? reader.next()) == true {
            guard reader.rowProblem == nil else { continue }
            let fields = reader.fields
            rows.append((0..<headers.count).map { $0 < fields.count ? fields.string($0) : "" })
        }
    }

    /// The values of `column` that are not missing (empty, spaces or `NA`), trimmed.
    func texts(column: Int) -> [String] {
        rows.compactMap { row in
            guard column < row.count else { return nil }
            let text = row[column].trimmingSpaces
            return text.isEmpty || text == "NA" ? nil : text
        }
    }

    /// The values of `column` that read as numbers.
    func numbers(column: Int) -> [Double] {
        texts(column: column).compactMap { text in
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                if case .value(let number) = FieldParsing.double(
                    UnsafeBufferPointer(buffer), decimalComma: decimalComma)
                {
                    return number
                }
                return nil
            }
        }
    }

    /// Whether every row of the sample has a value in `column` and no value repeats: the
    /// mark of a key such as a demographics file's participant column.
    func isKey(column: Int) -> Bool {
        let values = texts(column: column)
        return !values.isEmpty && values.count == rows.count && Set(values).count == values.count
    }
}
