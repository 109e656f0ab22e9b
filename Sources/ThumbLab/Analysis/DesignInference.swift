/// Which factors of a comparison are within and which between subjects, inferred from
/// the data, and which participants a complete design keeps.
///
/// A factor is *within* when every participant has trials at more than one of its
/// levels, *between* when every participant has trials at exactly one (whether or not the
/// trials kept a value after cleaning). A within design
/// needs every participant at every within cell of their group: a participant with an
/// empty cell is dropped (listwise deletion), counted and named. A factor some participants
/// have data at several levels of and others at only one is *partly within*: only a mixed
/// model takes it, keeping every participant.
public struct InferredDesign: Sendable, Equatable {
    /// The compared factors whose levels vary within participants.
    public var within: [String]
    /// The compared factors whose levels vary between participants.
    public var between: [String]
    /// The compared factors some participants have data at only one level of and others at
    /// several: neither within nor between, so only a mixed model tests them.
    public var partlyWithin: [String] = []
    /// Labels of the participants every test uses, in natural order.
    public var kept: [String]
    /// Participants left out, each with the reason.
    public var dropped: [DroppedParticipant]

    /// Infers the design of `values` over all of its scheme's factors; with
    /// `acceptingPartlyWithin` (for a mixed model) a factor neither within nor between is
    /// listed in ``partlyWithin`` and every participant kept.
    /// - Throws: ``ThumbLabError/design(_:)`` for a factor that is neither within nor
    ///   between (unless accepted), naming participants of each kind, or when no participant
    ///   is complete.
    package init(_ values: ParticipantCellValues, acceptingPartlyWithin: Bool = false) throws {
        let scheme = values.scheme
        within = []
        between = []
        for (position, factor) in scheme.factors.enumerated() {
            // Where a participant took part is read from the trials, not from the values left
            // after cleaning: a cell whose values were all removed is empty, not absent.
            let taken: [[Bool]] = values.present ?? values.values.map { row in row.map { $0 != nil } }
            let levelCounts = taken.map { row in
                Set(row.indices.filter { row[$0] }.map { scheme.cells[$0][position] }).count
            }
            let present = levelCounts.filter { $0 > 0 }
            if present.allSatisfy({ $0 > 1 }) {
                within.append(factor)
            } else if present.allSatisfy({ $0 == 1 }) {
                between.append(factor)
            } else if acceptingPartlyWithin {
                partlyWithin.append(factor)
            } else {
                let one = zip(values.participants, levelCounts).filter { $0.1 == 1 }.map(\.0)
                let several = zip(values.participants, levelCounts).filter { $0.1 > 1 }.map(\.0)
                throw ThumbLabError.design(.mixedFactor(factor: factor, several: several, one: one))
            }
        }
        if !partlyWithin.isEmpty {
            (kept, dropped) = ([], [])
            self = keepingEveryone(values)
            return
        }
        let withinFactors = within
        let withinPositions = scheme.factors.indices.filter { withinFactors.contains(scheme.factors[$0]) }
        let withinCells = Set(scheme.cells.map { cell in withinPositions.map { cell[$0] } })
        var kept: [String] = []
        var dropped: [DroppedParticipant] = []
        for (row, participant) in zip(values.values, values.participants) {
            let filled = Set(
                row.indices.filter { row[$0] != nil }.map { cell in withinPositions.map { scheme.cells[cell][$0] } })
            if filled.isEmpty { continue }
            let missing = withinCells.subtracting(filled)
            if missing.isEmpty {
                kept.append(participant)
            } else {
                let names = missing.map { $0.joined(separator: ":") }.sorted().joined(separator: ", ")
                dropped.append(DroppedParticipant(participant: participant, reason: "no data in \(names)"))
            }
        }
        self.kept = kept
        self.dropped = dropped
        if kept.isEmpty {
            throw ThumbLabError.design(.noCompleteParticipant(factors: scheme.factors))
        }
    }

    /// The same design with every participant kept: a mixed model uses incomplete
    /// participants' trials instead of dropping them.
    func keepingEveryone(_ values: ParticipantCellValues) -> InferredDesign {
        var design = self
        design.kept = values.participants.filter { participant in
            values.values[values.participants.firstIndex(of: participant)!].contains { $0 != nil }
        }
        design.dropped = []
        return design
    }

    /// `within`, `between`, `mixed` or, with a partly within factor, `partly-within`, for the
    /// report.
    public var kind: String {
        if !partlyWithin.isEmpty { return "partly-within" }
        if between.isEmpty { return "within" }
        return within.isEmpty ? "between" : "mixed"
    }
}

/// A participant a test could not use, and why.
public struct DroppedParticipant: Sendable, Equatable {
    /// The participant's label.
    public var participant: String
    /// Why the participant was left out, such as the empty cells.
    public var reason: String
}
