import Foundation

/// How the confidence interval of a standardized mean difference is computed. Intervals are
/// always two-sided at the requested level, whatever the alternative of the test.
public enum StandardizedDifferenceInterval: String, Sendable, CaseIterable {
    /// Inverts the noncentral t distribution of the t statistic (Steiger & Fouladi 1997),
    /// as R's effectsize package does (`cohens_d`, `hedges_g`): the limits are the
    /// noncentrality limits times √(1/m + 1/n) (two samples) or 1/√n (one sample, d_z).
    case noncentralT
    /// d ± t_{df, 1−α/2}·SE with Hedges & Olkin's (1985) large-sample SE,
    /// √((m+n)/(mn) + d²/(2(m+n))) for two samples and √(1/n + d²/(2n)) for one, as
    /// pingouin's `compute_esci` computes it.
    case normalApproximation

    var description: String {
        switch self {
        case .noncentralT: return "noncentral t (Steiger & Fouladi 1997; as R effectsize)"
        case .normalApproximation:
            return "normal approximation, Hedges & Olkin SE with t critical value (as pingouin compute_esci)"
        }
    }
}

/// Standardized mean differences for two conditions, each named by its variant
/// (Lakens 2013, "Calculating and reporting effect sizes", Front. Psychol. 4:863).
public enum EffectSizes {
    /// Hedges & Olkin's (1985) small-sample correction J(df) = 1 − 3/(4·df − 1), the
    /// approximation pingouin uses (df = m + n − 2 gives its 1 − 3/(4(m+n) − 9)).
    public static func hedgesCorrection(df: Double) -> Double { 1 - 3 / (4 * df - 1) }

    /// Cohen's d for two independent samples: (x̄ − ȳ)/s_p with the pooled SD
    /// s_p = √(((m−1)s²ₓ + (n−1)s²ᵧ)/(m+n−2)) (Cohen 1988, eq. 2.5.2).
    public static func cohenD(
        _ x: [Double], _ y: [Double], confidenceLevel: Double = 0.95,
        interval: StandardizedDifferenceInterval = .noncentralT
    ) throws -> EffectSize {
        let (d, m, n) = try pooledD(x, y, confidenceLevel: confidenceLevel)
        return EffectSize(
            name: "Cohen's d (pooled SD)", symbol: "d", value: d,
            interval: twoSampleInterval(d, m: m, n: n, correction: 1, level: confidenceLevel, method: interval)
        )
    }

    /// Hedges' g for two independent samples: J(m+n−2)·d with ``hedgesCorrection(df:)``;
    /// the noncentral interval is J times that of d, the normal one uses g in the SE.
    public static func hedgesG(
        _ x: [Double], _ y: [Double], confidenceLevel: Double = 0.95,
        interval: StandardizedDifferenceInterval = .noncentralT
    ) throws -> EffectSize {
        let (d, m, n) = try pooledD(x, y, confidenceLevel: confidenceLevel)
        let j = hedgesCorrection(df: m + n - 2)
        return EffectSize(
            name: "Hedges' g (pooled SD, Hedges & Olkin correction)", symbol: "g", value: j * d,
            interval: twoSampleInterval(d, m: m, n: n, correction: j, level: confidenceLevel, method: interval)
        )
    }

    /// Cohen's d_z for paired samples: mean(x − y)/SD(x − y) (Cohen 1988, eq. 2.3.5),
    /// which equals t/√n of the paired t-test.
    public static func pairedDZ(
        _ x: [Double], _ y: [Double], confidenceLevel: Double = 0.95,
        interval: StandardizedDifferenceInterval = .noncentralT
    ) throws -> EffectSize {
        let (d, n) = try pairedStandardized(x, y, purpose: "d_z", level: confidenceLevel)
        return EffectSize(
            name: "Cohen's d_z (mean difference / SD of differences)", symbol: "d_z", value: d,
            interval: oneSampleInterval(d, n: n, correction: 1, level: confidenceLevel, method: interval)
        )
    }

    /// Hedges' g_z for paired samples: J(n − 1)·d_z.
    public static func pairedGZ(
        _ x: [Double], _ y: [Double], confidenceLevel: Double = 0.95,
        interval: StandardizedDifferenceInterval = .noncentralT
    ) throws -> EffectSize {
        let (d, n) = try pairedStandardized(x, y, purpose: "g_z", level: confidenceLevel)
        let j = hedgesCorrection(df: n - 1)
        return EffectSize(
            name: "Hedges' g_z (d_z with Hedges & Olkin correction)", symbol: "g_z", value: j * d,
            interval: oneSampleInterval(d, n: n, correction: j, level: confidenceLevel, method: interval)
        )
    }

