import ThumbLabStats

/// The System Usability Scale's scoring rules.
///
/// - Score (Brooke 1996, "SUS: a 'quick and dirty' usability scale"): ten items answered 1
///   to 5; odd (positively worded) items score value − 1, even (negatively worded) items
///   5 − value; the sum of the ten item scores × 2.5 gives 0 to 100.
/// - Sub-scales (Lewis & Sauro 2009, "The factor structure of the System Usability Scale",
///   HCII): learnability is items 4 and 10 (their item scores' sum × 12.5), usability the
///   other eight (sum × 3.125), each 0 to 100.
/// - Items are named `1` to `10`, or any name ending in the item number (`sus1`, `q1`,
///   `SUS_1`).
public enum SUSScoring {
    /// The items of the learnability sub-scale (Lewis & Sauro 2009).
    public static let learnabilityItems: Set<Int> = [4, 10]

    /// The population the percentile ranks refer to: a normal approximation to Sauro's SUS
    /// norms, mean 68 and SD 12.5 (Sauro 2011, *A Practical Guide to the System Usability
    /// Scale*).
    public static let norms = Normal(mean: 68, sd: 12.5)

    /// The percentile rank of a SUS score (0 to 100) under ``norms``.
    public static func percentile(_ score: Double) -> Double {
        guard score.isFinite else { return .nan }
        return 100 * norms.cdf(score)
    }

    /// The SUS score of ten item answers (1 to 5, item 1 first): Brooke's rule.
    public static func score(items answers: [Int]) -> Double {
        Double(itemScores(answers).reduce(0, +)) * 2.5
    }

    /// Each item's contribution, 0 to 4: value − 1 for odd items, 5 − value for even ones.
    static func itemScores(_ answers: [Int]) -> [Int] {
        answers.enumerated().map { index, value in index % 2 == 0 ? value - 1 : 5 - value }
    }

    /// Scores one sheet, or says why it cannot be scored.
    static func score(_ sheet: QuestionnaireSheet) -> Result<SheetScore, SheetProblems> {
        var problems: [String] = []
        let answers = SheetChecks.numberedAnswers(sheet, count: 10, instrument: "SUS", problems: &problems)
        var values: [Int] = []
        for number in 1...10 {
            guard let answer = answers[number] else { continue }
            if let value = SheetChecks.wholeAnswer(
                answer, label: "SUS item \(number)", range: 1...5, rule: "SUS items", problems: &problems)
            {
                values.append(value)
            }
        }
        guard problems.isEmpty, values.count == 10 else { return .failure(SheetProblems(problems)) }
        let itemScores = itemScores(values)
        var learnability = 0
        var usability = 0
        for (index, itemScore) in itemScores.enumerated() {
            if learnabilityItems.contains(index + 1) {
                learnability += itemScore
            } else {
                usability += itemScore
            }
        }
        return .success(
            SheetScore(
                score: Double(learnability + usability) * 2.5,
                subscores: [
                    Subscore(name: "learnability", value: Double(learnability) * 12.5),
                    Subscore(name: "usability", value: Double(usability) * 3.125),
                ]))
    }
}

/// A grade on the Sauro-Lewis curved grading scale for SUS scores (Sauro & Lewis 2016,
/// *Quantifying the User Experience*, 2nd ed., table 8.5), which places a score among the
/// scores of some 450 studies: A+ 84.1-100, A 80.8-84.0, A- 78.9-80.7, B+ 77.2-78.8,
/// B 74.1-77.1, B- 72.6-74.0, C+ 71.1-72.5, C 65.0-71.0, C- 62.7-64.9, D 51.7-62.6,
/// F 0-51.6.
public enum SUSGrade: String, CaseIterable, Sendable {
    /// A+: 84.1 to 100.
    case aPlus = "A+"
    /// A: 80.8 to 84.0.
    case a = "A"
    /// A−: 78.9 to 80.7.
    case aMinus = "A-"
    /// B+: 77.2 to 78.8.
    case bPlus = "B+"
    /// B: 74.1 to 77.1.
    case b = "B"
    /// B−: 72.6 to 74.0.
    case bMinus = "B-"
    /// C+: 71.1 to 72.5.
    case cPlus = "C+"
    /// C: 65.0 to 71.0.
    case c = "C"
    /// C−: 62.7 to 64.9.
    case cMinus = "C-"
    /// D: 51.7 to 62.6.
    case d = "D"
    /// F: 0 to 51.6.
    case f = "F"

    /// The lowest score of the grade: a score earns the best grade whose lower bound it
    /// reaches, compared unrounded (so 84.05 is an A, not an A+).
    public var lowerBound: Double {
        switch self {
        case .aPlus: 84.1
        case .a: 80.8
        case .aMinus: 78.9
        case .bPlus: 77.2
        case .b: 74.1
        case .bMinus: 72.6
        case .cPlus: 71.1
        case .c: 65.0
        case .cMinus: 62.7
        case .d: 51.7
        case .f: 0
        }
    }

    /// The grade of a score, or `nil` for NaN; scores below 0 are an F.
    public init?(score: Double) {
        guard !score.isNaN else { return nil }
        self = Self.allCases.first { score >= $0.lowerBound } ?? .f
    }
}
