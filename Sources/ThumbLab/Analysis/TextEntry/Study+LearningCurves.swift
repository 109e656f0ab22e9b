import Foundation

/// The power law of practice fitted to one condition's learning curve: WPM = a × n^b, n the
/// phrase number, by least squares of ln WPM on ln n over the condition's mean WPM per
/// phrase number (as a spreadsheet's power trendline fits it).
public struct PowerLawFit: Sendable, Equatable {
    /// The WPM the curve gives at phrase 1.
    public var a: Double
    /// The exponent: how fast speed grows with practice.
    public var b: Double
    /// R² of the fit on the log-log scale.
    public var rSquared: Double

    /// The WPM the fit gives at phrase `n`.
    public func predict(_ n: Double) -> Double { a * pow(n, b) }

    /// The least-squares fit of ln y on ln x; `nil` with fewer than 2 points with x and y
    /// above 0, or with a single x.
    public init?(x: [Double], y: [Double]) {
        let pairs = zip(x, y).filter { $0 > 0 && $1 > 0 }.map { (log($0), log($1)) }
        guard pairs.count >= 2 else { return nil }
        let n = Double(pairs.count)
        let meanX = pairs.reduce(0) { $0 + $1.0 } / n
        let meanY = pairs.reduce(0) { $0 + $1.1 } / n
        let sxx = pairs.reduce(0) { $0 + ($1.0 - meanX) * ($1.0 - meanX) }
        let sxy = pairs.reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        let syy = pairs.reduce(0) { $0 + ($1.1 - meanY) * ($1.1 - meanY) }
        guard sxx > 0 else { return nil }
        b = sxy / sxx
        a = exp(meanY - b * meanX)
        rSquared = syy > 0 ? sxy * sxy / (sxx * syy) : 1
    }
}

/// One condition's WPM over phrase numbers.
public struct LearningCurve: Sendable, Equatable {
    /// One phrase number of the curve.
    public struct Point: Sendable, Equatable {
        /// The phrase number within its participant, condition and block.
        public var phrase: Int
        /// The participants with a WPM at this number.
        public var participants: Int
        /// The mean of those participants' WPM at this number (their mean where a
        /// participant typed several phrases of this number, as in several blocks).
        public var meanWPM: Double
        /// The 95% t interval of that mean; NaN with fewer than 2 participants.
        public var ciLow: Double
        /// The upper end.
        public var ciHigh: Double
    }

    /// The condition's level of each factor of ``LearningCurveReport/factors``.
    public var levels: [String?]
    /// The points, by phrase number.
    public var points: [Point]
    /// The power law fitted to the points; `nil` with fewer than 2 of them.
    public var fit: PowerLawFit?
}

/// Learning curves of a text-entry study: WPM by phrase number per condition, with the
/// power law of practice fitted to each.
public struct LearningCurveReport: Sendable, Equatable {
    /// The selection, as every output states it.
    public var selection: SelectionSummary
    /// The factors that make a condition.
    public var factors: [String]
    /// One curve per condition, in the order of the study's levels.
    public var curves: [LearningCurve]
    /// How factors and levels are shown.
    public var names: DisplayNames
    /// What was done, in words, for a Methods section: the curves, then the cleaning.
    public var methods: String
    /// How the curves were computed, without the selection's cleaning.
    public var curveMethods = ""
    /// One sentence per fitted curve, for a Results section.
    public var sentences: [String]
    /// Whether the study's phrases have input streams (KSPC and the keystroke rates).
    public var hasKeystrokes = false

    /// `thumb / sitting`: a curve's levels by their display names.
    public func conditionName(_ curve: LearningCurve) -> String {
        zip(factors, curve.levels).map { names.level($1 ?? FactorLevels.missingLabel, of: $0) }
            .joined(separator: " / ")
    }
}

extension Study {
    /// WPM by phrase number for each condition of the selected phrases, with the power law
    /// of practice fitted to each condition's mean WPM per phrase number.
    /// - Throws: ``ThumbLabError`` for an unknown study, factor or level, or when the study
    ///   holds no phrases.
    public func learningCurves(selection: Selection = Selection()) throws -> LearningCurveReport {
        let resolved = try resolve(selection, measuring: .phrase(.wpm))
        // participant -> condition -> phrase number -> WPMs
        var values: [Int64: [Int64: [Int: [Double]]]] = [:]
        var trials = 0
        var participants: Set<Int64> = []
        try database.forEachTrial(resolved.trialQuery, fields: [.numbers, .logged]) { trial in
            guard let phrase = trial.trial, let wpm = trial.loggedValue, wpm.isFinite else { return }
            values[trial.participantID, default: [:]][trial.conditionID, default: [:]][phrase, default: []].append(wpm)
            trials += 1
            participants.insert(trial.participantID)
        }
        let layout = resolved.layout
        var byCondition: [Int64: [Int: [Double]]] = [:]
        for (_, conditions) in values {
            for (condition, phrases) in conditions {
                for (phrase, wpms) in phrases {
                    byCondition[condition, default: [:]][phrase, default: []].append(wpms.reduce(0, +) / Double(wpms.count))
                }
            }
        }
        var curves: [LearningCurve] = byCondition.map { condition, phrases in
            let points = phrases.keys.sorted().map { phrase -> LearningCurve.Point in
                let summary = SampleSummary(phrases[phrase]!)
                return LearningCurve.Point(
                    phrase: phrase, participants: summary.n, meanWPM: summary.mean, ciLow: summary.ciLow,
                    ciHigh: summary.ciHigh)
            }
            return LearningCurve(
                levels: layout.conditions[condition] ?? [], points: points,
                fit: PowerLawFit(x: points.map { Double($0.phrase) }, y: points.map(\.meanWPM)))
        }
        curves.sort { layout.levelRanks($0.levels).lexicographicallyPrecedes(layout.levelRanks($1.levels)) }
        let summary = SelectionSummary(resolved, trials: trials, participants: participants.count)
        var report = LearningCurveReport(
            selection: summary, factors: layout.factors.map(\.name), curves: curves, names: resolved.names,
            methods: "", sentences: [])
        report.curveMethods =
            "Learning curves: for each condition, the participants' mean WPM at each phrase number (phrases "
            + "numbered in order within participant, condition and block), averaged over participants with a "
            + "95% t interval; the power law of practice WPM = a × n^b was fitted to each condition's means by "
            + "least squares of ln WPM on ln n."
        report.methods = summary.withCleaningMethods(report.curveMethods)
        report.sentences = curves.compactMap { curve in
            guard let fit = curve.fit, let first = curve.points.first, let last = curve.points.last else { return nil }
            let name = report.conditionName(curve)
            return "\(name.isEmpty ? "Speed" : name): WPM = \(String(format: "%.1f", fit.a)) × "
                + "n^\(String(format: "%.3f", fit.b)) (R² = \(String(format: "%.3f", fit.rSquared))), "
                + "from \(String(format: "%.1f", first.meanWPM)) WPM at phrase \(first.phrase) to "
                + "\(String(format: "%.1f", last.meanWPM)) WPM at phrase \(last.phrase)."
        }
        return report
    }
}
