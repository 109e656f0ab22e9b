/// Row numbers as R's `write.csv` and pandas' `to_csv` write them: a first column without a
/// name (`""`, `Unnamed: 0`, `...1`) whose every value is present and unique. After
/// filtering, both keep the original names (3, 7, 12, ...), so the values need not be
/// consecutive. A file read and written again by pandas gains one such column each time,
/// so every leading column of that kind counts.
enum RowNumberColumns {
    /// The leading columns of a header that hold row numbers, judged on the first rows;
    /// `unnamed` says which columns have no name, `leftOut` which are left out already.
    static func leading(unnamed: [Bool], leftOut: Set<Int>, sample: ValueSample) -> Set<Int> {
        guard !sample.rows.isEmpty else { return [] }
        var columns = Set<Int>()
        for column in unnamed.indices {
            guard unnamed[column], !leftOut.contains(column), holdsUniqueValues(column, sample) else { break }
            columns.insert(column)
        }
        return columns
    }

    private static func holdsUniqueValues(_ column: Int, _ sample: ValueSample) -> Bool {
        var seen = Set<String>()
        for row in sample.rows {
            guard column < row.count else { return false }
            let value = row[column].trimmingSpaces
            guard !value.isEmpty, value != "NA", seen.insert(value).inserted else { return false }
        }
        return true
    }
}

/// A column named by its 1-based position, `@N`, as ``ImportOptions/ignore`` takes it for
/// columns without a name.
struct ColumnPosition: Equatable {
    var number: Int

    /// `@3` names column 3; anything else (a column's name) is nil.
    init?(argument: String) {
        guard argument.hasPrefix("@"), let number = Int(argument.dropFirst()), number >= 1 else { return nil }
        self.number = number
    }
}
