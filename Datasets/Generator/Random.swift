import Foundation

/// xoshiro256** (Blackman & Vigna, 2018, https://prng.di.unimi.it), seeded through
/// SplitMix64 as its authors recommend. Written out here, rather than taken from the
/// standard library, so that every toolchain draws the same numbers from the same seed.
struct Xoshiro256StarStar {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    private static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    mutating func next() -> UInt64 {
        let result = Self.rotl(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = Self.rotl(state.3, 45)
        return result
    }

    /// Uniform on [0, 1) with 53 random bits.
    mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Uniform on [low, high).
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * uniform()
    }

    /// Standard normal by the Box-Muller transform (Box & Muller, 1958): one draw per
    /// call, from two fresh uniforms, so the stream has no hidden cached state.
    mutating func normal(mean: Double = 0, sd: Double = 1) -> Double {
        let u1 = 1 - uniform()  // in (0, 1], so the logarithm is finite
        let u2 = uniform()
        return mean + sd * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A uniform integer in `0..<count` (Lemire's unbiased multiply-and-reject).
    mutating func index(below count: Int) -> Int {
        let bound = UInt64(count)
        while true {
            let product = next().multipliedFullWidth(by: bound)
            if product.low >= (0 &- bound) % bound { return Int(product.high) }
        }
    }

    /// Fisher-Yates shuffle (Knuth, TAOCP vol. 2, Algorithm P).
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, index(below: i + 1))
        }
    }
}