    /// One-sample d = (x̄ − μ₀)/s, the effect size of the one-sample t-test.
    public static func oneSampleD(
        _ x: [Double], mu: Double, confidenceLevel: Double = 0.95,
        interval: StandardizedDifferenceInterval = .noncentralT
    ) throws -> EffectSize {
        try InputChecks.requireFinite(x, name: "x")
        let (d, n) = try oneSampleStandardized(x, mu: mu, name: "x", purpose: "d", level: confidenceLevel)
        return EffectSize(
            name: "Cohen's d (one sample: (mean − μ₀) / SD)", symbol: "d", value: d,
            interval: oneSampleInterval(d, n: n, correction: 1, level: confidenceLevel, method: interval)
        )
    }

    /// d_av for paired samples: (x̄ − ȳ)/√((s²ₓ + s²ᵧ)/2), the mean difference over the
    /// average SD (Cumming 2012; Lakens 2013, eq. 10), as pingouin's paired "cohen". Reported
    /// only as an extra beside d_z; it has no standard interval. With `hedges: true` it is
    /// multiplied by pingouin's correction 1 − 3/(4·2n − 9).
    public static func pairedDAv(_ x: [Double], _ y: [Double], hedges: Bool = false) throws -> EffectSize {
        _ = try InputChecks.pairedDifferences(x, y, purpose: "d_av")
        try InputChecks.requireCount(x, atLeast: 2, name: "x", purpose: "d_av")
        let mx = SampleMoments(x)
        let my = SampleMoments(y)
        let averageVariance = (mx.variance + my.variance) / 2
        if averageVariance == 0 {
            throw StatsError(.constantData, "d_av cannot be computed: x and y are both constant")
        }
        let d = (mx.mean - my.mean) / averageVariance.squareRoot()
        if hedges {
            let j = hedgesCorrection(df: 2 * Double(x.count) - 2)
            return EffectSize(
                name: "Hedges' g_av (average SD, Hedges & Olkin correction)", symbol: "g_av", value: j * d)
        }
        return EffectSize(name: "Cohen's d_av (mean difference / average SD)", symbol: "d_av", value: d)
    }

    // MARK: - Shared steps

    private static func pooledD(
        _ x: [Double], _ y: [Double], confidenceLevel: Double
    ) throws -> (d: Double, m: Double, n: Double) {
        try InputChecks.requireConfidenceLevel(confidenceLevel)
        let (mx, my) = try TTest.checkedIndependent(x, y, purpose: "Cohen's d")
        let m = Double(mx.count)
        let n = Double(my.count)
        let pooled = ((m - 1) * mx.variance + (n - 1) * my.variance) / (m + n - 2)
        return ((mx.mean - my.mean) / pooled.squareRoot(), m, n)
    }

    private static func pairedStandardized(
        _ x: [Double], _ y: [Double], purpose: String, level: Double
    ) throws -> (d: Double, n: Double) {
        let differences = try InputChecks.pairedDifferences(x, y, purpose: purpose)
        return try oneSampleStandardized(
            differences, mu: 0, name: "the differences x − y", purpose: purpose, level: level)
    }

    private static func oneSampleStandardized(
        _ values: [Double], mu: Double, name: String, purpose: String, level: Double
    ) throws -> (d: Double, n: Double) {
        try InputChecks.requireConfidenceLevel(level)
        try InputChecks.requireCount(values, atLeast: 2, name: name, purpose: purpose)
        try InputChecks.requireVariation(values, name: name, purpose: purpose)
        let moments = SampleMoments(values)
        return ((moments.mean - mu) / moments.standardDeviation, Double(moments.count))
    }

    private static func twoSampleInterval(
        _ d: Double, m: Double, n: Double, correction j: Double, level: Double, method: StandardizedDifferenceInterval
    ) -> EffectSize.Interval? {
        let df = m + n - 2
        switch method {
        case .noncentralT:
            let scale = (1 / m + 1 / n).squareRoot()
            guard let ncp = NoncentralTPivot.interval(t: d / scale, df: df, level: level) else { return nil }
            return .init(low: j * ncp.low * scale, high: j * ncp.high * scale, level: level, method: method.description)
        case .normalApproximation:
            let g = j * d
            let se = ((m + n) / (m * n) + g * g / (2 * (m + n))).squareRoot()
            let critical = StudentT(df: df).isf((1 - level) / 2)
            return .init(low: g - critical * se, high: g + critical * se, level: level, method: method.description)
        }
    }

