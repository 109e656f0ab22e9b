import Foundation

/// A maximum-likelihood logistic regression of a 0/1 outcome on one predictor,
/// logit P(y = 1) = β₀ + β₁x, as R's `glm(y ~ x, family = binomial)` and statsmodels'
/// `Logit` fit it: Newton-Raphson on the log-likelihood (Agresti 2013, *Categorical Data
/// Analysis*, §4.6), standard errors from the inverse of the observed information, Wald
/// z = β/SE with two-sided normal p-values.
public struct LogisticRegressionResult: Sendable, Equatable {
    /// The number of observations.
    public let n: Int
    /// β₀, the log-odds at x = 0.
    public let intercept: Double
    /// β₁, the change in log-odds per unit of x.
    public let slope: Double
    /// Standard error of the intercept.
    public let interceptSE: Double
    /// Standard error of the slope.
    public let slopeSE: Double
    /// Var(β₀), Cov(β₀, β₁) and Var(β₁): the inverse of the information matrix.
    public let varianceIntercept: Double
    /// Cov(β₀, β₁).
    public let covariance: Double
    /// Var(β₁).
    public let varianceSlope: Double
    /// The maximised log-likelihood.
    public let logLikelihood: Double
    /// Newton steps taken.
    public let iterations: Int

    /// Wald z of the intercept.
    public var interceptZ: Double { intercept / interceptSE }
    /// Wald z of the slope.
    public var slopeZ: Double { slope / slopeSE }
    /// Two-sided p of the intercept's Wald z.
    public var interceptP: Double { 2 * Normal().sf(abs(interceptZ)) }
    /// Two-sided p of the slope's Wald z.
    public var slopeP: Double { 2 * Normal().sf(abs(slopeZ)) }

    /// The fitted probability at `x`, with its Wald interval computed on the logit scale
    /// (SE of β₀ + β₁x by the delta method) and back-transformed.
    public func probability(at x: Double, level: Double = 0.95) -> ConfidenceInterval {
        let eta = intercept + slope * x
        let se = (varianceIntercept + 2 * x * covariance + x * x * varianceSlope).squareRoot()
        let z = Normal().isf((1 - level) / 2)
        return ConfidenceInterval(
            estimate: Self.expit(eta), lower: Self.expit(eta - z * se), upper: Self.expit(eta + z * se), level: level)
    }

    /// The x at which the fitted probability equals `probability`: (logit p − β₀)/β₁;
    /// NaN when p is outside (0, 1) or the slope is zero.
    public func predictor(atProbability probability: Double) -> Double {
        guard probability > 0, probability < 1, slope != 0 else { return .nan }
        return (log(probability / (1 - probability)) - intercept) / slope
    }

    /// 1 / (1 + e^−η), without overflow.
    static func expit(_ eta: Double) -> Double {
        eta >= 0 ? 1 / (1 + exp(-eta)) : exp(eta) / (1 + exp(eta))
    }
}

/// The outcomes observed at one value of the predictor: `events` of `trials` were 1. A
/// logistic regression of such counts is the regression of the trials one by one.
public struct BinomialCount: Sendable, Equatable {
    /// The predictor value.
    public var x: Double
    /// The observations at `x`.
    public var trials: Int
    /// The observations at `x` whose outcome is 1.
    public var events: Int

    /// `events` of `trials` observations at `x` had outcome 1.
    public init(x: Double, trials: Int, events: Int) {
        self.x = x
        self.trials = trials
        self.events = events
    }
}

extension Regression {
    /// Fits logit P(y = 1) = β₀ + β₁x by maximum likelihood (see ``LogisticRegressionResult``).
    ///
    /// - Throws: ``StatsError`` when the inputs differ in length, x holds NaN or infinity,
    ///   there are fewer than 2 observations, x is constant, y is all 0 or all 1, or x
    ///   separates the outcomes completely (the estimates diverge, and no finite maximum
    ///   exists).
    public static func logistic(_ x: [Double], _ y: [Bool]) throws -> LogisticRegressionResult {
        guard x.count == y.count else {
            throw StatsError(
                .lengthMismatch, "x has \(x.count) values and y \(y.count); give one outcome per predictor value")
        }
        if let bad = x.firstIndex(where: { !$0.isFinite }) {
            throw StatsError(.nonFinite, "predictor value \(bad + 1) is \(x[bad]); every value must be finite")
        }
        return try LogisticFit(zip(x, y).map { BinomialCount(x: $0, trials: 1, events: $1 ? 1 : 0) }).result()
    }

