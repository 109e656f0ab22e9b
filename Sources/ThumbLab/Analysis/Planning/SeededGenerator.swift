/// A random number generator that gives the same numbers from the same seed on every
/// platform and Swift version: SplitMix64 (Steele, Lea & Flood 2014, "Fast splittable
/// pseudorandom number generators", OOPSLA; the constants of Vigna's `splitmix64.c`).
///
/// Each call adds the golden-ratio increment 0x9E3779B97F4A7C15 to the state and returns
/// the state mixed by two xor-shift-multiply rounds. A random counterbalancing plan made
/// with a stated seed can so be remade by anyone.
///
/// ```swift
/// import ThumbLab
///
/// var generator = SeededGenerator(seed: 2026)
/// let order = generator.shuffled(["Direct", "Shift", "ThumbSpace"])
/// print(order)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The state, advanced by the increment at each call.
    public private(set) var state: UInt64

    /// A generator whose first number is SplitMix64's first number from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `0 ..< bound`, every value equally likely: the remainder of the
    /// next number, drawing again while it falls in the short final stretch of the 2⁶⁴
    /// values (rejection sampling), so that the result does not depend on the standard
    /// library's algorithm. `bound` below 1 gives 0.
    public mutating func uniform(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let range = UInt64(bound)
        let threshold = (0 &- range) % range
        while true {
            let value = next()
            if value >= threshold { return Int(value % range) }
        }
    }

    /// The elements in a random order: the Fisher-Yates shuffle (Durstenfeld 1964,
    /// Algorithm 235), drawing with ``uniform(below:)`` from the last position down.
    public mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, uniform(below: index + 1))
            index -= 1
        }
        return result
    }
}
