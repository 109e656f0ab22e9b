/// The domain check shared by every quantile function of ``ThumbLabStats``.
enum Probability {
    /// Whether `p` is a probability, 0 ≤ p ≤ 1 (false for NaN).
    static func isValid(_ p: Double) -> Bool {
        p >= 0 && p <= 1
    }
}
