import Foundation
import ThumbLabStats

extension Study {
    /// Error rate and time by target size in mm, a logistic fit of misses on size, the
    /// smallest size whose error rate is not significantly above the largest size's, and
    /// reference sizes (``ReferenceTargetSize/published``). Sizes come from a size factor
    /// (``TargetSizeRequest/sizeFactor``, or one detected) or from the targets' smaller
    /// side through the device. Every attempt counts by default.
    /// - Throws: ``ThumbLabError`` for an unknown factor, level or device, a size
    ///   factor with a level that is not a number, sizes from px without a device, a
    ///   selection that spans several devices (for sizes from px), a target error rate
    ///   outside (0, 1), or a selection without sized trials.
    public func targetSize(
        _ request: TargetSizeRequest = TargetSizeRequest(), selection: Selection = .everyAttempt
    )
        throws -> TargetSizeReport
    {
        guard request.targetErrorRate > 0, request.targetErrorRate < 1 else {
            throw ThumbLabError.parameter(.invalidTargetErrorRate(value: request.targetErrorRate))
        }
        let resolved = try resolve(selection)
        let layout = resolved.layout
        var scope = try DeviceScope(requested: request.device, layout: layout)
        let factor = try Self.sizeFactor(request.sizeFactor, layout: layout)
        // Without a size factor, sizes need a device: when no import of the study names
        // one, no trial can have a size, and the trials are not read to find that out.
        if factor == nil && !scope.knowsAnyDevice { throw Self.noSizeSource(layout) }
        var tallies: [Double: [Int64: TrialCounts]] = [:]
        var unsized = 0
        var lastCondition: Int64?
        var conditionSize: Double?
        try database.forEachTrial(resolved.trialQuery, fields: [.batch, .targetSize, .time, .hit]) { trial in
            guard scope.accepts(batch: trial.batchID) else { return }
            let size: Double?
            if let factor {
                if trial.conditionID != lastCondition {
                    lastCondition = trial.conditionID
                    conditionSize = layout.conditions[trial.conditionID]?[factor.index].flatMap(Double.init)
                }
                size = conditionSize
            } else {
                size = Self.sideMM(trial, device: layout.batchDevices[trial.batchID])
            }
            guard let size else {
                unsized += 1
                return
            }
            tallies[size, default: [:]][trial.participantID, default: TrialCounts()].add(
                timeMS: trial.timeMS, hit: trial.hit)
        }
        let device = try factor == nil ? scope.chosen() : (try? scope.chosen()) ?? nil
        let source: TargetSizeSource
        if let factor {
            source = .factor(name: factor.name, detected: request.sizeFactor == nil)
        } else if let device {
            source = .targetSide(device: device)
        } else {
            throw Self.noSizeSource(layout)
        }
        guard !tallies.isEmpty else {
            throw resolved.empty(.targetSize(factor: factor?.name), device: request.device)
        }
        let labels = layout.participants
        let rows = tallies.keys.sorted().map { size in Self.sizeRow(size, tallies[size]!) }
        // Misses per size, pooled over participants: the logistic fit needs no more than
        // these counts, so memory does not grow with the number of trials.
        let counts = tallies.keys.sorted().map { size in
            let scored = tallies[size]!.values.reduce(into: TrialCounts()) { $0.merge($1) }
            return BinomialCount(x: size, trials: scored.recorded, events: scored.misses)
        }
        let participants = Set(tallies.values.flatMap(\.keys)).count
        let summary = SelectionSummary(resolved, trials: rows.reduce(0) { $0 + $1.trials }, participants: participants)
        var analysis = SizeAnalysis(misses: counts, rows: rows, targetErrorRate: request.targetErrorRate)
        analysis.testThresholds(tallies.mapValues { $0.compactMapValues(\.errorRate) }, labels: labels)
        let names = try displayNames(study: layout.study)
        return TargetSizeReport(
            selection: summary, source: source, sizes: rows, fit: analysis.fit,
            targetErrorRate: request.targetErrorRate,
            sizeAtTargetErrorRate: analysis.sizeAtTarget, curve: analysis.curve, thresholdTests: analysis.tests,
            smallestSizeNotAboveLargest: analysis.smallestNotAbove, references: ReferenceTargetSize.published,
            notes: analysis.notes, sentences: analysis.sentences(trials: counts.reduce(0) { $0 + $1.trials }),
            methods: summary.withCleaningMethods(
                Self.targetSizeMethods(
                    summary, source: source, unsized: unsized, errorRate: request.targetErrorRate, names: names)),
            names: names)
    }

