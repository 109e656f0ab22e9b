/// A counterbalancing plan as JSON (`thumblab counterbalance --format json`) and as tables
/// for text, Markdown and CSV.
public enum CounterbalancingTables {
    /// `{scheme, factor, levels, sequences, participants: [{participant, sequence, order}],
    /// seed, multiple, used_once_more, methods}`; with a second factor also `second_factor`,
    /// `second_levels`, `second_sequences` and each participant's `second_orders`.
    public static func json(_ plan: CounterbalancingPlan) -> JSONValue {
        func list(_ levels: [String]) -> JSONValue { .array(levels.map(JSONValue.string)) }
        var members: [(String, JSONValue)] = [
            ("scheme", .string(plan.scheme.rawValue)), ("factor", .string(plan.factor.name)),
            ("levels", list(plan.factor.levels)), ("sequences", .array(plan.sequences.map(list))),
        ]
        if let second = plan.second {
            members += [
                ("second_factor", .string(second.name)), ("second_levels", list(second.levels)),
                ("second_sequences", .array(plan.secondSequences.map(list))),
            ]
        }
        members.append(
            (
                "participants",
                .array(
                    plan.participants.map { participant in
                        var entry: [(String, JSONValue)] = [
                            ("participant", .string(participant.participant)), ("sequence", .int(participant.sequence)),
                            ("order", list(participant.order)),
                        ]
                        if plan.second != nil {
                            entry.append(("second_orders", .array(participant.secondOrders.map(list))))
                        }
                        return .object(entry)
                    })
            ))
        members += [
            ("seed", plan.seed.map(JSONValue.seed) ?? .null), ("multiple", .bool(plan.isMultiple)),
            ("used_once_more", .array(plan.sequencesUsedOnceMore.map(JSONValue.int))),
            ("methods", .string(plan.methods)),
        ]
        return .object(members)
    }

    /// The sequences, then each participant's order (`Direct > Shift`, with a second
    /// factor `Direct (9.6 > 7.2) > Shift (7.2 > 9.6)`), then the plan in words.
    public static func tables(_ plan: CounterbalancingPlan) -> TitledTables {
        var sequences = ResultTable(columns: ["sequence"] + plan.factor.levels.indices.map { "position_\($0 + 1)" })
        if plan.scheme != .random {
            sequences.rows = plan.sequences.enumerated().map { index, order in
                [.int(index + 1)] + order.map(JSONValue.string)
            }
        }
        var participants = ResultTable(columns: ["participant", "sequence", "order"])
        participants.rows = plan.participants.map { participant in
            let steps = participant.order.enumerated().map { position, level in
                participant.secondOrders.isEmpty
                    ? level : "\(level) (\(participant.secondOrders[position].joined(separator: " > ")))"
            }
            return [
                .string(participant.participant), .int(participant.sequence),
                .string(steps.joined(separator: " > ")),
            ]
        }
        var list: [(title: String, table: ResultTable)] = []
        if plan.scheme != .random { list.append(("Sequences of \(plan.factor.name)", sequences)) }
        if let second = plan.second, plan.scheme != .random {
            var inner = ResultTable(columns: ["sequence"] + second.levels.indices.map { "position_\($0 + 1)" })
            inner.rows = plan.secondSequences.enumerated().map { index, order in
                [.int(index + 1)] + order.map(JSONValue.string)
            }
            list.append(("Sequences of \(second.name) within each level", inner))
        }
        list.append(("Participants", participants))
        return TitledTables(tables: list, paragraphs: [("Methods", [plan.methods])])
    }
}
