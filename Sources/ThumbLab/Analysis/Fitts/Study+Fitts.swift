import Foundation

extension Study {
    /// The Fitts' law analysis of the selected trials (``FittsReport``).
    ///
    /// A sequence is the trials of one participant, condition and block at one amplitude A
    /// and width W. A is the level of an amplitude factor (a column named `amplitude`, `a`
    /// or `distance` with numeric levels), else the distance from a trial's start point to
    /// its target centre, rounded to 0.1 px; W is the target width. The deviation dx and the effective
    /// amplitude come from the start, target and selection (touch) points
    /// (``FittsTrial/measured(start:target:selection:amplitude:width:timeMS:missed:)``);
    /// a serial task whose log records the previous selection point as the start gets
    /// GoFitts' effective amplitude. Trials that carry the logger's own effective amplitude
    /// and deviation (an imported GoFitts sd1 file) use those. Where every trial of a
    /// sequence has touch events with start and target centres (an imported GoFitts sd3
    /// file), Ae comes from the traces as GoFitts computes it
    /// (`FittsTrial.tracedAmplitudes(_:)`), and dx too where the log gave none; the
    /// methods text says so. A miss is a trial with `hit` 0 or an error count above 0.
    /// - Parameters:
    ///   - request: the factors whose levels form the cells (``FittsRequest/by``).
    ///   - selection: the trials; every attempt by default, as a miss widens the effective width.
    /// - Throws: ``ThumbLabError`` for an unknown factor or level, trials without
    ///   a target width or start and target points, trials without selection coordinates or
    ///   time, a sequence of one trial, or no trial at all.
    public func fitts(_ request: FittsRequest = FittsRequest(), selection: Selection = .everyAttempt) throws
        -> FittsReport
    {
        let by = request.by
        let resolved = try resolve(selection)
        let layout = resolved.layout
        for name in by { _ = try ResolvedSelection.factorIndex(name, layout: layout) }
        let amplitudeFactor = Self.amplitudeFactor(layout)
        var order: [SequenceKey] = []
        var tallies: [SequenceKey: FittsSequenceTally] = [:]
        // Each trial is kept only where touch traces (an imported GoFitts sd3 file, or a
        // touch log joined to trials with their points) may give its sequence Ae from the
        // traces; elsewhere a sequence is its tally.
        var traces: [TracedTrialKey: TrialTrace] = [:]
        var tracedGroups: [SequenceKey: TracedGroup] = [:]
        var counts = (trials: 0, noGeometry: 0, noSelection: 0)
        // A trial is measured only with a width and either a logged deviation and effective
        // amplitude or start and target points: when SQLite finds none, every trial lacks
        // geometry, and the read of each is spared.
        let measurable = try database.hasTrial(
            resolved.trialQuery,
            havingAnyOf: [
                [.targetWidth, .deviation, .effectiveAmplitude], [.targetWidth, .targetX, .targetY, .startX, .startY],
            ])
        // Without any trial's points, trials with a width and a nominal amplitude (a factor)
        // are measured on the nominal ID alone.
        let nominalOnly =
            try !measurable && amplitudeFactor != nil
            && database.hasTrial(resolved.trialQuery, havingAnyOf: [[.targetWidth, .timeMS]])
        if !measurable && !nominalOnly {
            // Any trial at all is found at the first row; counting them all would read each.
            guard try database.hasTrial(resolved.trialQuery, havingAnyOf: [[]]) else {
                throw resolved.empty(.fittsTrials)
            }
            throw Self.noFittsMeasure(geometry: true, selected: nil)
        } else {
            traces = try database.trialTraces(conditionIDs: resolved.trialQuery.conditionIDs)
            // Cleaning removes a trial's time from the movement time alone: the trial still
            // counts for the spread of the selections (We) and the error rate.
            var everyTime = resolved.trialQuery
            everyTime.timeFilter = nil
            try database.forEachTrial(everyTime, fields: .all) { trial in
                let countsForTime = resolved.timeFilter?.removal(trial) == nil
                counts.trials += 1
                let nominal = amplitudeFactor.flatMap { layout.conditions[trial.conditionID]?[$0] ?? nil }.flatMap(
                    Double.init)
                let missed = trial.hit == false || (trial.errors ?? 0) > 0
                guard let width = trial.targetWidth else {
                    counts.noGeometry += 1
                    return
                }
                let measured: FittsTrial
                let amplitude: Double
                if nominalOnly {
                    guard let nominal else {
                        counts.noGeometry += 1
                        return
                    }
                    guard let time = trial.timeMS else {
                        counts.noSelection += 1
                        return
                    }
                    amplitude = nominal
                    measured = .nominal(amplitude: nominal, width: width, timeMS: time, missed: missed)
                } else if let nominal, let deviation = trial.deviation, let effective = trial.effectiveAmplitude {
                    guard let time = trial.timeMS else {
                        counts.noSelection += 1
                        return
                    }
                    amplitude = nominal
                    measured = FittsTrial(
                        amplitude: nominal, width: width, effectiveAmplitude: effective, deviation: deviation,
                        timeMS: time,
                        missed: missed)
                } else {
                    guard let targetX = trial.targetX, let targetY = trial.targetY, let startX = trial.startX,
                        let startY = trial.startY
                    else {
                        counts.noGeometry += 1
                        return
                    }
                    guard let touchX = trial.touchX, let touchY = trial.touchY, let time = trial.timeMS else {
                        counts.noSelection += 1
                        return
                    }
                    amplitude = nominal ?? (hypot(targetX - startX, targetY - startY) * 10).rounded() / 10
                    guard
                        let trial = FittsTrial.measured(
                            start: (startX, startY), target: (targetX, targetY), selection: (touchX, touchY),
                            amplitude: amplitude, width: width, timeMS: time, missed: missed)
                    else {
                        counts.noGeometry += 1
                        return
                    }
                    measured = trial
                }
                let key = SequenceKey(
                    participant: trial.participantID, condition: trial.conditionID, block: trial.block,
                    amplitude: amplitude, width: width)
                if tallies[key] == nil { order.append(key) }
                var counted = measured
                counted.countsForTime = countsForTime
                tallies[key, default: FittsSequenceTally()].add(counted)
                if !traces.isEmpty {
                    let traced = TracedTrial(
                        key: trial.trial.map {
                            TracedTrialKey(
                                participantID: trial.participantID, conditionID: trial.conditionID, block: trial.block,
                                trial: $0, attempt: trial.attempt)
                        }, loggedDeviation: nominal != nil && trial.deviation != nil && trial.effectiveAmplitude != nil)
                    tracedGroups[key, default: TracedGroup()].append(counted, traced)
                }
            }
        }
        guard counts.trials > 0 else { throw resolved.empty(.fittsTrials) }
        guard !tallies.isEmpty else {
            throw Self.noFittsMeasure(geometry: counts.noGeometry > 0, selected: counts.trials)
        }
        var tracedSequences = 0
        for key in order {
            guard let group = tracedGroups[key], let trials = Self.traced(group.trials, group.keys, traces: traces)
            else { continue }
            var tally = FittsSequenceTally()
            for trial in trials { tally.add(trial) }
            tallies[key] = tally
            tracedSequences += 1
        }
        let factors = layout.factors.map(\.name)
        let rows = try order.map { key in
            let participant = layout.participants[key.participant] ?? String(key.participant)
            let levels = (layout.conditions[key.condition] ?? []).map { $0 ?? "" }
            do {
                return FittsSequenceRow(
                    participant: participant, levels: levels, block: key.block,
                    measures: try tallies[key]!.measures())
            } catch ThumbLabError.fitts(.sequence(let problem, label: nil)) {
                let label = FittsSequenceLabel(
                    participant: participant, levels: levels, block: key.block, amplitude: key.amplitude,
                    width: key.width)
                throw ThumbLabError.fitts(.sequence(problem, label: label))
            }
        }
        var notes: [String] = []
        if counts.noGeometry > 0 {
            notes.append("\(counts.noGeometry) trials without a target width or start and target points were left out.")
        }
        if counts.noSelection > 0 {
            notes.append("\(counts.noSelection) trials without selection coordinates or a time were left out.")
        }
        let used = rows.reduce(0) { $0 + $1.measures.trials }
        let summary = SelectionSummary(
            resolved, trials: used, participants: Set(order.map(\.participant)).count)
        let source = summary.sentence + Self.amplitudeSource(traced: tracedSequences, of: order.count)
        var report = try FittsReport(
            sequences: rows, factors: factors, by: by, selection: summary, notes: notes, source: source)
        report.names = try displayNames(study: resolved.layout.study)
        report.methods = summary.withCleaningMethods(
            FittsReport.methods(source: source, by: by.map(report.names.factor), nominal: nominalOnly))
        if nominalOnly {
            report.notes.append(
                "No trial has start, target and selection points: measures are on the nominal ID, and the "
                    + "effective width (We, Ae, IDe) needs those points (start_x, start_y, target_x, target_y, touch_x, touch_y).")
        }
        return report
    }

