/// Index pairs for all-pairs comparisons.
enum PairIndices {
    /// The pairs (i, j) with i < j of `count` items, in the order (0,1), (0,2), …, (1,2), …
    /// — the order of R's `pairwise` contrasts and of scikit-posthocs' upper triangle.
    static func of(_ count: Int) -> [(Int, Int)] {
        guard count > 1 else { return [] }
        return (0..<count - 1).flatMap { i in ((i + 1)..<count).map { (i, $0) } }
    }
}