    /// The same fit from counts of outcomes per predictor value: with a few distinct values
    /// (target sizes, levels of a factor) its cost and memory do not grow with the number of
    /// observations. Estimates, standard errors and the log-likelihood equal those of
    /// ``logistic(_:_:)`` on the observations one by one (the log-likelihood is that of the
    /// 0/1 outcomes, without binomial coefficients); `n` is the total of `trials`.
    ///
    /// - Throws: ``StatsError`` when a count is negative or has more events than trials, x
    ///   holds NaN or infinity, and as ``logistic(_:_:)`` for too few observations, a
    ///   constant predictor, a constant outcome or separation.
    public static func logistic(counts: [BinomialCount]) throws -> LogisticRegressionResult {
        if let bad = counts.firstIndex(where: { $0.trials < 0 || $0.events < 0 || $0.events > $0.trials }) {
            throw StatsError(
                .invalidArgument,
                "count \(bad + 1) has \(counts[bad].events) events of \(counts[bad].trials) trials; "
                    + "trials and events must not be negative and events must not exceed trials")
        }
        if let bad = counts.firstIndex(where: { !$0.x.isFinite }) {
            throw StatsError(.nonFinite, "predictor value \(bad + 1) is \(counts[bad].x); every value must be finite")
        }
        return try LogisticFit(counts.filter { $0.trials > 0 }).result()
    }
}

/// Newton–Raphson for one predictor over counts of outcomes; a 0/1 observation is a count
/// of one trial, for which every step's arithmetic is that of the observation itself.
private struct LogisticFit {
    let counts: [BinomialCount]
    let total: Int
    let events: Int

    init(_ counts: [BinomialCount]) throws {
        self.counts = counts
        total = counts.reduce(0) { $0 + $1.trials }
        events = counts.reduce(0) { $0 + $1.events }
        guard total >= 2 else {
            throw StatsError(.tooFewObservations, "a logistic regression needs at least 2 observations; got \(total)")
        }
        guard let first = counts.first?.x, counts.contains(where: { $0.x != first }) else {
            throw StatsError(
                .constantData, "the predictor takes one value only (\(counts[0].x)); a slope needs at least two")
        }
        guard events > 0, events < total else {
            throw StatsError(
                .constantData, "every outcome is \(events == 0 ? 0 : 1); a logistic regression needs both outcomes")
        }
    }

    func result() throws -> LogisticRegressionResult {
        // Centre x for a well-conditioned Newton iteration; transformed back at the end.
        let centre = counts.reduce(0) { $0 + Double($1.trials) * $1.x } / Double(total)
        var b0 = log(Double(events) / Double(total - events))
        var b1 = 0.0
        var information = (a: 0.0, b: 0.0, c: 0.0)
        var logLikelihood = -Double.infinity
        var iterations = 0
        for iteration in 1...100 {
            iterations = iteration
            var gradient = (0.0, 0.0)
            information = (0, 0, 0)
            var likelihood = 0.0
            for count in counts {
                let trials = Double(count.trials)
                let u = count.x - centre
                let eta = b0 + b1 * u
                let mu = LogisticRegressionResult.expit(eta)
                let residual = Double(count.events) - trials * mu
                gradient.0 += residual
                gradient.1 += residual * u
                let weight = trials * mu * (1 - mu)
                information.a += weight
                information.b += weight * u
                information.c += weight * u * u
                // log p(y | η) = yη − log(1 + e^η) per observation.
                likelihood +=
                    (count.events == 0 ? 0 : Double(count.events) * eta)
                    - trials * (eta > 0 ? eta + log1p(exp(-eta)) : log1p(exp(eta)))
            }
            logLikelihood = likelihood
            let determinant = information.a * information.c - information.b * information.b
            guard determinant > 0, determinant.isFinite else { break }
            let step0 = (information.c * gradient.0 - information.b * gradient.1) / determinant
            let step1 = (information.a * gradient.1 - information.b * gradient.0) / determinant
            b0 += step0
            b1 += step1
            if abs(step0) < 1e-12 * (1 + abs(b0)) && abs(step1) < 1e-12 * (1 + abs(b1)) { break }
        }
        let determinant = information.a * information.c - information.b * information.b
        let separated =
            counts.allSatisfy {
                let fitted = LogisticRegressionResult.expit(b0 + b1 * ($0.x - centre))
                return fitted < 1e-8 || fitted > 1 - 1e-8
            } || abs(b1) > 1e6 || !(determinant > 1e-300)
        if separated || !b0.isFinite || !b1.isFinite || iterations == 100 {
            throw StatsError(
                .invalidDesign,
                "the predictor separates the outcomes (or nearly), so the likelihood has no finite maximum; a logistic regression cannot be fitted"
            )
        }
        // Back from centred x: β₀ = b₀ − b₁c; the covariance transforms with [1, −c; 0, 1].
        let vA = information.c / determinant
        let vB = -information.b / determinant
        let vC = information.a / determinant
        let varianceIntercept = vA - 2 * centre * vB + centre * centre * vC
        let covariance = vB - centre * vC
        return LogisticRegressionResult(
            n: total, intercept: b0 - b1 * centre, slope: b1, interceptSE: varianceIntercept.squareRoot(),
            slopeSE: vC.squareRoot(), varianceIntercept: varianceIntercept, covariance: covariance, varianceSlope: vC,
            logLikelihood: logLikelihood, iterations: iterations)
    }
}
