/// Which follow-up tests a comparison runs after a significant omnibus test.
///
/// Main effects with more than two levels are followed by pairwise comparisons of their
/// levels. A significant interaction is followed, by default, by its simple effects
/// (``SimpleEffect``): the effect of its first factor at each level of the others, the
/// reading Maxwell, Delaney & Kelley (2018, ch. 7) recommend before any cell-by-cell
/// comparison.
public enum PostHocScope: String, CaseIterable, Sendable {
    /// Pairwise comparisons for main effects and simple effects for interactions.
    case main
    /// Pairwise comparisons for every significant term, interactions included (ART-C over
    /// the interaction's cells after ART, which for three factors of 3 × 3 × 2 levels is
    /// 153 pairs); no simple effects.
    case all
    /// No follow-up tests: the omnibus tests only.
    case none

    /// Whether pairwise comparisons follow a significant `term` (`A` or `A:B`).
    func comparesPairs(of term: String) -> Bool {
        switch self {
        case .main: !term.contains(":")
        case .all: true
        case .none: false
        }
    }

    /// Whether simple effects follow a significant interaction.
    var testsSimpleEffects: Bool { self == .main }
}
