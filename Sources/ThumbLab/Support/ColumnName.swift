/// How the library compares names of columns and factors: case-insensitively, ignoring
/// `_`, `-` and spaces, so that `Target_W`, `target-w` and `targetw` are one name.
enum ColumnName {
    /// `name` lowercased without `_`, `-` and spaces.
    static func normalized(_ name: String) -> String {
        String(
            String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " }))
    }
}
