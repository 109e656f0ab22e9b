/// How the Wilcoxon signed-rank test treats zero differences.
public enum ZeroHandling: String, Sendable, CaseIterable {
    /// Drop zero differences before ranking (Wilcoxon 1945; R's `wilcox.test`, scipy's
    /// `zero_method="wilcox"`, coin's `zero.method = "Wilcoxon"`).
    case wilcox
    /// Rank zero differences with the others, then leave them out of W+ and W−
    /// (Pratt 1959; scipy's `zero_method="pratt"`, coin's default), with Cureton's (1967)
    /// adjusted mean and variance in the normal approximation.
    case pratt
}

/// How the p-value of a Wilcoxon signed-rank test is obtained.
public enum SignedRankMethod: Sendable, Equatable {
    /// R's `wilcox.test` rule: `.exact` when fewer than 50 nonzero differences remain and
    /// there are no ties and no zeros, otherwise `.normal(continuityCorrection: true)`.
    case automatic
    /// The exact null distribution of W+ for untied ranks 1...n (R `exact = TRUE`, scipy
    /// `method="exact"`). With ties it is not exact: W+ is then rounded conservatively
    /// (down for the upper tail, up for the lower), as scipy does, and the policy says so.
    case exact
    /// The exact permutation distribution of W+ given the observed ranks, ties and zeros
    /// included: all 2^n sign assignments of the ranked differences (coin's
    /// `distribution = "exact"`, scipy's `PermutationMethod` with all resamples).
    case permutation
    /// The normal approximation with tie-corrected variance
    /// n(n+1)(2n+1)/24 − Σ(t³ − t)/48, optionally with a continuity correction of 1/2
    /// toward the mean (Hollander & Wolfe 1973, §3.1).
    case normal(continuityCorrection: Bool)
}

/// The full policy of a Wilcoxon signed-rank test. The default is R's `wilcox.test`.
public struct WilcoxonPolicy: Sendable, Equatable {
    /// Treatment of zero differences.
    public var zeroHandling: ZeroHandling
    /// How the p-value is obtained.
    public var method: SignedRankMethod

    public init(zeroHandling: ZeroHandling = .wilcox, method: SignedRankMethod = .automatic) {
        self.zeroHandling = zeroHandling
        self.method = method
    }

    /// R's `wilcox.test(x, y, paired = TRUE)` defaults.
    public static let rDefault = WilcoxonPolicy()
}

/// The method a p-value was finally computed with, named as in the JSON contract.
public enum PValueMethod: String, Sendable {
    /// An exact null distribution (classical or permutation).
    case exact
    /// The normal approximation.
    case normal
}
