/// The labelled lines under the first line of the import and undo summaries.
package enum SummaryLine {
    /// `  label     value`: the label indented by two spaces and padded to ten columns.
    package static func row(_ label: String, _ value: String) -> String {
        "  " + label + String(repeating: " ", count: max(1, 10 - label.count)) + value
    }
}
