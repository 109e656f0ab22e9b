import Foundation

extension QuestionnaireScores {
    /// The order sub-scores are listed in; names not listed follow in the order met.
    static let subscoreOrder = [
        "learnability", "usability", "weighted", "mental", "physical", "temporal", "performance", "effort",
        "frustration", "sus_equivalent",
    ]

    /// One score per participant and cell: a participant's sheet scores in one cell are
    /// averaged (so are their sub-scores, over the sheets that have them). Sorted by
    /// participant label in natural order (`P2` before `P10`), then by cell.
    static func participantScores(
        _ entries: [(sheet: QuestionnaireSheet, cell: Int, score: SheetScore)], cells: [[CellLevel]],
        kind: InstrumentKind, label: (Int64) -> String
    ) -> [ParticipantScore] {
        var groups: [[Int64]: [(sheet: QuestionnaireSheet, score: SheetScore)]] = [:]
        var keys: [[Int64]] = []
        for entry in entries {
            let key = [entry.sheet.participantID, Int64(entry.cell)]
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append((entry.sheet, entry.score))
        }
        let ordered = keys.sorted { a, b in
            let (left, right) = (label(a[0]), label(b[0]))
            if left != right { return left.localizedStandardCompare(right) == .orderedAscending }
            return a[0] != b[0] ? a[0] < b[0] : a[1] < b[1]
        }
        return ordered.map { key in
            let group = groups[key] ?? []
            let score = mean(group.map(\.score.score))
            let names = subscoreNames(group.map(\.score.subscores))
            let subscores = names.map { name in
                Subscore(
                    name: name,
                    value: mean(group.compactMap { entry in entry.score.subscores.first { $0.name == name }?.value }))
            }
            return ParticipantScore(
                participant: label(key[0]), participantID: key[0], levels: cells[Int(key[1])],
                conditionIDs: group.map(\.sheet.conditionID).sorted(), sheets: group.count, score: score,
                subscores: subscores, percentile: kind == .sus ? SUSScoring.percentile(score) : nil,
                grade: kind == .sus ? SUSGrade(score: score) : nil)
        }
    }

    /// Each cell's descriptives over its participants' scores, and each sub-score's.
    static func scoreCells(_ participants: [ParticipantScore], cells: [[CellLevel]], kind: InstrumentKind)
        -> [ScoreCell]
    {
        let names = subscoreNames(participants.map(\.subscores))
        return cells.map { levels in
            let members = participants.filter { $0.levels == levels }
            let figures = SampleSummary(members.map(\.score))
            let subscales = names.map { name in
                let values = SampleSummary(members.compactMap { $0.subscore(name) })
                return SubscaleSummary(
                    name: name, n: values.n, mean: values.mean, sd: values.sd, median: values.median,
                    ciLow: values.ciLow, ciHigh: values.ciHigh)
            }
            let isSUS = kind == .sus && figures.n > 0
            return ScoreCell(
                levels: levels, n: figures.n, mean: figures.mean, sd: figures.sd, median: figures.median,
                ciLow: figures.ciLow, ciHigh: figures.ciHigh, grade: isSUS ? SUSGrade(score: figures.mean) : nil,
                percentile: isSUS ? SUSScoring.percentile(figures.mean) : nil, subscales: subscales)
        }
    }

    /// The sub-score names that occur in any of the lists, in ``subscoreOrder``.
    private static func subscoreNames(_ lists: [[Subscore]]) -> [String] {
        var seen: [String] = []
        for name in lists.joined().map(\.name) where !seen.contains(name) { seen.append(name) }
        let known = subscoreOrder.filter { seen.contains($0) }
        return known + seen.filter { !subscoreOrder.contains($0) }
    }

    private static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    /// The scoring rule, the cell statistics and what was pooled or left out, each a fact.
    /// Instruments scored over the same cells share their descriptives fact.
    static func methodFacts(
        _ instrument: Instrument, factors: [String], participants: [ParticipantScore], excluded: Int,
        likertItems: Int
    ) -> [MethodsFact] {
        let name = instrument.name
        var facts = [MethodsFact(.scoring, name, text: ruleText(instrument, likertItems: likertItems))]
        let cells = factors.isEmpty ? "one cell (no factors)" : "cells by " + factors.joined(separator: " x ")
        facts.append(
            MethodsFact(
                .descriptives, "scores: " + cells,
                text: "Descriptives per cell (\(cells)): n participants, mean, SD (n - 1), median and 95% t interval "
                    + "of the mean (Student 1908), over one score per participant and cell."))
        let pooled = participants.filter { $0.sheets > 1 }
        if !pooled.isEmpty {
            let people = Set(pooled.map(\.participantID)).count
            facts.append(
                MethodsFact(
                    .aggregation, name,
                    text: "Where a cell pools several conditions (\(pooled.count) participant-cell pairs of \(people) "
                        + "participants), a participant's sheet scores in it are averaged first."))
        }
        if excluded > 0 {
            facts.append(
                MethodsFact(
                    .scoring, name + " (excluded)",
                    text: "\(excluded) sheet\(excluded == 1 ? "" : "s") could not be scored and "
                        + "\(excluded == 1 ? "is" : "are") listed as excluded, with the reason."))
        }
        return facts
    }

    /// The instrument's scoring rule in words, with its sources.
    private static func ruleText(_ instrument: Instrument, likertItems: Int) -> String {
        switch instrument.kind {
        case .sus:
            return "SUS score (Brooke 1996): odd items score the answer - 1, even items 5 - the answer; the sum x 2.5 "
                + "gives 0-100. Learnability = items 4 and 10 (sum x 12.5), usability = the other eight "
                + "(sum x 3.125) (Lewis & Sauro 2009). Grades on the Sauro-Lewis curved grading scale (Sauro & "
                + "Lewis 2016), of the unrounded mean for a cell; percentile ranks from a normal approximation to "
                + "Sauro's SUS norms, mean 68 and SD 12.5 (Sauro 2011)."
        case .nasaTLX:
            return "NASA-TLX (Hart & Staveland 1988): the score is raw TLX, the mean of the six ratings (0-100) "
                + "(Hart 2006); weighted TLX = sum of weight x rating / 15, for sheets with the six pairwise-"
                + "comparison weights (items <dimension>_weight, whole numbers 0-5 summing to 15)."
        case .umuxLite:
            return "UMUX-Lite (Lewis, Utesch & Maher 2013): ((item 1 - 1) + (item 2 - 1)) / 12 x 100, 0-100; "
                + "SUS equivalent = 0.65 x score + 22.9, the authors' regression onto the SUS scale."
        case .seq:
            return "SEQ (Sauro & Dumas 2009): the score is the answer, 1 (very difficult) to 7 (very easy); "
                + "comparisons use rank-based tests, as the answers are ordinal."
        case .likert:
            let items = likertItems == 1 ? "its one item's answer" : "the mean of its \(likertItems) items"
            return "Likert item set '\(instrument.name)': per item and cell, the median and IQR (type 7 quantiles, "
                + "Hyndman & Fan 1996) and the count of each answer, counting every answer; a sheet's score is "
                + "\(items); comparisons of these scores use rank-based tests, as the answers are ordinal."
        }
    }
}
