import ThumbLabStats

/// The values one comparison tests: one per kept participant and cell, arranged the
/// ways the tests take them.
struct ComparisonData {
    var design: InferredDesign
    var scheme: CellScheme
    /// Long format, one per kept participant and filled cell.
    var observations: [ANOVAObservation]
    /// Kept participants' values, `rows[participant][cell]`.
    var rows: [[Double?]]
    /// The kept participants, in the order of ``rows``.
    var participants: [String]

    init(_ values: ParticipantCellValues, design: InferredDesign) {
        self.design = design
        scheme = values.scheme
        let kept = Set(design.kept)
        let keptRows = zip(values.participants, values.values).filter { kept.contains($0.0) }
        rows = keptRows.map(\.1)
        participants = keptRows.map(\.0)
        observations = []
        for (participant, row) in zip(values.participants, values.values) where kept.contains(participant) {
            for (cell, value) in row.enumerated() {
                guard let value else { continue }
                let levels = Dictionary(uniqueKeysWithValues: scheme.labelled(cell).map { ($0.factor, $0.level) })
                observations.append(ANOVAObservation(subject: participant, levels: levels, value: value))
            }
        }
    }

    var factorCount: Int { scheme.factors.count }

    /// The levels of the first factor, in cell order.
    var firstFactorLevels: [String] { scheme.levels(ofFactor: 0) }

    /// One factor's values per level: per kept participant, the mean of their values in
    /// the cells at that level (their marginal mean); participants without a value at a
    /// level have `nil` there.
    func marginal(factor position: Int) -> (levels: [String], values: [[Double?]]) {
        let levels = scheme.levels(ofFactor: position)
        let values = rows.map { row in
            levels.map { level -> Double? in
                let at = row.indices.filter { scheme.cells[$0][position] == level }.compactMap { row[$0] }
                return at.isEmpty ? nil : at.reduce(0, +) / Double(at.count)
            }
        }
        return (levels, values)
    }

    /// Per level of a one-factor design, the participants' values (between factors: the
    /// participants at that level).
    func samples(factor position: Int) -> [[Double]] {
        let (_, values) = marginal(factor: position)
        return values.first.map { first in first.indices.map { level in values.compactMap { $0[level] } } } ?? []
    }

    /// Residuals of the additive model the ANOVA assumes: value − subject mean − cell
    /// mean + group mean (within and mixed designs, the group being the subject's between
    /// cell), or value − cell mean (between designs).
    func residuals() -> [Double] {
        let betweenFactors = design.between
        func key(_ observation: ANOVAObservation, _ factors: [String]) -> [String] {
            factors.map { observation.levels[$0] ?? "" }
        }
        func means(_ key: (ANOVAObservation) -> [String]) -> [[String]: Double] {
            var sums: [[String]: (Double, Int)] = [:]
            for observation in observations {
                let current = sums[key(observation)] ?? (0, 0)
                sums[key(observation)] = (current.0 + observation.value, current.1 + 1)
            }
            return sums.mapValues { $0.0 / Double($0.1) }
        }
        let cellMeans = means { key($0, scheme.factors) }
        if design.within.isEmpty {
            return observations.map { $0.value - cellMeans[key($0, scheme.factors)]! }
        }
        let subjectMeans = means { [$0.subject] }
        let groupMeans = means { key($0, betweenFactors) }
        return observations.map {
            $0.value - subjectMeans[[$0.subject]]! - cellMeans[key($0, scheme.factors)]!
                + groupMeans[key($0, betweenFactors)]!
        }
    }
}
