import Foundation

/// SplitMix64 (Steele, Lea & Flood 2014): the small seeded generator the benchmark data
/// generators draw from, so that the same seed gives the same file.
public struct SplitMix64 {
    public var state: UInt64

    /// A generator that starts from `state`.
    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Uniform in (0, 1): never 0, so its logarithm is finite.
    mutating func openUnit() -> Double { (Double(next() >> 11) + 0.5) / Double(1 << 53) }

    /// Standard normal (Box-Muller).
    mutating func normal() -> Double {
        (-2 * Foundation.log(openUnit())).squareRoot() * Foundation.cos(2 * Double.pi * openUnit())
    }
}
