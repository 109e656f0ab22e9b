import Foundation

/// The nine sample-quantile definitions of Hyndman & Fan (1996), numbered as in R's
/// `quantile(type =)`; type 7 is R's and numpy's default.
///
/// numpy's `method` names: 1 `inverted_cdf`, 2 `averaged_inverted_cdf`,
/// 3 `closest_observation`, 4 `interpolated_inverted_cdf`, 5 `hazen`, 6 `weibull`,
/// 7 `linear`, 8 `median_unbiased`, 9 `normal_unbiased`.
public enum QuantileType: Int, CaseIterable, Sendable {
    /// The inverse of the empirical distribution function.
    case type1 = 1
    /// The inverse of the empirical distribution function, averaged at its discontinuities.
    case type2
    /// The nearest even order statistic (SAS's definition).
    case type3
    /// Linear interpolation of the empirical distribution function, m = 0.
    case type4
    /// Piecewise linear with knots midway through the steps, m = ½ (Hazen).
    case type5
    /// Linear interpolation at p(n + 1) (Weibull; SPSS and Minitab).
    case type6
    /// Linear interpolation at 1 + p(n − 1), R's and numpy's default.
    case type7
    /// Approximately median-unbiased whatever the distribution, m = (p + 1)/3.
    case type8
    /// Approximately unbiased for normal data, m = p/4 + 3/8.
    case type9
}

extension Descriptives {
    /// Sample quantiles exactly as R's `quantile(x, probs, type)` computes them, including its
    /// 4ε tolerance when np lands on an order statistic.
    ///
    /// Types 1–3 step between order statistics (type 1 the inverse of the empirical CDF, 2 its
    /// average at discontinuities, 3 the nearest even order statistic); types 4–9 interpolate
    /// linearly at position m = a + p(n + 1 − a − b) with (a, b) = (0, 1), (½, ½), (0, 0),
    /// (1, 1), (⅓, ⅓), (⅜, ⅜) (Hyndman & Fan 1996, definitions 4–9).
    ///
    /// - Throws: ``StatsError`` for an empty sample, a NaN or infinity, or p outside [0, 1].
    public static func quantile(_ values: [Double], _ p: Double, type: QuantileType = .type7) throws -> Double {
        try Descriptives.quantiles(values, [p], type: type)[0]
    }
}

extension Descriptives {
    /// Several sample quantiles of one sample; see ``Descriptives/quantile(_:_:type:)``.
    public static func quantiles(_ values: [Double], _ probabilities: [Double], type: QuantileType = .type7)
        throws -> [Double]
    {
        try InputValidation.requireFinite(values)
        for p in probabilities { try InputValidation.requireProbability(p) }
        let sorted = values.sorted()
        return probabilities.map { sortedQuantile(sorted, $0, type: type) }
    }
}

/// The quantile of an already sorted, validated, non-empty sample.
func sortedQuantile(_ sorted: [Double], _ p: Double, type: QuantileType) -> Double {
    let n = Double(sorted.count)
    let fuzz = 4 * Double.ulpOfOne
    let position: Double
    let j: Double
    let weight: Double
    switch type {
    case .type1, .type2, .type3:
        position = type == .type3 ? n * p - 0.5 : n * p
        j = (position + fuzz).rounded(.down)
        switch type {
        case .type1: weight = position > j ? 1 : 0
        case .type2: weight = position > j ? 1 : 0.5
        default:
            let isOdd = Int(j) % 2 != 0
            weight = (position != j || isOdd) ? 1 : 0
        }
    default:
        let (a, b) = plottingPositions(type)
        position = a + p * (n + 1 - a - b)
        j = (position + fuzz).rounded(.down)
        let fraction = position - j
        weight = abs(fraction) < fuzz ? 0 : fraction
    }
    // Order statistic j (1-based), clamped to the sample as R pads x with x₁ and xₙ.
    func order(_ index: Double) -> Double {
        let clamped = min(max(Int(index), 1), sorted.count)
        return sorted[clamped - 1]
    }
    let lower = order(j)
    let upper = order(j + 1)
    if weight == 0 || lower == upper { return lower }
    if weight == 1 { return upper }
    return (1 - weight) * lower + weight * upper
}

/// (a, b) of the continuous types 4–9.
private func plottingPositions(_ type: QuantileType) -> (Double, Double) {
    switch type {
    case .type4: return (0, 1)
    case .type5: return (0.5, 0.5)
    case .type6: return (0, 0)
    case .type8: return (1.0 / 3, 1.0 / 3)
    case .type9: return (3.0 / 8, 3.0 / 8)
    default: return (1, 1)
    }
}
