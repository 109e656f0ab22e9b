import Foundation

/// The settings of a trial selection, each optional: what a study's analysis plan stores
/// (``Study/setPlan(_:study:)``) and what an analysis's options ask for. A `nil` setting is
/// left to the layer below: options override the plan, the plan overrides each analysis's
/// default. ``selection(defaultAttempts:)`` turns the settings into the one ``Selection``
/// an analysis resolves.
public struct SelectionSettings: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The study; `nil` for the database's only study. A plan never sets it.
    public var study: String?
    /// Keep only trials at these levels.
    public var keep: [LevelFilter]?
    /// Leave out trials at these levels.
    public var exclude: [LevelFilter]?
    /// Which attempts count.
    public var attempts: AttemptPolicy?
    /// Every trial or hits alone for time.
    public var timeTrials: TimeTrials?
    /// The outlier rule, or ``OutlierSetting/none`` to turn off a rule set below.
    public var outliers: OutlierSetting?
    /// The scale the outlier rule judges on.
    public var outlierScale: OutlierScale?

    /// Settings of these values; none by default.
    public init(
        study: String? = nil, keep: [LevelFilter]? = nil, exclude: [LevelFilter]? = nil,
        attempts: AttemptPolicy? = nil, timeTrials: TimeTrials? = nil, outliers: OutlierSetting? = nil,
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

    /// Whether the settings set nothing but, perhaps, the study.
    public var isEmpty: Bool { self == SelectionSettings(study: study) }

    /// These settings with each one `upper` sets in its place.
    public func overridden(by upper: SelectionSettings) -> SelectionSettings {
        SelectionSettings(
            study: upper.study ?? study, keep: upper.keep ?? keep, exclude: upper.exclude ?? exclude,
            attempts: upper.attempts ?? attempts, timeTrials: upper.timeTrials ?? timeTrials,
            outliers: upper.outliers ?? outliers, outlierScale: upper.outlierScale ?? outlierScale)
    }

    /// The selection of these settings, the analysis's defaults where a setting is `nil`:
    /// `defaultAttempts`, every trial for time, no outlier rule, ln time.
    public func selection(defaultAttempts: AttemptPolicy = .first) -> Selection {
        Selection(
            study: study, keep: keep ?? [], exclude: exclude ?? [], attempts: attempts ?? defaultAttempts,
            timeTrials: timeTrials ?? .all, outliers: outliers?.rule, outlierScale: outlierScale ?? .log)
    }

    /// `where technique=Direct,Shift; exclude block=0; first attempts; hits; outliers sd:3
    /// on ln time`, or `none`.
    public var description: String {
        var parts: [String] = []
        if let keep, !keep.isEmpty { parts.append("where " + keep.map(\.description).joined(separator: " and ")) }
        if let exclude, !exclude.isEmpty {
            parts.append("exclude " + exclude.map(\.description).joined(separator: " and "))
        }
        if let attempts { parts.append("\(attempts.rawValue) attempts") }
        if let timeTrials { parts.append(timeTrials == .hits ? "hits" : "all trials") }
        if let rule = outliers?.rule {
            let scale = rule.usesScale ? " on \(outlierScale == .raw ? "time in ms" : "ln time")" : ""
            parts.append("outliers \(rule)\(scale)")
        } else if let outliers {
            parts.append("outliers \(outliers)")
        } else if let outlierScale {
            parts.append("outlier scale \(outlierScale.rawValue)")
        }
        return parts.isEmpty ? "none" : parts.joined(separator: "; ")
    }

    /// The settings of these (a plan's) that `selection` does not follow, in words
    /// (`outliers none`, `exclude (none)`): what an option overrode.
    public func overrides(in selection: Selection) -> [String] {
        func filters(_ list: [LevelFilter]) -> String {
            list.isEmpty ? "(none)" : list.map(\.description).joined(separator: " and ")
        }
        var found: [String] = []
        if (keep ?? []) != selection.keep { found.append("where \(filters(selection.keep))") }
        if (exclude ?? []) != selection.exclude { found.append("exclude \(filters(selection.exclude))") }
        if let attempts, attempts != selection.attempts { found.append("\(selection.attempts.rawValue) attempts") }
        if let timeTrials, timeTrials != selection.timeTrials {
            found.append(selection.timeTrials == .hits ? "hits" : "all trials")
        }
        if outliers?.rule != selection.outliers {
            found.append("outliers \(selection.outliers?.description ?? "none")")
        }
        if let outlierScale, outlierScale != selection.outlierScale {
            found.append("outlier scale \(selection.outlierScale.rawValue)")
        }
        return found
    }
}

/// An outlier rule, or `none`: a setting that turns off the rule a study's plan sets.
/// Coded as its text (`sd:3`, `none`).
public enum OutlierSetting: Sendable, Equatable, Codable, CustomStringConvertible {
    /// No outlier rule.
    case none
    /// This rule.
    case rule(OutlierRule)

    /// Reads `none` or a rule's text (``OutlierRule/init(parsing:)``).
    /// - Throws: ``ThumbLabError/parameter(_:)`` for text that is neither.
    public init(parsing text: String) throws {
        self = text == "none" ? .none : .rule(try OutlierRule(parsing: text))
    }

    /// The rule; `nil` for ``none``.
    public var rule: OutlierRule? {
        if case .rule(let rule) = self { return rule }
        return nil
    }

    public var description: String { rule?.description ?? "none" }

    public init(from decoder: any Decoder) throws {
        try self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
