/// What keeps a comparison from running as asked: its request, the test it names, the
/// aggregate, or the test's own refusal of the data.
public enum ComparisonProblem: Equatable, Sendable, CustomStringConvertible {
    /// The request names no factor to compare over.
    case noFactor
    /// `factor` is both compared and the factor the comparison is repeated over.
    case repeatedOverComparedFactor(factor: String)
    /// The levels to compare hold fewer than two distinct levels of `factor`.
    case tooFewLevels(factor: String)
    /// The mixed model `test` (`lmm` or `glmm`) does not fit the measure.
    case mixedModelMismatch(test: String)
    /// The requested `test` needs `requirement`; the data have the design `factors` with
    /// `participants` complete participants.
    case testMismatch(test: String, requirement: TestRequirement, factors: [DesignFactor], participants: Int)
    /// `test` refused the data; `reason` is the statistics library's own account.
    case notComputable(test: String, reason: String)
    /// A mixed model would hold more than `limit` trials.
    case tooManyTrials(limit: Int)
    /// The aggregate `aggregate` does not apply to the measure `measure`.
    case aggregateNotApplicable(aggregate: String, measure: String)
    /// The aggregate `none` (trial-level data) was asked for with `test`, which tests one
    /// value per participant and cell.
    case trialLevelNeedsMixedModel(test: String)
    /// Random slopes (`structure`) were asked of the logistic mixed model, which has a
    /// random intercept only.
    case randomSlopesNeedLinearModel(structure: String)

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .noFactor:
            return "a comparison needs a factor to compare over"
        case .repeatedOverComparedFactor(let factor):
            return "\(factor) is both compared and the factor the comparison is repeated over; "
                + "repeat the comparison over another factor"
        case .tooFewLevels(let factor):
            return "the levels to compare need at least two distinct levels of \(factor)"
        case .mixedModelMismatch(let test):
            return "the test \(test) does not fit this measure: \(Self.mixedModelScope)"
        case .testMismatch(let test, _, _, _):
            return "the test \(test) needs \(testMismatchText) (the automatic choice picks a test that fits)"
        case .notComputable(let test, let reason):
            return "\(test) cannot be computed on these data: \(reason)"
        case .tooManyTrials(let limit):
            return "\(Self.trialLimitText(limit)); narrow the selection, or use an aggregated test "
                + "(the automatic choice on complete data)"
        case .aggregateNotApplicable(let aggregate, let measure):
            if measure.hasPrefix("score:") {
                return "the aggregate \(aggregate) does not apply to scores: \(Self.scoreAggregation)"
            } else if measure == "throughput" {
                return "the aggregate \(aggregate) does not apply to throughput: \(Self.throughputAggregation)"
            } else if measure == "error" {
                return "the aggregate \(aggregate) does not apply to error: \(Self.errorAggregation)"
            }
            return "the aggregate proportion applies to the error measure only"
        case .trialLevelNeedsMixedModel(let test):
            return "the aggregate none does not apply to \(test): \(Self.trialLevelScope)"
        case .randomSlopesNeedLinearModel(let structure):
            return "the random effects \(structure) do not apply to glmm: \(Self.glmmRandomEffects)"
        }
    }

    /// What each mixed model models.
    package static let mixedModelScope = "lmm models time (on ln time) or a numeric column, glmm models errors (misses)"
    /// How scores are aggregated.
    package static let scoreAggregation = "each participant has one score per cell (the mean of their sheets)"
    /// How throughput is aggregated.
    package static let throughputAggregation =
        "each participant's value in a cell is the mean of their sequences' throughputs"
    /// Which tests take trial-level data.
    package static let trialLevelScope =
        "only the mixed models lmm and glmm take trial-level data, the other tests one value per participant and cell"
    /// The random effects of the logistic mixed model.
    package static let glmmRandomEffects =
        "the logistic mixed model (glmm) fits a random intercept per participant only; random slopes are fitted by lmm"
    /// How errors are aggregated.
    package static let errorAggregation = "errors are aggregated as the proportion of missed trials"

    /// The mixed model's trial limit, without the remedy.
    package static func trialLimitText(_ limit: Int) -> String {
        "a mixed model holds every trial in memory and is fitted to at most \(limit) trials"
    }

    /// For ``testMismatch(test:requirement:factors:participants:)``, the requirement and the
    /// design the data have; empty for the other cases.
    package var testMismatchText: String {
        guard case .testMismatch(_, let requirement, let factors, let participants) = self else { return "" }
        return "\(requirement); \(factors.map(\.description).joined(separator: " x ")), \(participants) participants"
    }
}

/// The design a test needs.
public enum TestRequirement: Equatable, Sendable, CustomStringConvertible {
    /// One within-subjects factor with two levels.
    case oneWithinFactorOfTwoLevels
    /// One within-subjects factor.
    case oneWithinFactor
    /// Within-subjects factors only.
    case withinFactorsOnly
    /// One between-subjects factor with two levels.
    case oneBetweenFactorOfTwoLevels
    /// One between-subjects factor.
    case oneBetweenFactor
    /// Between-subjects factors only.
    case betweenFactorsOnly
    /// Both within- and between-subjects factors.
    case withinAndBetweenFactors

    /// The requirement in words.
    public var description: String {
        switch self {
        case .oneWithinFactorOfTwoLevels: "one within-subjects factor with two levels"
        case .oneWithinFactor: "one within-subjects factor"
        case .withinFactorsOnly: "within-subjects factors only"
        case .oneBetweenFactorOfTwoLevels: "one between-subjects factor with two levels"
        case .oneBetweenFactor: "one between-subjects factor"
        case .betweenFactorsOnly: "between-subjects factors only"
        case .withinAndBetweenFactors: "within- and between-subjects factors"
        }
    }
}

/// One factor of a design as a comparison reads it.
public struct DesignFactor: Equatable, Sendable, CustomStringConvertible {
    /// The factor's name.
    public var name: String
    /// Whether it varies within participants (else between them).
    public var isWithin: Bool
    /// How many of its levels the data hold.
    public var levels: Int

    /// The factor `name`, within or between subjects, with `levels` levels.
    public init(name: String, isWithin: Bool, levels: Int) {
        self.name = name
        self.isWithin = isWithin
        self.levels = levels
    }

    /// `name (within subjects, 3 levels)`.
    public var description: String {
        "\(name) (\(isWithin ? "within" : "between") subjects, \(levels) levels)"
    }
}
