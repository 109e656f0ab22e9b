import Foundation

/// The selection and cleaning a study's analyses apply unless asked otherwise, stored in
/// the study database (``Study/setPlan(_:study:)``): a study analysed for a paper then
/// states its exclusions once. A `nil` setting leaves it to each analysis's default.
public struct AnalysisPlan: Sendable, Equatable, CustomStringConvertible {
    /// Keep only trials at these levels.
    public var keep: [LevelFilter]
    /// Leave out trials at these levels.
    public var exclude: [LevelFilter]
    /// Which attempts count.
    public var attempts: AttemptPolicy?
    /// Every trial or hits alone for time.
    public var timeTrials: TimeTrials?
    /// The outlier rule.
    public var outliers: OutlierRule?
    /// The scale the outlier rule judges on.
    public var outlierScale: OutlierScale?

    /// A plan of these settings; an empty plan by default.
    public init(
        keep: [LevelFilter] = [], exclude: [LevelFilter] = [], attempts: AttemptPolicy? = nil,
        timeTrials: TimeTrials? = nil, outliers: OutlierRule? = nil, outlierScale: OutlierScale? = nil
    ) {
        self.keep = keep
        self.exclude = exclude
        self.attempts = attempts
        self.timeTrials = timeTrials
        self.outliers = outliers
        self.outlierScale = outlierScale
    }

    /// Whether the plan sets nothing.
    public var isEmpty: Bool { self == AnalysisPlan() }

    /// `where technique=Direct,Shift; exclude block=0; first attempts; hits; outliers sd:3
    /// on ln time`, or `none`.
    public var description: String {
        var parts: [String] = []
        if !keep.isEmpty { parts.append("where " + keep.map(\.description).joined(separator: " and ")) }
        if !exclude.isEmpty { parts.append("exclude " + exclude.map(\.description).joined(separator: " and ")) }
        if let attempts { parts.append("\(attempts.rawValue) attempts") }
        if let timeTrials { parts.append(timeTrials == .hits ? "hits" : "all trials") }
        if let outliers {
            let scale = outliers.usesScale ? " on \(outlierScale == .raw ? "time in ms" : "ln time")" : ""
            parts.append("outliers \(outliers)\(scale)")
        } else if let outlierScale {
            parts.append("outlier scale \(outlierScale.rawValue)")
        }
        return parts.isEmpty ? "none" : parts.joined(separator: "; ")
    }

    /// The settings of the plan that `selection` does not follow, in words (`outliers
    /// none`, `exclude (none)`): what an option overrode.
    public func overrides(in selection: Selection) -> [String] {
        func filters(_ list: [LevelFilter]) -> String {
            list.isEmpty ? "(none)" : list.map(\.description).joined(separator: " and ")
        }
        var found: [String] = []
        if keep != selection.keep { found.append("where \(filters(selection.keep))") }
        if exclude != selection.exclude { found.append("exclude \(filters(selection.exclude))") }
        if let attempts, attempts != selection.attempts { found.append("\(selection.attempts.rawValue) attempts") }
        if let timeTrials, timeTrials != selection.timeTrials {
            found.append(selection.timeTrials == .hits ? "hits" : "all trials")
        }
        if outliers != selection.outliers { found.append("outliers \(selection.outliers?.description ?? "none")") }
        if let outlierScale, outlierScale != selection.outlierScale {
            found.append("outlier scale \(selection.outlierScale.rawValue)")
        }
        return found
    }

    /// The selection an analysis uses: each setting `overrides` gives, else the plan's,
    /// else the analysis's default (`defaultAttempts` for attempts). The selection
    /// remembers the plan, so that its outputs state it.
    public func selection(overriding overrides: SelectionOverrides, defaultAttempts: AttemptPolicy) -> Selection {
        var selection = Selection(
            study: overrides.study, keep: overrides.keep ?? keep, exclude: overrides.exclude ?? exclude,
            attempts: overrides.attempts ?? attempts ?? defaultAttempts,
            timeTrials: overrides.timeTrials ?? timeTrials ?? .all,
            outliers: overrides.outliers ?? outliers, outlierScale: overrides.outlierScale ?? outlierScale ?? .log)
        selection.plan = isEmpty ? nil : self
        return selection
    }
}

/// The settings of a selection that an analysis is asked for explicitly, each overriding
/// the study's plan; `nil` leaves a setting to the plan.
public struct SelectionOverrides: Sendable, Equatable {
    /// The study; `nil` for the database's only study.
    public var study: String?
    /// Filters that keep trials, replacing the plan's.
    public var keep: [LevelFilter]?
    /// Filters that leave trials out, replacing the plan's.
    public var exclude: [LevelFilter]?
    /// The attempt policy.
    public var attempts: AttemptPolicy?
    /// Every trial or hits alone for time.
    public var timeTrials: TimeTrials?
    /// The outlier rule: `.some(nil)` asks for none, whatever the plan says.
    public var outliers: OutlierRule??
    /// The scale of the outlier rule.
    public var outlierScale: OutlierScale?

    /// Overrides of these settings; none by default.
    public init(
        study: String? = nil, keep: [LevelFilter]? = nil, exclude: [LevelFilter]? = nil,
        attempts: AttemptPolicy? = nil, timeTrials: TimeTrials? = nil, outliers: OutlierRule?? = nil,
        outlierScale: OutlierScale? = nil
    ) {
        self.study = study
        self.keep = keep
        self.exclude = exclude
        self.attempts = attempts
        self.timeTrials = timeTrials
        self.outliers = outliers
        self.outlierScale = outlierScale
    }
}
