import Foundation

/// A one-factor within-subjects study as a fitted mixed model describes it: each level's
/// mean on the model's linear scale, how participants' deviations at the levels vary and
/// covary, the trial-level response, and the trials per participant and level. The model
/// behind ``Power/simulate(_:participants:simulations:effectScale:alpha:seed:test:)``, as simr
/// simulates from a fitted `lmer` or `glmer` (Green & MacLeod 2016).
public struct SimulatedStudyModel: Sendable, Equatable {
    /// What one trial gives.
    public enum Response: Sendable, Equatable {
        /// A normal value η + e with e ~ N(0, residualSD²), such as ln time (`lmer`).
        case normal(residualSD: Double)
        /// An event (1) with probability logistic(η), else 0, such as a miss (`glmer`, logit link).
        case binary
    }

    /// The mean η of each level on the linear scale (ln ms, or the logit), two or more.
    public var means: [Double]
    /// The k × k covariance of a participant's random deviations at the k levels: Z Σ Zᵀ for
    /// random-effect covariance Σ and coding Z; every entry is the intercept variance under a
    /// random intercept alone.
    public var randomCovariance: [[Double]]
    /// The trial-level response.
    public var response: Response
    /// Trials per participant at each level, one or more.
    public var trialsPerCell: [Int]

    /// A model; see the properties for what each argument means.
    public init(means: [Double], randomCovariance: [[Double]], response: Response, trialsPerCell: [Int]) {
        self.means = means
        self.randomCovariance = randomCovariance
        self.response = response
        self.trialsPerCell = trialsPerCell
    }

    /// A random intercept of SD `participantSD` alone: every level's deviation is the same draw.
    public static func randomIntercept(
        means: [Double], participantSD: Double, response: Response, trialsPerCell: [Int]
    ) -> SimulatedStudyModel {
        let variance = participantSD * participantSD
        return SimulatedStudyModel(
            means: means,
            randomCovariance: Array(repeating: Array(repeating: variance, count: means.count), count: means.count),
            response: response, trialsPerCell: trialsPerCell)
    }

    /// The covariance of the level deviations for random effects with covariance `sigma`
    /// (rows and columns in the order of `coding`'s columns) and the coding row of each level:
    /// Z Σ Zᵀ.
    public static func levelCovariance(sigma: [[Double]], coding: [[Double]]) -> [[Double]] {
        coding.map { a in
            coding.map { b in
                var sum = 0.0
                for r in a.indices { for c in b.indices { sum += a[r] * sigma[r][c] * b[c] } }
                return sum
            }
        }
    }

    /// Checks the model and returns the lower-triangular factor L of the level covariance
    /// (L Lᵀ = C; a column is zero where C is singular).
    func validatedFactor() throws -> [[Double]] {
        let k = means.count
        try AcceptedRange(
            .levels, value: Double(k), lower: 2, upper: .infinity, includesLower: true, includesUpper: false
        )
        .check()
        guard trialsPerCell.count == k, randomCovariance.count == k, randomCovariance.allSatisfy({ $0.count == k })
        else {
            throw StatsError(
                .invalidArgument, "the model needs a trial count per level and a \(k) × \(k) random-effect covariance")
        }
        for trials in trialsPerCell {
            try AcceptedRange(
                .n, value: Double(trials), lower: 1, upper: .infinity, includesLower: true, includesUpper: false
            )
            .check()
        }
        if case .normal(let residualSD) = response, !(residualSD > 0 && residualSD.isFinite) {
            throw StatsError(.invalidArgument, "the model needs a finite positive residual SD, not \(residualSD)")
        }
        guard means.allSatisfy(\.isFinite), randomCovariance.joined().allSatisfy(\.isFinite),
            let factor = Self.choleskyFactor(randomCovariance)
        else {
            throw StatsError(
                .invalidArgument, "the model needs finite means and a positive semi-definite random-effect covariance")
        }
        return factor
    }

    /// The Cholesky factor of a positive semi-definite matrix, with a zero column wherever
    /// a pivot vanishes (within 1e-10 of the largest diagonal entry); nil when it is not
    /// positive semi-definite.
    static func choleskyFactor(_ c: [[Double]]) -> [[Double]]? {
        let k = c.count
        let tolerance = 1e-10 * max(c.indices.map { c[$0][$0] }.max() ?? 0, 1e-300)
        var l = Array(repeating: Array(repeating: 0.0, count: k), count: k)
        for j in 0..<k {
            var pivot = c[j][j]
            for p in 0..<j { pivot -= l[j][p] * l[j][p] }
            if pivot < -tolerance { return nil }
            guard pivot > tolerance else { continue }
            let root = pivot.squareRoot()
            l[j][j] = root
            for i in (j + 1)..<k {
                var sum = c[i][j]
                for p in 0..<j { sum -= l[i][p] * l[j][p] }
                l[i][j] = sum / root
            }
        }
        // A skipped pivot leaves its column zero; the product must still give C.
        for i in 0..<k {
            for j in 0...i {
                var sum = 0.0
                for p in 0...j { sum += l[i][p] * l[j][p] }
                if abs(sum - c[i][j]) > 1e-8 * max(1, abs(c[i][j])) { return nil }
            }
        }
        return l
    }
}