    private static func oneSampleInterval(
        _ d: Double, n: Double, correction j: Double, level: Double, method: StandardizedDifferenceInterval
    ) -> EffectSize.Interval? {
        switch method {
        case .noncentralT:
            let root = n.squareRoot()
            guard let ncp = NoncentralTPivot.interval(t: d * root, df: n - 1, level: level) else { return nil }
            return .init(low: j * ncp.low / root, high: j * ncp.high / root, level: level, method: method.description)
        case .normalApproximation:
            let g = j * d
            let se = (1 / n + g * g / (2 * n)).squareRoot()
            let critical = StudentT(df: n - 1).isf((1 - level) / 2)
            return .init(low: g - critical * se, high: g + critical * se, level: level, method: method.description)
        }
    }
}

/// The noncentral t distribution function, used only to invert a t statistic into a
/// confidence interval of its noncentrality parameter (the pivot of standardized mean
/// differences; Steiger & Fouladi 1997; R's effectsize package).
///
/// The series is Lenth's (1989) algorithm AS 243, as in R's `pnt`: a Poisson mixture of
/// incomplete beta functions, summed until the error bound falls below 1e-12. It is
/// accurate while |δ| stays below about 37, beyond which its first term underflows;
/// callers keep to ``maximumNoncentrality``.
enum NoncentralTPivot {
    /// The largest |t| for which intervals are computed.
    static let maximumNoncentrality = 35.0

    /// P(T ≤ t) for T noncentral t with `df` degrees of freedom and noncentrality `delta`.
    static func cdf(_ t: Double, df: Double, delta: Double) -> Double {
        let negative = t < 0
        let tt = negative ? -t : t
        let del = negative ? -delta : delta
        var tnc = 0.0
        let x = tt * tt / (tt * tt + df)
        if x > 0 {
            let lambda = del * del
            var p = 0.5 * exp(-0.5 * lambda)
            var q = (2 / Double.pi).squareRoot() * p * del
            var s = 0.5 - p
            if s < 1e-7 { s = -0.5 * expm1(-0.5 * lambda) }
            var a = 0.5
            let b = 0.5 * df
            let rxb = pow(1 - x, b)
            let logBetaHalf = 0.5 * log(Double.pi) + SpecialFunctions.logGamma(b) - SpecialFunctions.logGamma(0.5 + b)
            var xodd = SpecialFunctions.regularizedIncompleteBeta(x: x, a: a, b: b)
            var godd = 2 * rxb * exp(a * log(x) - logBetaHalf)
            let bx = b * x
            var xeven = bx < Double.ulpOfOne ? bx : 1 - rxb
            var geven = bx * rxb
            tnc = p * xodd + q * xeven
            for iteration in 1...1000 {
                a += 1
                xodd -= godd
                xeven -= geven
                godd *= x * (a + b - 1) / a
                geven *= x * (a + b - 0.5) / (a + 0.5)
                p *= lambda / Double(2 * iteration)
                q *= lambda / Double(2 * iteration + 1)
                tnc += p * xodd + q * xeven
                s -= p
                if s < -1e-10 || (s <= 0 && iteration > 1) { break }
                if abs(2 * s * (xodd - godd)) < 1e-12 { break }
            }
        }
        tnc += Normal().cdf(-del)
        let lower = min(tnc, 1)
        return negative ? max(0, 1 - lower) : lower
    }

    /// The noncentrality parameters δ_low < δ_high for which the observed `t` is the
    /// (1 + level)/2 and (1 − level)/2 quantile, found by bisection to 1e-12.
    /// Returns nil when |t| exceeds ``maximumNoncentrality``.
    static func interval(t: Double, df: Double, level: Double) -> (low: Double, high: Double)? {
        guard abs(t) <= maximumNoncentrality, df > 0 else { return nil }
        let alpha = 1 - level
        guard let low = solve(t: t, df: df, target: 1 - alpha / 2),
            let high = solve(t: t, df: df, target: alpha / 2)
        else { return nil }
        return (low, high)
    }

    /// The δ with cdf(t; df, δ) = target; the cdf decreases in δ.
    private static func solve(t: Double, df: Double, target: Double) -> Double? {
        var width = 2 + 6 * (1 + t * t / (2 * df)).squareRoot()
        var low = t - width
        var high = t + width
        var expansions = 0
        while !(cdf(t, df: df, delta: low) > target && cdf(t, df: df, delta: high) < target) {
            expansions += 1
            if expansions > 20 { return nil }
            width *= 1.5
            low = t - width
            high = t + width
        }
        while high - low > 1e-12 * max(1, abs(low)) {
            let middle = 0.5 * (low + high)
            if cdf(t, df: df, delta: middle) > target { low = middle } else { high = middle }
        }
        return 0.5 * (low + high)
    }
}
