import Foundation

/// The result of a Shapiro-Wilk test of normality.
public struct ShapiroWilkResult: Sendable, Equatable {
    /// The W statistic, in (0, 1]; values near 1 are consistent with normality.
    public let w: Double
    /// The p-value of H₀: the sample comes from a normal distribution.
    public let p: Double
    /// The sample size.
    public let n: Int

    /// The test's name.
    public var name: String { "Shapiro-Wilk test" }

    /// The policy in words.
    public var policy: String {
        n == 3
            ? "Royston (1995) AS R94 coefficients; exact p-value for n = 3"
            : "Royston (1995) AS R94 coefficients and normalizing transformation of W"
    }

    /// The APA string, such as `W = 0.93, p = .412` (W is printed with two decimals and
    /// its leading zero, as papaja does).
    public var apa: String { apaStatistic.description }
    /// ``apa`` as typed parts.
    public var apaStatistic: APAStatistic { APAStatistic([.init("W", APA.value(w)), .p(p)]) }
}

extension ShapiroWilk {
    /// The Shapiro-Wilk test by Royston's algorithm AS R94 (Royston 1992, "Approximating the
    /// Shapiro-Wilk W-test for non-normality", Stat. Comput. 2:117–119; Royston 1995, Appl.
    /// Statist. 44:547–551), the algorithm of R's `shapiro.test` and scipy's `shapiro`.
    ///
    /// Coefficients: m_i = Φ⁻¹((i − 3/8)/(n + 1/4)); the two outermost coefficients come from
    /// Royston's polynomials in 1/√n, the others are −m_i scaled so that Σa² = 1. W is the
    /// squared correlation of the ordered sample with the coefficients. The p-value: exact for
    /// n = 3, (6/π)(asin √W − π/3); for 4 ≤ n ≤ 11, −log(γ − log(1 − W)) with γ = −2.273 + 0.459n
    /// is normal with mean and log-SD cubic in n; for n ≥ 12, log(1 − W) is normal with mean
    /// and log-SD polynomials in log n.
    ///
    /// - Throws: ``StatsError`` for fewer than 3 or more than 5000 values, NaN or infinity, or
    ///   a sample whose values are all equal.
    public static func test(_ x: [Double]) throws -> ShapiroWilkResult {
        let purpose = "The Shapiro-Wilk test"
        try InputChecks.requireFinite(x, name: "x")
        try InputChecks.requireCount(x, atLeast: 3, name: "x", purpose: purpose)
        if x.count > 5000 {
            throw StatsError(.invalidArgument, "\(purpose) is calibrated for 3 to 5000 values, found \(x.count)")
        }
        // Centre on a middle value first, as scipy does, so large offsets keep their precision.
        let centre = x[x.count / 2]
        let sorted = x.map { $0 - centre }.sorted()
        let range = sorted[sorted.count - 1] - sorted[0]
        if !(range > 0) {
            throw StatsError(.constantData, "\(purpose) cannot be computed: every value of x equals \(x[0])")
        }
        let n = x.count
        let half = ShapiroWilkCoefficients.halfCoefficients(n: n)

        // W as 1 − (1 − r²), computed in the form of AS R94 that keeps precision when W ≈ 1.
        var coefficients = [Double](repeating: 0, count: n)
        for (i, a) in half.enumerated() {
            coefficients[i] = -a
            coefficients[n - 1 - i] = a
        }
        let scaled = sorted.map { $0 / range }
        let meanA = coefficients.reduce(0, +) / Double(n)
        let meanX = scaled.reduce(0, +) / Double(n)
        var ssa = 0.0
        var ssx = 0.0
        var sax = 0.0
        for i in 0..<n {
            let da = coefficients[i] - meanA
            let dx = scaled[i] - meanX
            ssa += da * da
            ssx += dx * dx
            sax += da * dx
        }
        let root = (ssa * ssx).squareRoot()
        let oneMinusW = max(0, (root - sax) * (root + sax) / (ssa * ssx))
        let w = 1 - oneMinusW
        return ShapiroWilkResult(w: w, p: ShapiroWilkCoefficients.pValue(w: w, oneMinusW: oneMinusW, n: n), n: n)
    }
}

/// The coefficients and the p-value approximation of AS R94.
enum ShapiroWilkCoefficients {
    /// Evaluates c₀ + c₁x + c₂x² + … .
    static func polynomial(_ c: [Double], _ x: Double) -> Double {
        c.reversed().reduce(0) { $0 * x + $1 }
    }

    /// a_1 … a_{n/2}, the positive coefficients of the largest values (the smallest get −a_i).
    static func halfCoefficients(n: Int) -> [Double] {
        if n == 3 { return [(0.5 as Double).squareRoot()] }
        let half = n / 2
        let an = Double(n)
        let normal = Normal()
        let m = (1...half).map { normal.quantile((Double($0) - 0.375) / (an + 0.25)) }
        let summ2 = 2 * m.reduce(0) { $0 + $1 * $1 }
        let ssumm2 = summ2.squareRoot()
        let rsn = 1 / an.squareRoot()
        let c1: [Double] = [0, 0.221157, -0.147981, -2.07119, 4.434685, -2.706056]
        let c2: [Double] = [0, 0.042981, -0.293762, -1.752461, 5.682633, -3.582633]
        let a1 = polynomial(c1, rsn) - m[0] / ssumm2
        var a = [Double](repeating: 0, count: half)
        a[0] = a1
        let first: Int
        let fac: Double
        if n > 5 {
            let a2 = -m[1] / ssumm2 + polynomial(c2, rsn)
            fac = ((summ2 - 2 * m[0] * m[0] - 2 * m[1] * m[1]) / (1 - 2 * a1 * a1 - 2 * a2 * a2)).squareRoot()
            a[1] = a2
            first = 2
        } else {
            fac = ((summ2 - 2 * m[0] * m[0]) / (1 - 2 * a1 * a1)).squareRoot()
            first = 1
        }
        if first < half {
            for i in first..<half { a[i] = -m[i] / fac }
        }
        return a
    }

    /// Royston's p-value for W (see ``ShapiroWilk/test(_:)``).
    static func pValue(w: Double, oneMinusW: Double, n: Int) -> Double {
        if n == 3 {
            return max(0, min(1, 6 / Double.pi * (asin(w.squareRoot()) - Double.pi / 3)))
        }
        guard oneMinusW > 0 else { return 1 }
        var y = log(oneMinusW)
        let an = Double(n)
        let mean: Double
        let sd: Double
        if n <= 11 {
            let gamma = polynomial([-2.273, 0.459], an)
            // W so small that the transformation leaves its domain: AS R94 reports 1e-99.
            if y >= gamma { return 1e-99 }
            y = -log(gamma - y)
            mean = polynomial([0.544, -0.39978, 0.025054, -6.714e-4], an)
            sd = exp(polynomial([1.3822, -0.77857, 0.062767, -0.0020322], an))
        } else {
            let logN = log(an)
            mean = polynomial([-1.5861, -0.31082, -0.083751, 0.0038915], logN)
            sd = exp(polynomial([-0.4803, -0.082676, 0.0030302], logN))
        }
        return Normal(mean: mean, sd: sd).sf(y)
    }
}