    /// No selected trial has the geometry (or else the selection and time) a Fitts measure
    /// needs; `selected` is the count of trials, nil where they were not counted.
    private static func noFittsMeasure(geometry: Bool, selected: Int?) -> ThumbLabError {
        .fitts(geometry ? .noGeometry(selected: selected) : .noSelectionOrTime(selected: selected))
    }

    /// The index of the factor that holds the nominal amplitude: named `amplitude`, `a`,
    /// `distance` or `target_distance` (case, `_`, `-` and spaces aside), every level a
    /// positive number.
    static func amplitudeFactor(_ layout: StudyLayout) -> Int? {
        let names: Set<String> = ["amplitude", "a", "distance", "targetdistance", "amplitudepx"]
        return layout.factors.firstIndex { factor in
            names.contains(ColumnName.normalized(factor.name)) && !factor.levels.isEmpty
                && factor.levels.allSatisfy { (Double($0) ?? 0) > 0 }
        }
    }

    /// A trial's key for its trace, and whether the log gave its deviation (GoFitts' sd1 dx).
    private struct TracedTrial {
        var key: TracedTrialKey?
        var loggedDeviation: Bool
    }

    /// A sequence's trials with their trace keys, in trial order.
    private struct TracedGroup {
        var trials: [FittsTrial] = []
        var keys: [TracedTrial] = []

