/// The fixed and random parts of a mixed model with one grouping factor (the participant).
///
/// Categorical factors get sum-to-zero coding (R's `contr.sum`) with levels sorted as R sorts
/// a character column; covariates enter as given (not centred), as in R. Without explicit
/// `terms` the fixed part is the full factorial of the factors plus the main effect of each
/// covariate: `y ~ A * B + x`. Terms are ordered as R orders them: by degree, then as given.
///
/// The random part is an intercept per subject plus the columns of every term in
/// `randomSlopes`, ordered as the fixed terms are. With `correlatedRandomEffects` one
/// unstructured covariance matrix covers them all, as lme4's `(1 + A + B | subject)`;
/// without, every column has its own variance and no correlation, as
/// `(1 + A1 + B1 + A1:B1 || subject)` over the numeric contrast columns (see
/// ``formula(response:subject:levelCounts:)``).
public struct MixedModelSpecification: Sendable, Equatable {
    /// Categorical factors, in formula order.
    public var factors: [String]
    /// Numeric covariates, in formula order.
    public var covariates: [String]
    /// Fixed-effect terms, each a list of factor and covariate names (`["A", "B"]` is `A:B`);
    /// nil for the full factorial of the factors plus covariate main effects.
    public var terms: [[String]]?
    /// Terms whose effects vary by subject, each a list of factor and covariate names
    /// (`["A", "B"]` is the columns of `A:B`); empty for a random intercept only.
    public var randomSlopes: [[String]]
    /// Whether the random intercept and slopes have one unstructured covariance matrix
    /// (lme4's `|`), or independent variances (lme4's `||` over numeric contrast columns).
    public var correlatedRandomEffects: Bool

    /// One factor or covariate with a random slope correlated with the random intercept,
    /// `(1 + x | subject)`; nil when there is no random slope or more than one slope term.
    /// Setting it replaces ``randomSlopes`` by that one term.
    public var randomSlope: String? {
        get { randomSlopes.count == 1 && randomSlopes[0].count == 1 ? randomSlopes[0][0] : nil }
        set { randomSlopes = newValue.map { [[$0]] } ?? [] }
    }

    /// Creates a specification; see the properties for what each argument means. A
    /// `randomSlope` is added to `randomSlopes`.
    public init(
        factors: [String] = [], covariates: [String] = [], terms: [[String]]? = nil,
        randomSlope: String? = nil, randomSlopes: [[String]] = [], correlatedRandomEffects: Bool = true
    ) {
        self.factors = factors
        self.covariates = covariates
        self.terms = terms
        self.randomSlopes = (randomSlope.map { [[$0]] } ?? []) + randomSlopes
        self.correlatedRandomEffects = correlatedRandomEffects
    }

    /// The fixed-effect terms in R's order: by degree, then in the order given.
    var orderedTerms: [[String]] {
        let given: [[String]]
        if let terms {
            given = terms
        } else {
            var all: [[String]] = []
            for mask in 1..<(1 << factors.count) {
                all.append(factors.indices.filter { mask & (1 << $0) != 0 }.map { factors[$0] })
            }
            given = all + covariates.map { [$0] }
        }
        return Self.rOrder(given)
    }

    /// The random slope terms in R's order: by degree, then in the order given.
    var orderedRandomSlopes: [[String]] { Self.rOrder(randomSlopes) }

    private static func rOrder(_ terms: [[String]]) -> [[String]] {
        terms.enumerated().sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }
            .map(\.element)
    }

    /// The lme4 formula of the model, such as `y ~ A * B + x + (1 + A + x | subject)`.
    ///
    /// Correlated random effects are written `(1 + A + B + A:B | subject)`. Uncorrelated ones
    /// are written over numeric contrast columns, `(1 + A1 + A2 + B1 + A1:B1 || subject)`, which
    /// lme4 expands to `(1 | subject) + (0 + A1 | subject) + …`, one variance per column (afex's
    /// `expand_re = TRUE`; `||` on a factor itself would not do this). `Aj` is the j-th
    /// `contr.sum` column of factor A: 1 at its j-th level (levels sorted as R sorts them), −1 at
    /// its last level, 0 elsewhere; `A1:B1` is the product of two such columns and a covariate
    /// is its own column.
    ///
    /// - Parameters:
    ///   - response: the name of the response on the formula's left.
    ///   - subject: the name of the grouping factor of the random effects.
    ///   - levelCounts: the number of levels of each factor, which names the contrast columns
    ///     of the uncorrelated form; a factor not listed is taken to have two levels.
    public func formula(response: String = "y", subject: String = "subject", levelCounts: [String: Int] = [:])
        -> String
    {
        let fixed: String
        if terms == nil && !factors.isEmpty {
            fixed = ([factors.joined(separator: " * ")] + covariates).joined(separator: " + ")
        } else {
            let names = orderedTerms.map { $0.joined(separator: ":") }
            fixed = names.isEmpty ? "1" : names.joined(separator: " + ")
        }
        return "\(response) ~ \(fixed) + \(randomPart(subject: subject, levelCounts: levelCounts))"
    }

    /// The random part of ``formula(response:subject:levelCounts:)``, such as `(1 + A | subject)`.
    public func randomPart(subject: String = "subject", levelCounts: [String: Int] = [:]) -> String {
        let slopes = orderedRandomSlopes
        guard !slopes.isEmpty else { return "(1 | \(subject))" }
        if correlatedRandomEffects {
            return "(1 + \(slopes.map { $0.joined(separator: ":") }.joined(separator: " + ")) | \(subject))"
        }
        let columns = slopes.flatMap { term in
            term.reduce([""]) { names, variable in
                let parts =
                    factors.contains(variable)
                    ? (1..<max(levelCounts[variable] ?? 2, 2)).map { "\(variable)\($0)" } : [variable]
                return parts.flatMap { part in names.map { $0.isEmpty ? part : $0 + ":" + part } }
            }
        }
        return "(1 + \(columns.joined(separator: " + ")) || \(subject))"
    }
}
