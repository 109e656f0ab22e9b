/// A continuous distribution whose quantiles ``QuantileSolver`` finds from its tails and
/// density.
protocol SolvedQuantiles {
    /// Whether the parameters define a distribution; every quantile is NaN otherwise.
    var isValid: Bool { get }
    /// The support the solver maps the real line onto.
    var quantileSupport: QuantileSolver.Support { get }
    /// P(X ≤ x).
    func cdf(_ x: Double) -> Double
    /// P(X > x).
    func sf(_ x: Double) -> Double
    /// The density at x.
    func pdf(_ x: Double) -> Double
    /// Where the solver starts: an x whose lower tail (upper when `upper`) is near `target`.
    func initialGuess(_ target: Double, _ upper: Bool) -> Double
}

extension SolvedQuantiles {
    /// The x with P(X ≤ x) = p, or with P(X > x) = p when `isUpper`; NaN for invalid
    /// parameters or an invalid p.
    func solve(_ p: Double, isUpper: Bool) -> Double {
        guard isValid, Probability.isValid(p) else { return .nan }
        return QuantileSolver.invert(
            p, isUpper: isUpper, support: quantileSupport, initial: initialGuess,
            cdf: cdf, sf: sf, density: pdf)
    }
}