        mutating func append(_ trial: FittsTrial, _ key: TracedTrial) {
            trials.append(trial)
            keys.append(key)
        }
    }

    /// The trials of a sequence with Ae (and dx where the log gave none) from their traces
    /// (``FittsTrial/tracedAmplitudes(_:)``); nil unless every trial has a trace.
    private static func traced(_ trials: [FittsTrial], _ keys: [TracedTrial], traces: [TracedTrialKey: TrialTrace])
        -> [FittsTrial]?
    {
        let found = keys.compactMap { $0.key.flatMap { traces[$0] } }
        guard found.count == trials.count, let measured = FittsTrial.tracedAmplitudes(found) else { return nil }
        var result = trials
        for index in result.indices {
            result[index].effectiveAmplitude = measured[index].effectiveAmplitude
            if !keys[index].loggedDeviation { result[index].deviation = measured[index].deviation }
        }
        return result
    }

    /// Where Ae came from, for the methods text.
    private static func amplitudeSource(traced: Int, of total: Int) -> String {
        let serial =
            "as GoFitts computes it: a + dx + the previous trial's dx where a trial starts at the previous target"
        switch traced {
        case 0: return ""
        case total:
            return "; Ae of every sequence from the touch traces (start and target centres, selection points) \(serial)"
        default:
            return "; Ae of \(traced) of the \(total) sequences from the touch traces (start and target centres, "
                + "selection points) \(serial), of the others from the logged trials"
        }
    }

    /// What makes trials one sequence.
    private struct SequenceKey: Hashable {
        var participant: Int64
        var condition: Int64
        var block: Int?
        var amplitude: Double
        var width: Double
    }
}
