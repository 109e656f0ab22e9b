import Foundation

/// The distribution of the range of k independent standard normal values (Hartley 1942):
/// P(R ≤ w) = k ∫ φ(z) [Φ(z + w) − Φ(z)]^(k−1) dz.
struct RangeDistribution {
    let groups: Double
    /// Quadrature nodes for the minimum z, with φ(z)·weight and Φ(z), 1 − Φ(z) precomputed.
    private let points: [(z: Double, weight: Double, lower: Double, upper: Double)]

    /// The integrand k φ(z)(1 − Φ(z))^(k−1) is negligible outside [−8.5, 8.5].
    init(groups: Double) {
        self.groups = groups
        var points: [(Double, Double, Double, Double)] = []
        let rule = StudentizedRange.rule
        let low = -8.5
        let panels = 17
        let width = 17.0 / Double(panels)
        let density = 1 / (2 * Double.pi).squareRoot()
        for panel in 0..<panels {
            let center = low + (Double(panel) + 0.5) * width
            for (node, weight) in zip(rule.nodes, rule.weights) {
                let z = center + 0.5 * width * node
                let w = 0.5 * width * weight * groups * density * exp(-0.5 * z * z)
                points.append((z, w, Normal.standardLowerTail(z), Normal.standardLowerTail(-z)))
            }
        }
        self.points = points
    }

    /// P(R ≤ w), or P(R > w) when `upper`, each integrated directly.
    func probability(_ w: Double, upper: Bool) -> Double {
        if w <= 0 { return upper ? 1 : 0 }
        let power = groups - 1
        var total = 0.0
        for point in points {
            let beyond = Normal.standardLowerTail(-(point.z + w))
            if upper {
                // (1 − Φ(z))^m − (Φ(z + w) − Φ(z))^m with the difference taken in log space.
                guard point.upper > 0 else { continue }
                let lead = pow(point.upper, power)
                total += point.weight * lead * -expm1(power * log1p(-beyond / point.upper))
            } else {
                let inside: Double
                if point.z < 0 {
                    inside = Normal.standardLowerTail(point.z + w) - point.lower
                } else {
                    inside = point.upper - beyond
                }
                if inside > 0 { total += point.weight * pow(inside, power) }
            }
        }
        return min(1, max(0, total))
    }
}
