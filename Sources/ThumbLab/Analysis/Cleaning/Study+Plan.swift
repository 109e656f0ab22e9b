import Foundation

extension Study {
    /// The study's analysis plan; `nil` when none is set. `study` `nil` names the
    /// database's only study.
    /// - Throws: ``ThumbLabError`` for an unknown study, or a stored plan this
    ///   version cannot read.
    public func plan(study: String? = nil) throws -> SelectionSettings? {
        let name = try study ?? database.onlyStudy()
        guard let stored = try database.storedPlan(study: name) else { return nil }
        return try SelectionSettings(stored)
    }

    /// Makes `plan` the study's plan; its filters are checked against the study first.
    /// - Throws: ``ThumbLabError`` for an unknown study, factor, level or block.
    public func setPlan(_ plan: SelectionSettings, study: String? = nil) throws {
        let name = try study ?? database.onlyStudy()
        _ = try resolve(Selection(study: name, keep: plan.keep ?? [], exclude: plan.exclude ?? []))
        try database.storePlan(StoredPlan(plan), study: name)
    }

    /// Removes the study's newest plan, so that the one before it (or none) applies again.
    /// - Returns: the plan that applies now.
    /// - Throws: ``ThumbLabError`` for an unknown study, or when it has no plan.
    public func undoPlan(study: String? = nil) throws -> SelectionSettings? {
        let name = try study ?? database.onlyStudy()
        guard try database.removeNewestPlan(study: name) else {
            throw ThumbLabError.study(.noPlanToUndo(study: name))
        }
        return try plan(study: name)
    }

    /// The selection an analysis uses under the study's plan: each setting `options` gives,
    /// else the plan's, else the analysis's default (`defaultAttempts` for attempts). The
    /// selection remembers the plan, so that its outputs state it.
    /// - Throws: ``ThumbLabError`` when the database holds no study or several
    ///   and `options` names none.
    public func plannedSelection(_ options: SelectionSettings, defaultAttempts: AttemptPolicy = .first) throws
        -> Selection
    {
        let plan = try self.plan(study: options.study)
        var selection = (plan ?? SelectionSettings()).overridden(by: options).selection(defaultAttempts: defaultAttempts)
        selection.plan = plan
        return selection
    }
}

extension SelectionSettings {
    /// The plan a stored row holds.
    init(_ stored: StoredPlan) throws {
        func setting<Value: RawRepresentable<String>>(_ text: String?, _ name: String) throws -> Value? {
            guard let text else { return nil }
            guard let value = Value(rawValue: text) else {
                throw ThumbLabError.study(.unknownPlanSetting(setting: name, value: text))
            }
            return value
        }
        func filters(_ json: String) throws -> [LevelFilter]? {
            guard let filters = try? JSONDecoder().decode([LevelFilter].self, from: Data(json.utf8)) else {
                throw ThumbLabError.study(.malformedPlanFilters(json: json))
            }
            return filters.isEmpty ? nil : filters
        }
        self.init(
            keep: try filters(stored.keep), exclude: try filters(stored.exclude),
            attempts: try setting(stored.attempts, "attempt policy"),
            timeTrials: try setting(stored.trials, "trials setting"),
            outliers: try stored.outliers.map(OutlierSetting.init(parsing:)),
            outlierScale: try setting(stored.outlierScale, "outlier scale"))
    }

    /// `[{"factor": NAME, "levels": [LEVEL, ...]}, ...]`, as the plan table stores filters.
    static func json(_ filters: [LevelFilter]?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(filters ?? [])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

extension StoredPlan {
    /// The row that stores `plan`.
    init(_ plan: SelectionSettings) {
        self.init(
            keep: SelectionSettings.json(plan.keep), exclude: SelectionSettings.json(plan.exclude),
            attempts: plan.attempts?.rawValue, trials: plan.timeTrials?.rawValue, outliers: plan.outliers?.description,
            outlierScale: plan.outlierScale?.rawValue)
    }
}
