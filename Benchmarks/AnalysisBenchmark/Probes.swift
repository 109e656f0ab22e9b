import BenchmarkSupport
import Foundation
import ThumbLab

// What a child process measures (`--measure KIND DB`): each prints one line of
// `key=value` pairs with its own wall time and its peak resident memory (VmHWM), so the
// memory belongs to that step alone. `summary` and `compare` are the measured analyses;
// `start`, `layout` and `read-summary` / `read-compare` are the profile's splits of them,
// and `digest` prints every analysis variant in full, to check that a change to the
// library leaves its results as they were.

/// Runs one measurement in this process and returns the exit status.
func runMeasurement(_ kind: String, database path: String, sql: String? = nil) -> Int32 {
    reportMeasurement {
        var fields: [String] = []
        switch kind {
        case "summary":
            // Every factor of the study, as `thumblab summary` with no --by.
            let report = try Study(path: path).summary()
            fields = ["trials=\(report.selection.trials)", "rows=\(report.rows.count)"]
        case "compare":
            let report = try Study(path: path).compare(ComparisonRequest(measure: .time, factors: ["technique"]))
            let test = report.comparisons.first?.tests.first
            fields = [
                "trials=\(report.selection.trials)", "test=\(test?.test ?? "none")",
                "p=\(test.map { String(format: "%.3g", $0.decisiveP) } ?? "none")",
            ]
        case "layout":
            // Opening the study and resolving the selection (the layout reads every trial's block).
            let study = try Study(path: path)
            let resolved = try study.resolve(Selection())
            fields = ["conditions=\(resolved.conditionIDs.count)"]
        case "start":
            // Nothing: what starting and ending a process costs.
            fields = []
        case "digest":
            // Every analysis variant the benchmark's code paths touch, printed in full: two
            // builds of the library that print the same text compute the same results.
            let study = try Study(path: path)
            let selections = [
                Selection(), Selection(attempts: .last), Selection(attempts: .all),
                Selection(exclude: [LevelFilter(factor: "block", levels: ["1"])]),
                Selection(keep: [LevelFilter(factor: "block", levels: ["2", "3"])]),
                Selection(
                    keep: [LevelFilter(factor: "technique", levels: ["Direct", "ThumbSpace"])],
                    exclude: [LevelFilter(factor: "mobility", levels: ["walking"])], attempts: .last),
            ]
            /// Prints a result, or the error an analysis throws (also a result to compare).
            func show(_ analysis: () throws -> Any) {
                do { print(try analysis()) } catch { print("error: \(error)") }
            }
            for selection in selections {
                show { try study.summary(selection: selection) }
                show {
                    try study.summary(SummaryRequest(by: ["technique"], perParticipant: true), selection: selection)
                }
                for (measure, aggregate) in [
                    (Measure.time, nil), (.time, .median), (.time, .mean), (.error, nil),
                    (.column(.offsetX), nil), (.column(.targetWidth), nil),
                ] as [(Measure, Aggregate?)] {
                    show {
                        try study.compare(
                            ComparisonRequest(measure: measure, factors: ["technique"], aggregate: aggregate),
                            selection: selection)
                    }
                }
                show {
                    try study.compare(
                        ComparisonRequest(measure: .time, factors: ["technique", "target_size"], by: "mobility"),
                        selection: selection)
                }
            }
        case "read-summary", "read-compare":
            // The typed read of an analysis stepped through the C API: SQLite's share.
            fields = try stepTrialQuery(path: path, sql: sql ?? readSQL(forSummary: kind == "read-summary"))
        default:
            throw UnknownMeasurement(kind)
        }
        return fields
    }
}

/// The statement `StudyDatabase.forEachTrial` prepares for first attempts in every
/// condition (condition ids 1 to 18 of the benchmark's one study, a contiguous range) when
/// `summary` reads it (the columns it uses) or `compare --measure time` (participant,
/// condition, time); the columns it does not use are selected as NULL.
func readSQL(forSummary: Bool) -> String {
    let columns =
        forSummary
        ? "participant_id, condition_id, batch_id, NULL, NULL, NULL, target_x, target_y, NULL, NULL, touch_x, touch_y, time_ms, hit, NULL"
        : "participant_id, condition_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, time_ms, NULL, NULL"
    return "SELECT \(columns) FROM trial WHERE attempt = 1 AND condition_id BETWEEN ?1 AND ?2 ORDER BY id"
}
