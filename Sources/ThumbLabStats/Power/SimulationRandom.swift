import Foundation

/// SplitMix64 (Steele, Lea & Flood 2014) with normal deviates by the Box-Muller transform:
/// the seeded generator of the power simulations.
struct SimulationRandom {
    private var state: UInt64
    private var spare: Double?

    /// A generator for one stream of one seed: the two are mixed so that neighbouring
    /// streams start far apart.
    init(seed: UInt64, stream: UInt64) {
        state = seed
        state = next() ^ (stream &* 0xD1B5_4A32_D192_ED03)
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    mutating func openUnit() -> Double { (Double(next() >> 11) + 0.5) / Double(1 << 53) }

    /// A standard normal deviate; Box-Muller gives two per pair of uniforms.
    mutating func normal() -> Double {
        if let value = spare {
            spare = nil
            return value
        }
        let radius = (-2 * log(openUnit())).squareRoot()
        let angle = 2 * Double.pi * openUnit()
        spare = radius * sin(angle)
        return radius * cos(angle)
    }
}

/// One simulated study: n participants' values at each level of the model, each the mean of
/// the participant's trials at that level (ln time) or their share of events (misses).
enum SimulatedStudyDraw {
    /// Draws a participant's level deviations v = L w (w standard normal, L the covariance
    /// factor), then each level's trials: the mean of T normal trials is drawn at once as
    /// η + σ z / √T, which has the same distribution; T binary trials are drawn one by one.
    static func draw(
        n: Int, means: [Double], factor: [[Double]], model: SimulatedStudyModel, generator: inout SimulationRandom
    ) -> [[Double]] {
        let k = means.count
        var deviations = [Double](repeating: 0, count: k)
        var normals = [Double](repeating: 0, count: k)
        return (0..<n).map { _ in
            for j in 0..<k { normals[j] = generator.normal() }
            for i in 0..<k {
                var sum = 0.0
                for p in 0...i { sum += factor[i][p] * normals[p] }
                deviations[i] = sum
            }
            return (0..<k).map { level in
                let eta = means[level] + deviations[level]
                let trials = model.trialsPerCell[level]
                switch model.response {
                case .normal(let residualSD):
                    return eta + residualSD * generator.normal() / Double(trials).squareRoot()
                case .binary:
                    let probability = 1 / (1 + exp(-eta))
                    var events = 0
                    for _ in 0..<trials where generator.openUnit() < probability { events += 1 }
                    return Double(events) / Double(trials)
                }
            }
        }
    }

    /// The one-way RM-ANOVA F of an n × m table (rows participants), from the sums of
    /// squares SS_level = n Σ (ȳ_j − ȳ)², SS_participant = m Σ (ȳ_i − ȳ)² and the error
    /// SS_total − SS_level − SS_participant on (n − 1)(m − 1) df.
    static func rmANOVAF(_ cells: [[Double]]) -> Double {
        let n = cells.count
        let m = cells[0].count
        let rowMeans = cells.map { $0.reduce(0, +) / Double(m) }
        let columnMeans = (0..<m).map { j in cells.reduce(0) { $0 + $1[j] } / Double(n) }
        let grand = rowMeans.reduce(0, +) / Double(n)
        var error = 0.0
        for i in 0..<n {
            for j in 0..<m {
                let residual = cells[i][j] - rowMeans[i] - columnMeans[j] + grand
                error += residual * residual
            }
        }
        let levels = columnMeans.reduce(0) { $0 + ($1 - grand) * ($1 - grand) } * Double(n)
        return (levels / Double(m - 1)) / (error / Double((n - 1) * (m - 1)))
    }
}
