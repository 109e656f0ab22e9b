import Foundation

/// The progress line of long work on a terminal: what is done, the rate and the time left,
/// as `trials.csv: 45% (1,200,000 rows, 410,000 rows/s, 3 s left)`. Shown only once the
/// work has run ``delay`` seconds, so that quick commands print nothing.
package enum ProgressLine {
    /// Seconds of work before a line appears.
    package static let delay = 2.0

    /// The line for `rows` done, about `fraction` of the whole (0...1), `elapsed` seconds
    /// into the work, labelled with what the work is on (a file name, `reading trials`);
    /// nil before ``delay`` seconds.
    package static func text(label: String, rows: Int, fraction: Double, elapsed: Double) -> String? {
        guard elapsed >= delay else { return nil }
        let rate = Double(rows) / elapsed
        var parts = ["\(grouped(rows)) rows", "\(grouped(Int(rate.rounded()))) rows/s"]
        let done = min(max(fraction, 0), 1)
        if done > 0, done < 1 {
            parts.append("\(duration(elapsed * (1 - done) / done)) left")
        }
        return "\(label): \(Int(done * 100))% (\(parts.joined(separator: ", ")))"
    }

    /// `1,234,567`.
    static func grouped(_ value: Int) -> String { NumberText.grouped(value) }

    /// `42 s`, `3 min 5 s`, `1 h 2 min`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
