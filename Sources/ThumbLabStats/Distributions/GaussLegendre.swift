import Foundation

/// Gauss-Legendre quadrature rules (Abramowitz & Stegun 25.4.29), nodes found by Newton's
/// method on the Legendre polynomial from the Tricomi initial guesses.
struct GaussLegendre: Sendable {
    /// Nodes on [−1, 1].
    let nodes: [Double]
    /// Weights matching `nodes`; they sum to 2.
    let weights: [Double]

    init(order: Int) {
        precondition(order >= 2)
        var nodes = [Double](repeating: 0, count: order)
        var weights = [Double](repeating: 0, count: order)
        let n = Double(order)
        for i in 0..<(order + 1) / 2 {
            var x = cos(Double.pi * (Double(i) + 0.75) / (n + 0.5))
            var derivative = 0.0
            for _ in 0..<100 {
                // Three-term recurrence for P_n(x) and P_{n-1}(x).
                var current = 1.0
                var previous = 0.0
                for j in 1...order {
                    let older = previous
                    previous = current
                    current =
                        ((2 * Double(j) - 1) * x * previous - (Double(j) - 1) * older)
                        / Double(j)
                }
                derivative = n * (x * current - previous) / (x * x - 1)
                let step = current / derivative
                x -= step
                if abs(step) < 1e-16 { break }
            }
            let weight = 2 / ((1 - x * x) * derivative * derivative)
            nodes[i] = -x
            nodes[order - 1 - i] = x
            weights[i] = weight
            weights[order - 1 - i] = weight
        }
        self.nodes = nodes
        self.weights = weights
    }

    /// ∫ f over [low, high] split into `panels` equal panels, each integrated with this rule.
    func integrate(from low: Double, to high: Double, panels: Int, _ f: (Double) -> Double)
        -> Double
    {
        let width = (high - low) / Double(panels)
        var total = 0.0
        for panel in 0..<panels {
            let center = low + (Double(panel) + 0.5) * width
            var sum = 0.0
            for (node, weight) in zip(nodes, weights) {
                sum += weight * f(center + 0.5 * width * node)
            }
            total += 0.5 * width * sum
        }
        return total
    }
}
