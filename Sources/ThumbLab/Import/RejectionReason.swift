import Foundation

/// The text stored in `rejected_row.reason`: where in the row and what was wrong, without
/// the advice on fixing the file or the import's options that error messages end with.
enum RejectionReason {
    /// `3:7: expected a number in time_ms, found 'fast'` for each problem of the row,
    /// joined with `; `.
    static func text(_ problems: [InputProblem]) -> String {
        problems.map { "\($0.line):\($0.column): \(withoutAdvice($0.message))" }.joined(separator: "; ")
    }

    /// A problem message up to the advice: messages read `expected ..., found ...; advice`,
    /// so the text is cut at the first `; ` after `found`. Messages without `found` are
    /// kept whole.
    static func withoutAdvice(_ message: String) -> String {
        guard let found = message.range(of: "found ") else { return message }
        guard let advice = message.range(of: "; ", range: found.upperBound..<message.endIndex) else {
            return message
        }
        return String(message[..<advice.lowerBound])
    }
}
