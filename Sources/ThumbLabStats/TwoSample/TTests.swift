import Foundation

/// The four t-tests of two-condition comparisons. Each checks its input and throws a
/// ``StatsError`` that says what is wrong (too few values, a constant sample, a NaN or an
/// infinity, unequal lengths for a paired test), so a result never holds NaN.
public enum TTest {
    /// One-sample t-test of H₀: mean(x) = `mu` (R `t.test(x, mu = mu)`). As in R, scipy and
    /// pingouin, the estimate is the mean of x and the interval is that of the mean.
    ///
    /// t = (x̄ − μ₀) / (s/√n), df = n − 1 (Student 1908). The effect size is
    /// d = (x̄ − μ₀)/s with the noncentral-t interval of ``EffectSizes/oneSampleD(_:mu:confidenceLevel:interval:)``.
    public static func oneSample(
        _ x: [Double], mu: Double = 0, alternative: Alternative = .twoSided, confidenceLevel: Double = 0.95
    ) throws -> TTestResult {
        let purpose = "A one-sample t-test"
        try InputChecks.requireConfidenceLevel(confidenceLevel)
        try InputChecks.requireFinite(x, name: "x")
        guard mu.isFinite else { throw StatsError(.nonFinite, "the null mean mu must be finite, got \(mu)") }
        try InputChecks.requireCount(x, atLeast: 2, name: "x", purpose: purpose)
        try InputChecks.requireVariation(x, name: "x", purpose: purpose)
        let moments = SampleMoments(x)
        let n = Double(moments.count)
        let effect = try EffectSizes.oneSampleD(x, mu: mu, confidenceLevel: confidenceLevel)
        return TTestResult(
            kind: .oneSample, alternative: alternative, estimate: moments.mean, nullValue: mu,
            standardError: moments.standardDeviation / n.squareRoot(), df: n - 1,
            confidenceLevel: confidenceLevel, effectSize: effect
        )
    }

    /// Paired t-test: the one-sample test of the differences x − y against 0
    /// (R `t.test(x, y, paired = TRUE)`). The effect size is d_z = mean(x − y)/SD(x − y).
    public static func paired(
        _ x: [Double], _ y: [Double], alternative: Alternative = .twoSided, confidenceLevel: Double = 0.95
    ) throws -> TTestResult {
        let purpose = "A paired t-test"
        try InputChecks.requireConfidenceLevel(confidenceLevel)
        let differences = try InputChecks.pairedDifferences(x, y, purpose: purpose)
        try InputChecks.requireCount(differences, atLeast: 2, name: "the differences x − y", purpose: purpose)
        try InputChecks.requireVariation(differences, name: "the differences x − y", purpose: purpose)
        let moments = SampleMoments(differences)
        let n = Double(moments.count)
        let effect = try EffectSizes.pairedDZ(x, y, confidenceLevel: confidenceLevel)
        return TTestResult(
            kind: .paired, alternative: alternative, estimate: moments.mean, nullValue: 0,
            standardError: moments.standardDeviation / n.squareRoot(), df: n - 1,
            confidenceLevel: confidenceLevel, effectSize: effect
        )
    }

    /// Student's two-sample t-test with pooled variance (R `t.test(x, y, var.equal = TRUE)`):
    /// SE = s_p·√(1/m + 1/n), df = m + n − 2.
    public static func student(
        _ x: [Double], _ y: [Double], alternative: Alternative = .twoSided, confidenceLevel: Double = 0.95
    ) throws -> TTestResult {
        let (mx, my) = try checkedIndependent(x, y, purpose: "Student's t-test")
        let m = Double(mx.count)
        let n = Double(my.count)
        let df = m + n - 2
        let pooled = ((m - 1) * mx.variance + (n - 1) * my.variance) / df
        let effect = try EffectSizes.cohenD(x, y, confidenceLevel: confidenceLevel)
        return TTestResult(
            kind: .student, alternative: alternative, estimate: mx.mean - my.mean, nullValue: 0,
            standardError: (pooled * (1 / m + 1 / n)).squareRoot(), df: df,
            confidenceLevel: confidenceLevel, effectSize: effect
        )
    }

    /// Welch's two-sample t-test (R's default `t.test(x, y)`): SE = √(s²ₓ/m + s²ᵧ/n) and the
    /// Welch–Satterthwaite df = SE⁴ / ((s²ₓ/m)²/(m−1) + (s²ᵧ/n)²/(n−1)) (Welch 1947).
    public static func welch(
        _ x: [Double], _ y: [Double], alternative: Alternative = .twoSided, confidenceLevel: Double = 0.95
    ) throws -> TTestResult {
        let (mx, my) = try checkedIndependent(x, y, purpose: "Welch's t-test")
        let m = Double(mx.count)
        let n = Double(my.count)
        let vx = mx.variance / m
        let vy = my.variance / n
        let df = (vx + vy) * (vx + vy) / (vx * vx / (m - 1) + vy * vy / (n - 1))
        let effect = try EffectSizes.cohenD(x, y, confidenceLevel: confidenceLevel)
        return TTestResult(
            kind: .welch, alternative: alternative, estimate: mx.mean - my.mean, nullValue: 0,
            standardError: (vx + vy).squareRoot(), df: df,
            confidenceLevel: confidenceLevel, effectSize: effect
        )
    }

    /// Checks two independent samples: finite, at least two values each, and not both
    /// constant (a zero standard error has no t statistic).
    static func checkedIndependent(
        _ x: [Double], _ y: [Double], purpose: String
    ) throws -> (SampleMoments, SampleMoments) {
        try InputChecks.requireFinite(x, name: "x")
        try InputChecks.requireFinite(y, name: "y")
        try InputChecks.requireCount(x, atLeast: 2, name: "x", purpose: purpose)
        try InputChecks.requireCount(y, atLeast: 2, name: "y", purpose: purpose)
        let mx = SampleMoments(x)
        let my = SampleMoments(y)
        if mx.variance == 0 && my.variance == 0 {
            throw StatsError(
                .constantData,
                "\(purpose) cannot be computed: x and y are each constant, so the standard error is 0"
            )
        }
        return (mx, my)
    }
}
