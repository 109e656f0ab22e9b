import Foundation

extension Study {
    /// Stores `plan` in the study database as the newest counterbalancing plan of its
    /// factor, so that ``orderEffects(_:selection:)`` reads each participant's order from it
    /// and the report states the scheme. `study` `nil` names the database's only study; a
    /// named study the database does not hold yet is created.
    /// - Throws: ``ThumbLabError/study(_:)`` when `study` is `nil` and the database holds
    ///   no study or several.
    public func saveCounterbalancing(_ plan: CounterbalancingPlan, study: String? = nil) throws {
        let name = try study ?? database.onlyStudy()
        try database.storeCounterbalancing(StoredCounterbalancing(plan), study: name)
    }

    /// The study's newest counterbalancing plan for `factor` (for any factor when `nil`);
    /// `nil` when none was saved.
    /// - Throws: ``ThumbLabError/study(_:)`` for a stored plan this version cannot read.
    public func counterbalancing(factor: String? = nil, study: String? = nil) throws -> CounterbalancingPlan? {
        let name = try study ?? database.onlyStudy()
        return try database.storedCounterbalancing(study: name, factor: factor).map(CounterbalancingPlan.init(stored:))
    }
}

extension StoredCounterbalancing {
    /// The rows that store `plan`: one per participant and position of the full run order.
    init(_ plan: CounterbalancingPlan) {
        var rows: [Row] = []
        for participant in plan.participants {
            var position = 0
            for (index, level) in participant.order.enumerated() {
                let inner =
                    participant.secondOrders.isEmpty ? [nil] : participant.secondOrders[index].map(Optional.some)
                for secondLevel in inner {
                    position += 1
                    rows.append(
                        Row(
                            participant: participant.participant, sequence: participant.sequence, position: position,
                            level: level, secondLevel: secondLevel))
                }
            }
        }
        self.init(
            factor: plan.factor.name, levels: PlanJSON.text(plan.factor.levels), scheme: plan.scheme.rawValue,
            seed: plan.seed.map(String.init), sequences: PlanJSON.text(plan.sequences), secondFactor: plan.second?.name,
            secondLevels: plan.second.map { PlanJSON.text($0.levels) },
            secondSequences: plan.second.map { _ in PlanJSON.text(plan.secondSequences) }, rows: rows)
    }
}

extension CounterbalancingPlan {
    /// The plan a stored row and its run orders hold.
    init(stored: StoredCounterbalancing) throws {
        guard let scheme = CounterbalancingScheme(rawValue: stored.scheme) else {
            throw ThumbLabError.study(.unknownPlanSetting(setting: "counterbalancing scheme", value: stored.scheme))
        }
        let seed = try stored.seed.map { text in
            guard let value = UInt64(text) else {
                throw ThumbLabError.study(.unknownPlanSetting(setting: "counterbalancing seed", value: text))
            }
            return value
        }
        let second = try stored.secondFactor.map { name in
            CounterbalancedFactor(name: name, levels: try PlanJSON.list(stored.secondLevels ?? "[]"))
        }
        var participants: [ParticipantOrder] = []
        for row in stored.rows {
            if participants.last?.participant != row.participant {
                participants.append(
                    ParticipantOrder(participant: row.participant, sequence: row.sequence, order: [], secondOrders: []))
            }
            let index = participants.count - 1
            if participants[index].order.last != row.level || second == nil {
                participants[index].order.append(row.level)
                if second != nil { participants[index].secondOrders.append([]) }
            }
            if let level = row.secondLevel {
                participants[index].secondOrders[participants[index].secondOrders.count - 1].append(level)
            }
        }
        self.init(
            scheme: scheme, seed: seed,
            factor: CounterbalancedFactor(name: stored.factor, levels: try PlanJSON.list(stored.levels)),
            sequences: try PlanJSON.lists(stored.sequences), second: second,
            secondSequences: try PlanJSON.lists(stored.secondSequences ?? "[]"), participants: participants)
    }
}

/// The JSON text of a plan's lists of levels.
enum PlanJSON {
    static func text<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("[]".utf8), as: UTF8.self)
    }

    static func list(_ text: String) throws -> [String] {
        try decode(text)
    }

    static func lists(_ text: String) throws -> [[String]] {
        try decode(text)
    }

    private static func decode<Value: Decodable>(_ text: String) throws -> Value {
        guard let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) else {
            throw ThumbLabError.study(.unknownPlanSetting(setting: "counterbalancing list", value: text))
        }
        return value
    }
}
