/// The first rows of a file, read by a reader of their own before the import proper, for
/// what a header cannot tell: the kind of rows a column's values reveal, the unit its
/// widths are in. The sample is bounded, so it costs the same whatever the file's size;
/// rows with a syntax problem are left out of it (the import proper reports them).
struct ValueSample {
    /// The most rows a sample holds.
    static let rowLimit = 1000
    /// The most rows a longer sample holds (``longer(columns:)``).
    static let longRowLimit = 10000

    /// The fields of each row, in header order.
    private(set) var rows: [[String]] = []
    /// Whether numbers use a decimal comma, as the file's reader says.
    private(set) var decimalComma = false
    /// Where the sample came from, to read a longer one; nil for a sample of no file.
    private var source: (path: String, headers: [String], options: ImportOptions)?

    /// A sample of no rows.
    init() {}

    /// Reads up to `limit` rows of the file at `path`, whose header the import has read as
    /// `headers` (so that a JSON file's keys are not collected twice); an empty sample when
    /// the file cannot be read that far. Only the fields of `columns` are kept, when given.
    init(
        path: String, headers: [String], options: ImportOptions = ImportOptions(), limit: Int = rowLimit,
        columns: Set<Int>? = nil
    ) {
        source = (path, headers, options)
        guard let file = try? FileBytes(path: path), let reader = try? ImportEngine.reader(for: file, options: options),
            (try? reader.startRows(header: headers)) == true
        else { return }
        decimalComma = reader.decimalComma
        while rows.count < limit, (try? reader.next()) == true {
            guard reader.rowProblem == nil else { continue }
            let fields = reader.fields
            rows.append(
                (0..<headers.count).map {
                    $0 < fields.count && columns?.contains($0) != false ? fields.string($0) : ""
                })
        }
    }

    /// Whether the file may have rows beyond the sample.
    var isFull: Bool { rows.count == Self.rowLimit }

    /// The first ``longRowLimit`` rows of the same file, holding the fields of `columns`
    /// only: for a decision the first rows cannot make, read only when it is needed.
    func longer(columns: Set<Int>) -> ValueSample {
        guard let source else { return self }
        return ValueSample(
            path: source.path, headers: source.headers, options: source.options, limit: Self.longRowLimit,
            columns: columns)
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
