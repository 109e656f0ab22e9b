import Foundation

/// SplitMix64 (Steele, Lea & Flood 2014) with normal deviates by the Box-Muller transform:
/// the seeded generator of ``Power/simulateRMANOVA(_:participants:simulations:effectScale:alpha:seed:)``.
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

/// One simulated one-way within-subjects study, reduced to its RM-ANOVA F.
enum OneWayRMStudy {
    /// Draws n participants' trials under `model` with level means `means`, averages them
    /// per participant and level, and returns F = MS_level / MS_level×participant.
    static func draw(
        n: Int, means: [Double], model: PowerSimulationModel, generator: inout SimulationRandom
    ) -> Double {
        let m = means.count
        var cells = [Double](repeating: 0, count: n * m)
        let trials = model.trialsPerCell
        for participant in 0..<n {
            let intercept = model.participantSD * generator.normal()
            for level in 0..<m {
                var sum = 0.0
                for _ in 0..<trials { sum += generator.normal() }
                cells[participant * m + level] = means[level] + intercept + model.residualSD * sum / Double(trials)
            }
        }
        return rmANOVAF(cells, n: n, m: m)
    }

    /// The one-way RM-ANOVA F of an n × m table (rows participants), from the sums of
    /// squares SS_level = n Σ (ȳ_j − ȳ)², SS_participant = m Σ (ȳ_i − ȳ)² and the error
    /// SS_total − SS_level − SS_participant on (n − 1)(m − 1) df.
    static func rmANOVAF(_ cells: [Double], n: Int, m: Int) -> Double {
        var rowMeans = [Double](repeating: 0, count: n)
        var columnMeans = [Double](repeating: 0, count: m)
        var grand = 0.0
        for i in 0..<n {
            for j in 0..<m {
                let value = cells[i * m + j]
                rowMeans[i] += value / Double(m)
                columnMeans[j] += value / Double(n)
                grand += value
            }
        }
        grand /= Double(n * m)
        var error = 0.0
        for i in 0..<n {
            for j in 0..<m {
                let residual = cells[i * m + j] - rowMeans[i] - columnMeans[j] + grand
                error += residual * residual
            }
        }
        let levels = columnMeans.reduce(0) { $0 + ($1 - grand) * ($1 - grand) } * Double(n)
        return (levels / Double(m - 1)) / (error / Double((n - 1) * (m - 1)))
    }
}
