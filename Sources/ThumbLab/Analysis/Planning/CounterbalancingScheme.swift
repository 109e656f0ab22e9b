/// How the orders in which participants meet a within factor's levels are chosen.
public enum CounterbalancingScheme: String, CaseIterable, Sendable {
    /// A balanced Latin square (Williams 1949): for an even number of levels one square in
    /// which every level immediately precedes every other exactly once; for an odd number
    /// the square and its mirror image, 2k sequences in which every ordered pair is
    /// adjacent exactly twice.
    case balanced
    /// A cyclic Latin square: sequence i starts at level i and runs through the levels in
    /// turn, so each level takes each position once, but carryover is not balanced.
    case latin
    /// Every order of the levels (k! sequences, in lexicographic order of the levels as
    /// given), for at most ``Counterbalancing/fullLimit`` levels.
    case full
    /// A random order for each participant, drawn with a ``SeededGenerator``.
    case random

    /// The scheme in words, as a Methods section names it.
    public var phrase: String {
        switch self {
        case .balanced: "a balanced Latin square (Williams design)"
        case .latin: "a cyclic Latin square"
        case .full: "all orders of the levels (full counterbalancing)"
        case .random: "a random order per participant"
        }
    }
}

/// The sequences of the counterbalancing schemes, as orders of level indices `0 ..< k`.
public enum Counterbalancing {
    /// The largest number of levels ``CounterbalancingScheme/full`` accepts: 6! = 720 orders.
    public static let fullLimit = 6

    /// Williams' (1949) balanced Latin square. The first row is 0, 1, k−1, 2, k−2, 3, ...;
    /// row i adds i to each entry modulo k. For odd k each row is followed by the mirror
    /// rows (the rows reversed), 2k rows in all, as Williams gives for an odd number of
    /// treatments (E. J. Williams 1949, "Experimental designs balanced for the estimation of
    /// residual effects of treatments", Australian Journal of Scientific Research A 2).
    public static func williams(_ k: Int) -> [[Int]] {
        guard k > 0 else { return [] }
        var first = [0]
        var (low, high) = (1, k - 1)
        while first.count < k {
            first.append(low)
            low += 1
            if first.count < k {
                first.append(high)
                high -= 1
            }
        }
        let square = (0..<k).map { row in first.map { ($0 + row) % k } }
        return k % 2 == 0 ? square : square + square.map { Array($0.reversed()) }
    }

    /// The cyclic Latin square: row i is i, i+1, ..., modulo k.
    public static func cyclicLatin(_ k: Int) -> [[Int]] {
        (0..<max(k, 0)).map { row in (0..<k).map { ($0 + row) % k } }
    }

    /// Every permutation of `0 ..< k` in lexicographic order (k! of them).
    public static func permutations(_ k: Int) -> [[Int]] {
        guard k > 0 else { return [] }
        var result: [[Int]] = []
        var current = Array(0..<k)
        while true {
            result.append(current)
            // The next permutation in lexicographic order (Knuth, TAOCP 7.2.1.2, Algorithm L).
            guard let pivot = (0..<(k - 1)).last(where: { current[$0] < current[$0 + 1] }) else { break }
            let swap = (pivot + 1..<k).last { current[$0] > current[pivot] }!
            current.swapAt(pivot, swap)
            current[(pivot + 1)...].reverse()
        }
        return result
    }

    /// The sequences of `scheme` for `k` levels; `count` random orders for
    /// ``CounterbalancingScheme/random``, drawn from `generator`.
    static func sequences(
        _ scheme: CounterbalancingScheme, levels k: Int, count: Int, generator: inout SeededGenerator
    ) -> [[Int]] {
        switch scheme {
        case .balanced: williams(k)
        case .latin: cyclicLatin(k)
        case .full: permutations(k)
        case .random: (0..<count).map { _ in generator.shuffled(Array(0..<k)) }
        }
    }
}
