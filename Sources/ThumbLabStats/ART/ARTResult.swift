import Foundation

/// The ANOVA of one effect on its own aligned ranks.
public struct ARTTerm: Sendable, Equatable {
    /// The effect, "A" or "A:B".
    public var name: String
    /// The factors of the effect.
    public var factors: [String]
    /// Sum of squares of the effect on its aligned ranks.
    public var ss: Double
    /// Numerator degrees of freedom.
    public var df: Double
    /// F statistic.
    public var f: Double
    /// p-value (no sphericity correction, as ARTool's `aov` with `Error()`).
    public var p: Double
    /// Sum of squares of the error stratum the effect is tested against.
    public var errorSS: Double
    /// Degrees of freedom of that stratum (ARTool's `Df.res`).
    public var errorDF: Double
    /// Partial eta squared on the aligned ranks, `SS / (SS + SS_error)` (ARTool's
    /// `vignette("art-effect-size")`).
    public var pes: Double
    /// The full ANOVA term of the engine for this effect (sphericity figures included).
    public var anova: ANOVATerm
    /// APA-style report: `F(3, 8) = 23.83, p < .001, η²p = .899`.
    public var apaStatistic: APAStatistic
    /// ``apaStatistic`` as plain text.
    public var apa: String { apaStatistic.description }
}

/// ARTool's checks that the alignment suits the data (Wobbrock et al. 2011): the aligned
/// responses of every effect sum to ≈ 0, and an ANOVA of each aligned (unranked) response
/// finds F ≈ 0 for every effect other than the one it was aligned for.
public struct ARTDiagnostics: Sendable, Equatable {
    /// For one aligned response, the F of every other effect.
    public struct OtherEffects: Sendable {
        /// The effect the response was aligned for.
        public var alignedFor: String
        /// Each other effect's name and F on that aligned response.
        public var f: [(term: String, f: Double)]
    }

    /// Column sums of the aligned responses, one per effect in ``ARTResult/terms`` order.
    public var alignedColumnSums: [Double]
    /// F values of effects not of interest, per aligned response.
    public var otherEffects: [OtherEffects]
    /// True when the mean absolute column sum and the mean absolute F of effects not of
    /// interest are both below 1.5e-8 (the tolerance of R's `all.equal`, as ARTool's
    /// `summary.art` uses).
    public var passed: Bool
}

/// Aligned Rank Transform ANOVA results: one ANOVA per effect on its aligned ranks.
public struct ARTResult: Sendable, Equatable {
    /// The design analysed.
    public var design: ANOVADesign
    /// One term per effect, main effects first.
    public var terms: [ARTTerm]
    /// The alignment checks.
    public var diagnostics: ARTDiagnostics
    /// The aligned and ranked responses behind the terms, one per observation kept (the
    /// observations of dropped subjects removed, the others in input order).
    public var alignment: ARTAlignment
    /// Subjects analysed.
    public var subjectsUsed: Int
    /// Subjects removed because a within cell had no value.
    public var subjectsDropped: [String]
    /// How the analysis was computed.
    public var policy: String
    /// The caution every ART report carries: ``typeIErrorNote``.
    public var note: String

    /// ART's known weakness, stated with every result (``ARTNote/typeIError``).
    public static let typeIErrorNote = ARTNote.typeIError

    /// The term named `name` ("A:B"), in any factor order.
    public func term(_ name: String) -> ARTTerm? {
        let wanted = Set(name.split(separator: ":").map(String.init))
        return terms.first { Set($0.factors) == wanted }
    }
}
