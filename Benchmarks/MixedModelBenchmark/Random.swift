import Foundation

/// A seeded generator (SplitMix64) and standard normal draws (Box-Muller).
struct Random {
    var state: UInt64

    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }

    mutating func normal() -> Double {
        (-2 * Foundation.log(max(next(), 1e-300))).squareRoot() * Foundation.cos(2 * Double.pi * next())
    }
}
