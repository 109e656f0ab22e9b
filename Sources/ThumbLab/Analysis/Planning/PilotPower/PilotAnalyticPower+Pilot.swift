import Foundation
import ThumbLabStats

extension PilotAnalyticPower {
    /// The analytic power from a pilot's per-participant level values (rows participants,
    /// complete rows only), as G*Power's RM-ANOVA from a pilot's means, SDs and correlations
    /// (Faul et al. 2007): f = √(Σ (m_j − m̄)² / k) / σ with σ² the mean of the levels'
    /// sample variances, times `effectScale`; ρ the mean of the pairwise Pearson
    /// correlations; ε Greenhouse-Geisser's from the pilot's RM-ANOVA.
    /// - Returns: the curve, or why the pilot gives none (no variation within levels, a
    ///   correlation of 1, or an ε below its bound).
    static func fromPilot(
        _ rows: [[Double]], effectScale: Double, participants: [Int], alpha: Double, target: Double
    ) -> (power: PilotAnalyticPower?, missing: String?) {
        let n = Double(rows.count)
        let k = rows[0].count
        let columns = (0..<k).map { j in rows.map { $0[j] } }
        let means = columns.map { $0.reduce(0, +) / n }
        let grand = means.reduce(0, +) / Double(k)
        let variances = zip(columns, means).map { column, mean in
            column.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        }
        let sigma = (variances.reduce(0, +) / Double(k)).squareRoot()
        guard sigma > 0, variances.allSatisfy({ $0 > 0 }) else {
            return (nil, "the pilot's values do not vary within every level, so its f and correlation are undefined")
        }
        let f =
            effectScale.magnitude * (means.reduce(0) { $0 + ($1 - grand) * ($1 - grand) } / Double(k)).squareRoot()
            / sigma
        var correlations: [Double] = []
        for a in 0..<k {
            for b in (a + 1)..<k {
                let covariance =
                    zip(columns[a], columns[b]).reduce(0) { $0 + ($1.0 - means[a]) * ($1.1 - means[b]) } / (n - 1)
                correlations.append(covariance / (variances[a] * variances[b]).squareRoot())
            }
        }
        let rho = correlations.reduce(0, +) / Double(correlations.count)
        let epsilon = (try? OneWayWithinTest.rmANOVA(rows).sphericity?.epsilonGG) ?? 1
        do {
            let curve = try participants.map { size in
                PilotPowerPoint(
                    participants: size,
                    power: try Power.rmANOVA(
                        levels: k, f: f, n: Double(size), power: nil, correlation: rho, epsilon: epsilon, alpha: alpha
                    ).power)
            }
            let required =
                f > 0
                ? try? Power.rmANOVA(
                    levels: k, f: f, n: nil, power: target, correlation: rho, epsilon: epsilon, alpha: alpha
                ).nRequired : nil
            return (
                PilotAnalyticPower(f: f, correlation: rho, epsilon: epsilon, curve: curve, nRequired: required), nil
            )
        } catch {
            return (
                nil,
                "the pilot's figures (f = \(APA.unit(f, digits: 3)), ρ = \(APA.unit(rho, digits: 3)), "
                    + "ε = \(APA.unit(epsilon, digits: 3))) lie outside what the RM-ANOVA power accepts: \(error)"
            )
        }
    }
}
