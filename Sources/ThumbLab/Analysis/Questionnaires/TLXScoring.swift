/// The six workload dimensions of the NASA Task Load Index (Hart & Staveland 1988).
public enum TLXDimension: String, CaseIterable, Sendable {
    /// Mental demand: how much thinking, deciding and remembering the task took.
    case mental
    /// Physical demand: how much physical activity the task took.
    case physical
    /// Temporal demand: how hurried the pace of the task felt.
    case temporal
    /// Own performance: how successful the participant felt (0 perfect, 100 failure).
    case performance
    /// Effort: how hard the participant had to work.
    case effort
    /// Frustration level: how insecure, irritated or stressed the participant felt.
    case frustration

    /// Recognises a rating item's name, case-insensitively and ignoring spaces, `-` and
    /// `_`: the dimension's name, or its full name on the form (`mental demand`,
    /// `physical demand`, `temporal demand`, `own performance`, `frustration level`).
    init?(itemName: String) {
        switch Instrument.key(itemName) {
        case "mental", "mentaldemand": self = .mental
        case "physical", "physicaldemand": self = .physical
        case "temporal", "temporaldemand": self = .temporal
        case "performance", "ownperformance": self = .performance
        case "effort": self = .effort
        case "frustration", "frustrationlevel": self = .frustration
        default: return nil
        }
    }
}

/// The NASA-TLX scoring rules.
///
/// - Ratings: one item per dimension, named `mental`, `physical`, `temporal`,
///   `performance`, `effort` and `frustration` (case-insensitive; `mental demand`,
///   `Frustration_Level` and the other full names on the form are accepted), each 0 to
///   100 as on the rating scales of Hart & Staveland (1988). Every dimension counts
///   towards workload as rated: performance runs from 0 (perfect) to 100 (failure) as on
///   the original form, so data coded the other way round must be recoded first.
/// - Raw TLX, the score: the mean of the six ratings (Hart 2006, "NASA-Task Load Index
///   (NASA-TLX); 20 years later", HFES).
/// - Weighted TLX: when a sheet has pairwise-comparison weights, items named
///   `<dimension>_weight` or `weight_<dimension>` (`mental_weight`, `weight_effort`),
///   whole numbers 0 to 5 that sum to 15 (the times each dimension was chosen in the 15
///   pairs), the weighted score is Σ weight × rating / 15 (Hart & Staveland 1988). A
///   sheet has all six weights or none.
public enum TLXScoring {
    /// Raw TLX: the mean of six ratings.
    public static func raw(_ ratings: [Double]) -> Double {
        ratings.reduce(0, +) / Double(ratings.count)
    }

    /// Weighted TLX: Σ weight × rating / 15.
    public static func weighted(ratings: [Double], weights: [Int]) -> Double {
        zip(ratings, weights).reduce(0) { $0 + Double($1.1) * $1.0 } / 15
    }

    /// The dimension of a weight item (`mental_weight`, `weight_mental`), if it is one.
    static func weightDimension(_ item: String) -> TLXDimension? {
        let key = Instrument.key(item)
        if key.hasPrefix("weight") { return TLXDimension(itemName: String(key.dropFirst(6))) }
        if key.hasSuffix("weight") { return TLXDimension(itemName: String(key.dropLast(6))) }
        return nil
    }

    /// Scores one sheet, or says why it cannot be scored.
    static func score(_ sheet: QuestionnaireSheet) -> Result<SheetScore, SheetProblems> {
        var problems: [String] = []
        var ratingAnswers: [TLXDimension: [ResponseRow]] = [:]
        var weightAnswers: [TLXDimension: [ResponseRow]] = [:]
        for answer in sheet.answers {
            if let dimension = TLXDimension(itemName: answer.item) {
                ratingAnswers[dimension, default: []].append(answer)
            } else if let dimension = weightDimension(answer.item) {
                weightAnswers[dimension, default: []].append(answer)
            } else {
                problems.append(
                    "NASA-TLX item '\(answer.item)' at line \(answer.line) is neither a dimension "
                        + "(mental, physical, temporal, performance, effort, frustration) "
                        + "nor a weight (mental_weight, ..., frustration_weight)")
            }
        }
        var ratings: [Double] = []
        for dimension in TLXDimension.allCases {
            guard let answers = ratingAnswers[dimension] else {
                problems.append(
                    "NASA-TLX \(dimension.rawValue) is missing (the sheet's answers are at \(sheet.lineSpan)); "
                        + "a NASA-TLX sheet rates all six dimensions")
                continue
            }
            guard answers.count == 1 else {
                problems.append(SheetChecks.repeated("NASA-TLX \(dimension.rawValue)", answers))
                continue
            }
            if let rating = SheetChecks.rangedAnswer(
                answers[0], label: "NASA-TLX \(dimension.rawValue)", range: 0...100, rule: "NASA-TLX ratings",
                problems: &problems)
            {
                ratings.append(rating)
            }
        }
        let weights = weights(weightAnswers, problems: &problems)
        guard problems.isEmpty, ratings.count == 6 else { return .failure(SheetProblems(problems)) }
        var subscores: [Subscore] = []
        if let weights {
            subscores.append(Subscore(name: "weighted", value: weighted(ratings: ratings, weights: weights)))
        }
        for (dimension, rating) in zip(TLXDimension.allCases, ratings) {
            subscores.append(Subscore(name: dimension.rawValue, value: rating))
        }
        return .success(SheetScore(score: raw(ratings), subscores: subscores))
    }

    /// The six weights in dimension order, `nil` when the sheet has none (or they are
    /// invalid, with problems).
    private static func weights(_ answers: [TLXDimension: [ResponseRow]], problems: inout [String]) -> [Int]? {
        guard !answers.isEmpty else { return nil }
        let rows = answers.values.joined()
        let lines = rows.map(\.line)
        let span =
            lines.min() == lines.max()
            ? "line \(lines.min() ?? 0)" : "lines \(lines.min() ?? 0) to \(lines.max() ?? 0)"
        var weights: [Int] = []
        for dimension in TLXDimension.allCases {
            guard let found = answers[dimension] else {
                problems.append(
                    "NASA-TLX weight of \(dimension.rawValue) is missing (the sheet's weights are at \(span)); "
                        + "a weighted sheet has all six weights, a raw one none")
                continue
            }
            guard found.count == 1 else {
                problems.append(SheetChecks.repeated("NASA-TLX weight of \(dimension.rawValue)", found))
                continue
            }
            if let weight = SheetChecks.wholeAnswer(
                found[0], label: "NASA-TLX weight of \(dimension.rawValue)", range: 0...5,
                rule: "NASA-TLX weights", problems: &problems)
            {
                weights.append(weight)
            }
        }
        guard weights.count == 6 else { return nil }
        let sum = weights.reduce(0, +)
        guard sum == 15 else {
            problems.append(
                "NASA-TLX weights sum to \(sum), not 15, at \(span); "
                    + "the 15 pairwise comparisons give weights that sum to 15")
            return nil
        }
        return weights
    }
}
