import Foundation

/// How the library compares names of columns and factors: case-insensitively, ignoring
/// `_`, `-` and spaces, so that `Target_W`, `target-w` and `targetw` are one name.
enum ColumnName {
    /// `name` lowercased without `_`, `-` and spaces.
    static func normalized(_ name: String) -> String {
        String(
            String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " }))
    }
}

extension ColumnName {
    /// True for a header that names no column: empty or spaces, or the placeholder a
    /// reader gave a column that had no name when the file was read and written again
    /// (pandas' `Unnamed: 0`, readr's `...1`).
    static func isUnnamed(_ header: String) -> Bool {
        let text = header.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return true }
        for prefix in ["Unnamed: ", "..."] where text.hasPrefix(prefix) {
            let digits = text.dropFirst(prefix.count)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        }
        return false
    }
}
