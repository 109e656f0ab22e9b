/// What undoing a batch removed, in words: every kind of row it took away.
public enum UndoSummary {
    /// The first line names the batch and its rows; one line follows for each other kind
    /// of row removed or changed: derived trials, attached touches, rejected rows, and the
    /// touches of other imports that were attached to the batch's trials.
    /// `rejectedOrigin` ends the rejected rows' line, saying how they were recorded.
    public static func text(
        _ report: UndoReport, rejectedOrigin: String = "when the import skipped invalid rows"
    ) -> String {
        let batch = report.batch
        var lines = [
            "Removed batch \(batch.id): \(batch.kind.counted(batch.rows)) from \(batch.source) (study '\(batch.study)')."
        ]
        if report.derivedTrials > 0 {
            lines.append(
                SummaryLine.row(
                    "derived", "\(RowKind.trials.counted(report.derivedTrials)) derived from its touch events"))
        }
        if report.phrases > 0 {
            let taps = report.keyTaps == 0 ? "" : " with their \(report.keyTaps) key \(report.keyTaps == 1 ? "tap" : "taps")"
            lines.append(SummaryLine.row("phrases", "\(RowKind.phrases.counted(report.phrases))\(taps)"))
        }
        if report.attachedTouches > 0 {
            lines.append(
                SummaryLine.row("attached", "\(RowKind.touches.counted(report.attachedTouches)) attached to trials"))
        }
        if report.attributes > 0 {
            let noun = report.attributes == 1 ? "value" : "values"
            lines.append(SummaryLine.row("attributes", "\(report.attributes) attribute \(noun) of its participants"))
        }
        if report.rejectedRows > 0 {
            let noun = report.rejectedRows == 1 ? "row" : "rows"
            lines.append(
                SummaryLine.row("rejected", "\(report.rejectedRows) rejected \(noun) recorded \(rejectedOrigin)"))
        }
        if report.detachedTouches > 0 || report.restoredTrials > 0 {
            lines.append(
                SummaryLine.row(
                    "touches",
                    "\(RowKind.touches.counted(report.detachedTouches)) of other imports detached from its trials; "
                        + "\(RowKind.trials.counted(report.restoredTrials)) derived from them are back"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The batch as ``BatchTable/json(_:)`` gives it, with the counts of what went.
    public static func json(_ report: UndoReport) -> JSONValue {
        guard case .object(var fields) = BatchTable.json(report.batch) else { return BatchTable.json(report.batch) }
        fields += [
            (
                "removed",
                .object([
                    ("trials", .int(report.trials)),
                    ("derived_trials", .int(report.derivedTrials)),
                    ("touches", .int(report.touches)),
                    ("attached_touches", .int(report.attachedTouches)),
                    ("responses", .int(report.responses)),
                    ("rejected_rows", .int(report.rejectedRows)),
                    ("attributes", .int(report.attributes)),
                    ("phrases", .int(report.phrases)),
                    ("key_taps", .int(report.keyTaps)),
                ])
            ),
            ("detached_touches", .int(report.detachedTouches)),
            ("restored_trials", .int(report.restoredTrials)),
        ]
        return .object(fields)
    }
}
