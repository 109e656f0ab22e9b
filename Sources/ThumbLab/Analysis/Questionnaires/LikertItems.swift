import ThumbLabStats

/// One Likert item's answers in one cell, summarised as ordinal data: the median and
/// quartiles (R's type 7 quantiles, Hyndman & Fan 1996) and how often each answer was
/// given. Every valid answer counts, so a participant who answered in several conditions
/// that the cell pools counts once per condition.
public struct LikertItemSummary: Sendable, Equatable {
    /// The item as the data first spells it.
    public var item: String
    /// The cell's level of each factor of ``QuestionnaireScores/factors``.
    public var levels: [CellLevel]
    /// The answers counted.
    public var n: Int
    /// The participants who gave them.
    public var participants: Int
    /// Median answer (type 7).
    public var median: Double
    /// First quartile (type 7).
    public var q1: Double
    /// Third quartile (type 7).
    public var q3: Double
    /// Each answer given and how often, ascending by answer.
    public var distribution: [LikertCount]

    /// Interquartile range q3 − q1, as R's `IQR(x)`.
    public var iqr: Double { q3 - q1 }
}

/// How often one answer was given.
public struct LikertCount: Sendable, Equatable {
    /// The answer, as given on the item's scale.
    public var value: Double
    /// How many times it was given.
    public var count: Int
}

/// The rules for Likert item sets (any instrument ThumbLab does not score by a published
/// rule): items are summarised one by one (``LikertItemSummary``), and a sheet's score is
/// the mean of its items (the answer itself for a single item), so that comparisons have
/// one value per participant and condition. Item names match case-insensitively, ignoring
/// spaces, `-` and `_`; a sheet must answer every item the set has in the data, once.
enum LikertScoring {
    /// One item of a set: its matching key and the name it is printed with.
    struct Item: Sendable, Equatable {
        var key: String
        var name: String
    }

    /// The items of a set in the order they first appear.
    static func items(_ responses: [ResponseRow]) -> [Item] {
        var seen: Set<String> = []
        var items: [Item] = []
        for response in responses {
            let key = Instrument.key(response.item)
            if seen.insert(key).inserted { items.append(Item(key: key, name: response.item)) }
        }
        return items
    }

    /// Scores one sheet: the mean of its answers, when it answers each item once with a
    /// finite value.
    static func score(_ sheet: QuestionnaireSheet, instrument: String, items: [Item]) -> Result<
        SheetScore, SheetProblems
    > {
        var problems: [String] = []
        let byItem = Dictionary(grouping: sheet.answers) { Instrument.key($0.item) }
        var values: [Double] = []
        let names = WordList.listed(items.map(\.name))
        for item in items {
            guard let answers = byItem[item.key] else {
                problems.append(
                    "\(instrument) item '\(item.name)' is missing (the sheet's answers are at \(sheet.lineSpan)); "
                        + "each sheet answers the set's items (\(names)) once")
                continue
            }
            guard answers.count == 1 else {
                problems.append(SheetChecks.repeated("\(instrument) item '\(item.name)'", answers))
                continue
            }
            let answer = answers[0]
            guard answer.value.isFinite else {
                problems.append(
                    "\(instrument) item '\(item.name)' is \(describeValue(answer.value)) at line \(answer.line); "
                        + "answers are numbers")
                continue
            }
            values.append(answer.value)
        }
        guard problems.isEmpty, values.count == items.count else { return .failure(SheetProblems(problems)) }
        return .success(SheetScore(score: values.reduce(0, +) / Double(values.count), subscores: []))
    }

    /// The summaries of each item in each cell, item by item, cells in order. An answer
    /// counts when it is finite and its item is answered once in its sheet, even if the
    /// sheet's score was left out for a missing item.
    static func summaries(
        sheets: [(sheet: QuestionnaireSheet, cell: Int)], cells: [[CellLevel]], items: [Item]
    ) -> [LikertItemSummary] {
        // answers[item][cell]: (participant, value) pairs.
        var answers = [[[(Int64, Double)]]](
            repeating: [[(Int64, Double)]](repeating: [], count: cells.count), count: items.count)
        let itemIndex = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.key, $0) })
        for (sheet, cell) in sheets {
            let byItem = Dictionary(grouping: sheet.answers) { Instrument.key($0.item) }
            for (key, found) in byItem {
                guard found.count == 1, found[0].value.isFinite, let item = itemIndex[key] else { continue }
                answers[item][cell].append((sheet.participantID, found[0].value))
            }
        }
        var summaries: [LikertItemSummary] = []
        for (item, byCell) in answers.enumerated() {
            for (cell, pairs) in byCell.enumerated() where !pairs.isEmpty {
                let values = pairs.map(\.1)
                let quartiles =
                    (try? Descriptives.quantiles(values, [0.25, 0.5, 0.75], type: .type7)) ?? [.nan, .nan, .nan]
                let counts = Dictionary(grouping: values) { $0 }.map {
                    LikertCount(value: $0.key, count: $0.value.count)
                }
                summaries.append(
                    LikertItemSummary(
                        item: items[item].name, levels: cells[cell], n: values.count,
                        participants: Set(pairs.map(\.0)).count, median: quartiles[1], q1: quartiles[0],
                        q3: quartiles[2], distribution: counts.sorted { $0.value < $1.value }))
            }
        }
        return summaries
    }
}
