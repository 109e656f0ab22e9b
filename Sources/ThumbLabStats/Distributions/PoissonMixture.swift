import Foundation

/// Sums of the form Σⱼ wⱼ·Fⱼ in which wⱼ are Poisson-shaped weights and Fⱼ a tail of a
/// distribution indexed by j: the series behind the noncentral t, F and chi-square
/// distributions (Johnson, Kotz & Balakrishnan 1995, chs. 29–31).
///
/// The sum starts at the largest weight and runs both ways, as Benton & Krishnamoorthy
/// (2003) recommend, so that a large noncentrality needs no underflowing first term. Each
/// direction stops when a geometric bound on the weight that remains, times the largest
/// value the remaining tails can take, falls below 1e-16 of the sum so far.
struct PoissonMixture {
    /// The index of the first (largest) weight.
    let start: Int
    /// The weight at `start`; its sign is the sign of every weight.
    let startWeight: Double
    /// w_{j+1}/w_j, decreasing in j and below 1 for j > `start`.
    let ratioUp: (Int) -> Double
    /// w_{j−1}/w_j, increasing in j and below 1 for j ≤ `start`.
    let ratioDown: (Int) -> Double

    /// The Poisson probabilities e^(−μ) μʲ / j!, started at their mode ⌊μ⌋.
    static func poisson(mean: Double) -> PoissonMixture {
        let mode = Int(mean.rounded(.down))
        return PoissonMixture(
            start: mode, startWeight: poissonProbability(mode, mean: mean),
            ratioUp: { mean / Double($0 + 1) }, ratioDown: { Double($0) / mean })
    }

    /// e^(−μ) μᵏ / k! by Loader's (2000) saddle-point form, e^(−δ(k) − bd0(k, μ)) / √(2πk),
    /// which keeps full relative accuracy for large k and μ.
    static func poissonProbability(_ k: Int, mean: Double) -> Double {
        if k == 0 { return exp(-mean) }
        let count = Double(k)
        let deviance = -count * SpecialFunctions.relativeDeviance(mean, from: count, shift: mean - count)
        let logProbability =
            -SpecialFunctions.stirlingCorrection(count) - deviance - 0.5 * log(2 * Double.pi * count)
        return exp(logProbability)
    }

    /// Σⱼ wⱼ·Fⱼ, where `tail(j)` returns both tails (lower, upper) of the j-th component and
    /// the lower tails decrease in j (so the upper ones increase); `upper` picks which tail
    /// is summed.
    func sum(upper: Bool, tail: (Int) -> (lower: Double, upper: Double)) -> Double {
        if startWeight == 0 { return 0 }
        let epsilon = 1e-16
        let maximumTerms = 10_000_000
        var total = 0.0
        var weight = startWeight
        var j = start
        // Upward from the largest weight.
        for _ in 0..<maximumTerms {
            let value = tail(j)
            let component = upper ? value.upper : value.lower
            total += weight * component
            let next = weight * ratioUp(j)
            let remaining = abs(next) / (1 - ratioUp(j + 1)) * (upper ? 1 : component)
            if !(remaining > epsilon * abs(total)) || remaining < 1e-300 { break }
            weight = next
            j += 1
        }
        // Downward from just below it.
        weight = startWeight
        j = start
        for _ in 0..<maximumTerms {
            if j == 0 { break }
            weight *= ratioDown(j)
            j -= 1
            let value = tail(j)
            let component = upper ? value.upper : value.lower
            total += weight * component
            if j == 0 { break }
            let remaining = abs(weight * ratioDown(j)) / (1 - ratioDown(j - 1)) * (upper ? component : 1)
            if !(remaining > epsilon * abs(total)) || remaining < 1e-300 { break }
        }
        return total
    }
}
