import Foundation
import ThumbLab

/// What `thumblab import` prints about each file: what it did and the defaults that
/// shaped it (the kind detected, the study, the factors, the units converted, the rejected
/// rows, the warnings).
enum ImportSummary {
    /// A few lines for people.
    static func text(_ report: ImportReport, options: ImportOptions) -> String {
        if let earlier = report.alreadyImported {
            return "\(report.file): already imported into study '\(earlier.study)' as batch \(earlier.id)"
                + " on \(BatchTable.timestamp(earlier.importedAt)) (same content); nothing changed.\n"
        }
        let rows = report.kind.counted(report.rows)
        var lines = [
            report.batch.map { "\(report.file): imported \(rows) into study '\($0.study)' as batch \($0.id)." }
                ?? "\(report.file): checked, \(rows) would be imported into study '\(options.study)' (dry run: nothing written)."
        ]
        lines += mappingLines(report, options: options)
        if let links = report.links {
            lines += joinLines(links, kind: report.kind)
        } else if report.derivedTrials > 0 {
            lines.append(
                SummaryLine.row("derived", "\(RowKind.trials.counted(report.derivedTrials)) from the touch events"))
        }
        if let model = report.trialTime {
            lines.append(SummaryLine.row("timing", TrialTimingText.line(model, withoutTime: report.trialsWithoutTime)))
            if let derivation = report.derivation, !derivation.phrases.isEmpty {
                lines.append(SummaryLine.row("derived", derivation.phrases.joined(separator: "; ")))
            }
            if report.selectedBeforeTarget > 0 {
                lines.append(
                    SummaryLine.row(
                        "early",
                        "\(RowKind.trials.counted(report.selectedBeforeTarget)) selected before the target appeared "
                            + "(time less the feedback interval below 0): no time"))
            }
        }
        if report.touchesOutsideTrials > 0 {
            lines.append(
                SummaryLine.row(
                    "outside",
                    "\(RowKind.touches.counted(report.touchesOutsideTrials)) outside every trial "
                        + "(a negative trial number or a role such as start)"))
        }
        if report.cancelledTouches > 0 {
            lines.append(
                SummaryLine.row(
                    "cancelled", "\(report.cancelledTouches) cancel events shaped the trials but are not stored"))
        }
        if report.touchTrialsWithoutSelection > 0 {
            let count = report.touchTrialsWithoutSelection
            let held = "touch groups held no selection (no up, and no down that was not cancelled)"
            lines.append(SummaryLine.row("no trial", "\(count) \(held); their touches are stored"))
        }
        if let device = options.device { lines.append(SummaryLine.row("device", device)) }
        var rejected = String(report.rejected)
        if report.rejected > 0 {
            rejected +=
                report.batch == nil
                ? " (invalid rows that --skip-invalid would leave out)"
                : " (left out and recorded in the database, table rejected_row)"
        }
        lines.append(SummaryLine.row("rejected", rejected))
        if let journal = report.journal { lines.append(SummaryLine.row("journal", journalWords(journal))) }
        for warning in report.warnings { lines.append(SummaryLine.row("warning", warning.commandLineWords)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a dry run prints for a file whose rows have problems: how its columns would be
    /// read, before the problems themselves (which go to the error stream).
    static func rejectedDryRunText(_ report: ImportReport, options: ImportOptions) -> String {
        let lines =
            ["\(report.file): checked, its rows have problems (listed below); its columns would be read so:"]
            + mappingLines(report, options: options)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The study when it is the default, the kind of rows, the format, the column mapping
    /// and the factors.
    private static func mappingLines(_ report: ImportReport, options: ImportOptions) -> [String] {
        var lines: [String] = []
        let kindNote = options.kind == nil ? "detected from the columns" : "as given by --kind"
        if options.study == ImportOptions().study {
            lines.append(SummaryLine.row("study", "\(options.study) (the default; --study NAME names another)"))
        }
        lines.append(SummaryLine.row("kind", "\(report.kind.rawValue) (\(kindNote))"))
        lines.append(SummaryLine.row("format", report.format))
        let fields = report.columns.map { match in
            ImportField.normalize(match.column) == ImportField.normalize(match.field)
                ? match.field : "\(match.column) -> \(match.field)"
        }
        lines.append(SummaryLine.row("fields", fields.joined(separator: ", ")))
        for decision in report.decisions { lines.append(SummaryLine.row("read", decision.description)) }
        lines += constantLines(report.constants, pattern: options.namePattern)
        for line in conversionLines(report.conversions, device: options.device) {
            lines.append(SummaryLine.row("units", line))
        }
        if let unit = options.units, unit != .px,
            !report.columns.contains(where: { ImportField(rawValue: $0.field)?.isLength == true })
        {
            let lengths = ImportField.fields(for: report.kind).filter(\.isLength).map(\.rawValue)
            lines.append(
                SummaryLine.row(
                    "units",
                    "--units \(unit.rawValue) converted nothing: the file has no length column "
                        + (lengths.isEmpty
                            ? "(\(report.kind.rawValue) have none)" : "(\(lengths.joined(separator: ", ")))")
                ))
        }
        if report.kind == .participants {
            lines.append(
                SummaryLine.row(
                    "attributes", report.attributes.isEmpty ? "none" : report.attributes.joined(separator: ", ")))
        } else {
            lines.append(
                SummaryLine.row("factors", report.factors.isEmpty ? "none" : report.factors.joined(separator: ", ")))
        }
        return lines
    }

    /// `constant  participant = P01 (from --set)` and `file name participant = P03 (from
    /// --name-pattern '{participant}_{technique}.csv')`: the values every row got.
    static func constantLines(_ constants: [ImportConstant], pattern: FileNamePattern?) -> [String] {
        func values(_ source: ImportConstant.Source) -> String? {
            let chosen = constants.filter { $0.source == source }.map { "\($0.name) = \($0.value)" }
            return chosen.isEmpty ? nil : chosen.joined(separator: ", ")
        }
        var lines: [String] = []
        if let given = values(.given) { lines.append(SummaryLine.row("constant", "\(given) (from --set)")) }
        if let named = values(.fileName) {
            lines.append(SummaryLine.row("file name", "\(named) (from --name-pattern '\(pattern?.text ?? "")')"))
        }
        return lines
    }

    /// How a committed batch joined the study's other logs: for a touch log, the touches
    /// attached to trials, the trials derived and the touches without a trial; for a trial
    /// log, the derived trials it took over and the touches now attached to its trials.
    static func joinLines(_ links: TrialLinks, kind: RowKind) -> [String] {
        switch kind {
        case .touches:
            var text =
                "attached \(RowKind.touches.counted(links.attachedTouches)) to "
                + "\(RowKind.trials.counted(links.attachedTrials)); derived \(RowKind.trials.counted(links.derivedTrials)); "
                + "\(RowKind.touches.counted(links.touchesWithoutTrial)) "
                + (links.touchesWithoutTrial == 1 ? "belongs" : "belong") + " to no trial"
            if links.coveredTrials > 0 {
                text += "; \(RowKind.trials.counted(links.coveredTrials)) of the log matched logged trials"
            }
            return [SummaryLine.row("touches", text)]
        case .trials where links.replacedTrials > 0 || links.touchesOfOtherBatches > 0:
            return [
                SummaryLine.row(
                    "touches",
                    "took over \(RowKind.trials.counted(links.replacedTrials)) derived from touch logs; "
                        + "attached \(RowKind.touches.counted(links.touchesOfOtherBatches)) to these trials")
            ]
        case .trials, .responses, .participants, .factors, .phrases:
            return []
        }
    }

    /// One line per unit and factor: `target_w, target_h: mm to px, x 6.4173 px/mm (device phone)`.
    static func conversionLines(_ conversions: [ColumnConversion], device: String?) -> [String] {
        var groups: [(unit: ScreenUnit, factor: Double, fields: [String])] = []
        for conversion in conversions {
            let name =
                ImportField.normalize(conversion.column) == ImportField.normalize(conversion.field)
                ? conversion.field : "\(conversion.field) ('\(conversion.column)')"
            if let index = groups.firstIndex(where: {
                $0.unit == conversion.unit && $0.factor == conversion.pixelsPerUnit
            }) {
                groups[index].fields.append(name)
            } else {
                groups.append((conversion.unit, conversion.pixelsPerUnit, [name]))
            }
        }
        let on = device.map { " (device \($0))" } ?? ""
        return groups.map { group in
            let factor = JSONValue.format((group.factor * 10_000).rounded() / 10_000)
            return
                "\(group.fields.joined(separator: ", ")): \(group.unit.rawValue) to px, x \(factor) px/\(group.unit.rawValue)\(on)"
        }
    }

    /// The same as JSON, one object per file.
    static func json(_ reports: [ImportReport], options: ImportOptions) -> JSONValue {
        .array(
            reports.map { report in
                .object([
                    ("file", .string(report.file)),
                    ("study", .string(report.batch?.study ?? report.alreadyImported?.study ?? options.study)),
                    ("kind", .string(report.kind.rawValue)),
                    ("kind_detected", .bool(options.kind == nil)),
                    ("format", .string(report.format)),
                    ("rows", .int(report.rows)),
                    ("rejected", .int(report.rejected)),
                    ("derived_trials", .int(report.derivedTrials)),
                    ("cancelled_touches", .int(report.cancelledTouches)),
                    ("touch_trials_without_selection", .int(report.touchTrialsWithoutSelection)),
                    ("trial_time", report.trialTime.map { .string($0.rawValue) } ?? .null),
                    ("trials_without_time", .int(report.trialsWithoutTime)),
                    (
                        "derivation",
                        report.derivation.map { derivation in
                            .object([
                                ("feedback_ms", .number(derivation.feedbackMS)),
                                ("sequence", .string(derivation.sequence.rawValue)),
                                ("hit_area", .string(derivation.hitArea.rawValue)),
                                ("hit_scale", .number(derivation.hitScale)),
                            ])
                        } ?? .null
                    ),
                    ("selected_before_target", .int(report.selectedBeforeTarget)),
                    ("touches_outside_trials", .int(report.touchesOutsideTrials)),
                    ("links", report.links.map(linksJSON) ?? .null),
                    ("sha256", .string(report.sha256)),
                    (
                        "columns",
                        .array(
                            report.columns.map {
                                .object([("column", .string($0.column)), ("field", .string($0.field))])
                            })
                    ),
                    (
                        "conversions",
                        .array(
                            report.conversions.map {
                                .object([
                                    ("field", .string($0.field)), ("column", .string($0.column)),
                                    ("unit", .string($0.unit.rawValue)), ("px_per_unit", .number($0.pixelsPerUnit)),
                                ])
                            })
                    ),
                    ("warnings", .array(report.warnings.map { .string($0.commandLineWords) })),
                    (
                        "decisions",
                        .array(
                            report.decisions.map {
                                .object([("decision", .string($0.name)), ("detail", .string($0.description))])
                            })
                    ),
                    (
                        "constants",
                        .array(
                            report.constants.map {
                                .object([
                                    ("name", .string($0.name)),
                                    (
                                        "field",
                                        ImportField.named($0.name, for: report.kind).map { .string($0.rawValue) }
                                            ?? .null
                                    ),
                                    ("value", .string($0.value)), ("source", .string($0.source.rawValue)),
                                ])
                            })
                    ),
                    ("name_pattern", options.namePattern.map { .string($0.text) } ?? .null),
                    ("factors", .array(report.factors.map(JSONValue.string))),
                    ("attributes", .array(report.attributes.map(JSONValue.string))),
                    ("numbers", .array(report.numbers.map(JSONValue.string))),
                    ("device", options.device.map(JSONValue.string) ?? .null),
                    ("dry_run", .bool(options.dryRun)),
                    ("already_imported", report.alreadyImported.map(BatchTable.json) ?? .null),
                    ("batch", report.batch.map(BatchTable.json) ?? .null),
                    ("journal", report.journal.map { .string($0.rawValue) } ?? .null),
                ])
            })
    }

    /// How the import's transaction reached the disk, and what that meant for readers.
    static func journalWords(_ journal: ImportJournal) -> String {
        switch journal {
        case .rollback:
            "rollback (an empty database: each page written once, readers wait for the commit; "
                + "write-ahead log again after it)"
        case .writeAheadLog: "write-ahead log (readers see the earlier state until the commit)"
        }
    }

    /// The join counts of ``TrialLinks`` under their snake-case names.
    static func linksJSON(_ links: TrialLinks) -> JSONValue {
        .object([
            ("attached_touches", .int(links.attachedTouches)),
            ("attached_trials", .int(links.attachedTrials)),
            ("derived_trials", .int(links.derivedTrials)),
            ("covered_trials", .int(links.coveredTrials)),
            ("touches_without_trial", .int(links.touchesWithoutTrial)),
            ("replaced_trials", .int(links.replacedTrials)),
            ("touches_of_other_batches", .int(links.touchesOfOtherBatches)),
        ])
    }
}