    /// The size factor named, else the first factor with "size" in its name whose levels
    /// are all numbers, else none.
    private static func sizeFactor(_ name: String?, layout: StudyLayout) throws -> (name: String, index: Int)? {
        if let name {
            let index = try ResolvedSelection.factorIndex(name, layout: layout)
            let bad = layout.factors[index].levels.filter { Double($0) == nil }
            guard bad.isEmpty else {
                throw ThumbLabError.analysis(.nonNumericSizeLevels(factor: name, levels: bad))
            }
            return (name, index)
        }
        let index = layout.factors.firstIndex { factor in
            factor.name.lowercased().contains("size") && !factor.levels.isEmpty
                && factor.levels.allSatisfy { Double($0)?.isFinite == true }
        }
        return index.map { (layout.factors[$0].name, $0) }
    }

    /// The refusal of a study whose trials have no size in mm: no size factor, and no
    /// device for the selected trials' imports.
    private static func noSizeSource(_ layout: StudyLayout) -> ThumbLabError {
        .analysis(.noTargetSizeSource(study: layout.study))
    }

    /// The target's smaller side in mm on `device`, rounded to 0.1 mm.
    private static func sideMM(_ trial: StoredTrial, device: Device?) -> Double? {
        guard let device else { return nil }
        let sides = [trial.targetWidth, trial.targetHeight].compactMap { $0 }.filter { $0 > 0 && $0.isFinite }
        guard let side = sides.min() else { return nil }
        return (device.millimetres(side) * 10).rounded() / 10
    }

    private static func sizeRow(_ size: Double, _ participants: [Int64: TrialCounts]) -> TargetSizeRow {
        var pooled = TrialCounts()
        for tally in participants.values { pooled.merge(tally) }
        let time = ParticipantGeomean.of(participants.values.compactMap(\.meanLogTime).sorted())
        let interval = pooled.errorInterval
        return TargetSizeRow(
            sizeMM: size, trials: pooled.trials, participants: participants.count, misses: pooled.misses,
            errorRate: pooled.errorRate, errorCILow: interval?.lower, errorCIHigh: interval?.upper,
            timeGeomean: time.value, timeCILow: time.low, timeCIHigh: time.high)
    }

    private static func targetSizeMethods(
        _ selection: SelectionSummary, source: TargetSizeSource, unsized: Int, errorRate: Double, names: DisplayNames
    ) -> String {
        let sizes =
            switch source {
            case .factor(let name, let detected):
                "sizes in mm are the levels of the factor \(names.factor(name))"
                    + (detected ? " (detected: its name contains 'size' and every level is a number)" : " (as named)")
            case .targetSide(let device):
                "sizes in mm are the smaller side of each target (width, height) at device \(device.name)'s "
                    + "\(Study.decimal(device.pxPerMM, 4)) px/mm, rounded to 0.1 mm to group them"
            }
        let left = unsized > 0 ? " \(unsized) selected trials without a size were left out." : ""
        return
            "Target size analysis of \(selection.sentence) (every tap is an observation); \(sizes).\(left) Per size, the "
            + "error rate pools misses over trials with the adjusted-Wald 95% interval (Agresti & Coull 1998), and the "
            + "geometric mean time is exp of the mean of the participants' mean ln times with the back-transformed 95% t "
            + "interval across participants. Logistic regression of a miss on size in mm over trials (maximum "
            + "likelihood, Wald z tests; the fitted curve's 95% interval by the delta method on the logit scale); the "
            + "size at a fitted error rate of \(Study.decimal(errorRate * 100, 1))% is (logit(p) - b0) / b1. Threshold: "
            + "per participant, the proportion of misses at each size against the largest size, one-sided Wilcoxon "
            + "signed-rank tests (alternative: higher at the smaller size; R's wilcox.test policy), Holm-adjusted across "
            + "sizes; the smallest size not significantly above the largest is the smallest size for which neither it nor "
            + "any size between it and the largest has an adjusted p below .05. Reference sizes: 9.2 mm (Parhi, Karlson & "
            + "Bederson 2006), Apple's 44 pt at 1 pt = 1/163 in (6.86 mm, the original iPhone's density) and Material's "
            + "48 dp at 1 dp = 1/160 in (7.62 mm)."
    }
}
