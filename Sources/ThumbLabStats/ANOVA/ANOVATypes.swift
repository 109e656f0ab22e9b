/// One observation in long format: one value per subject and within-subjects cell.
///
/// For a between-subjects design the subject is any identifier unique to the row.
public struct ANOVAObservation: Sendable, Equatable {
    /// The subject (participant) the value belongs to.
    public var subject: String
    /// The level of every factor of the design, keyed by factor name.
    public var levels: [String: String]
    /// The measured value.
    public var value: Double

    /// Creates an observation of `subject` at the given factor levels.
    public init(subject: String, levels: [String: String], value: Double) {
        self.subject = subject
        self.levels = levels
        self.value = value
    }
}

/// The factors of an ANOVA: between-subjects factors (each subject in one level) and
/// within-subjects factors (each subject measured at every level).
public struct ANOVADesign: Sendable, Equatable {
    /// Between-subjects factor names, in design order.
    public var between: [String]
    /// Within-subjects factor names, in design order.
    public var within: [String]

    /// Creates a design from its between- and within-subjects factor names.
    public init(between: [String] = [], within: [String] = []) {
        self.between = between
        self.within = within
    }

    /// Every factor, between factors first, each in design order.
    public var factors: [String] { between + within }
}

/// How the degrees of freedom of within-subjects terms are corrected for departures
/// from sphericity.
public enum SphericityCorrection: String, Sendable, CaseIterable {
    /// No correction: the F test assumes sphericity.
    case none
    /// Greenhouse & Geisser (1959): both df multiplied by ε_GG (afex's default).
    case greenhouseGeisser = "GG"
    /// Huynh & Feldt (1976) with Lecoutre's (1991) correction, ε_HF capped at 1.
    case huynhFeldt = "HF"
    /// Greenhouse-Geisser where Mauchly's test rejects sphericity at .05, else none.
    case auto
}

/// Mauchly's test of sphericity and the epsilon estimates of a within-subjects term
/// with more than one degree of freedom.
///
/// Computed from the residual sums of squares and products `E` of the term's orthonormal
/// contrasts (pooled within groups in a mixed design), with error df `ν`, `d` contrasts and
/// `k` within cells, as R's `car::Anova` and pingouin 0.7 do:
/// - Mauchly (1940): `W = det(E) / (tr(E)/d)^d`, `χ² = −ν ρ ln W` with
///   `ρ = 1 − (2d² + d + 2)/(6dν)`, df `d(d+1)/2 − 1`, and the p-value with the second-order
///   term `ω₂ = (d+2)(d−1)(d−2)(2d³ + 6d² + 3k + 2) / (288 (νdρ)²)` (Anderson 2003, §10.7;
///   R's `mauchly.test` uses `k`).
/// - Greenhouse & Geisser (1959): `ε_GG = tr(E)² / (d · tr(E²))`.
/// - Huynh & Feldt (1976) as corrected by Lecoutre (1991):
///   `ε_HF = ((ν + 1) d ε_GG − 2) / (d (ν − d ε_GG))`, shown raw (it may exceed 1) and
///   applied capped at 1; NaN (undefined) when `ν = d ε_GG`, as with two subjects.
/// - Lower bound (Greenhouse & Geisser 1959): `ε_LB = 1/d`.
public struct Sphericity: Sendable, Equatable {
    /// Mauchly's W, in (0, 1]; 1 when the covariance of the contrasts is spherical.
    public var mauchlyW: Double
    /// The chi-square statistic of Mauchly's test, `−ν ρ ln W`.
    public var chiSquare: Double
    /// The df of Mauchly's chi-square, `d(d+1)/2 − 1`.
    public var df: Double
    /// The p-value of Mauchly's test, with the second-order term.
    public var p: Double
    /// The Greenhouse–Geisser epsilon, in [1/d, 1].
    public var epsilonGG: Double
    /// Raw Huynh-Feldt epsilon; may exceed 1; NaN when undefined (zero denominator, as with
    /// two subjects), and then ``epsilonHFApplied`` and ``pHF`` are NaN too.
    public var epsilonHF: Double
    /// The lower-bound epsilon `1/d`.
    public var epsilonLB: Double
    /// p with both df multiplied by ε_GG.
    public var pGG: Double
    /// p with both df multiplied by ε_HF capped at 1; NaN when ε_HF is undefined.
    public var pHF: Double

    /// The Huynh-Feldt epsilon as applied: capped at 1 (and never below the lower bound).
    public var epsilonHFApplied: Double { Self.applied(epsilonHF, lowerBound: epsilonLB) }
}

/// One row of an ANOVA table: an effect, its F test against its error stratum, and its
/// effect sizes.
public struct ANOVATerm: Sendable, Equatable {
    /// `"A"`, `"A:B"`: the factors joined by colons, between factors first.
    public var name: String
    /// The factors of the term, between factors first.
    public var factors: [String]
    /// Type III sum of squares (Type I, II and III coincide in balanced designs).
    public var ss: Double
    /// Numerator degrees of freedom before any sphericity correction.
    public var df: Double
    /// Mean square `ss / df`.
    public var ms: Double
    /// The F statistic `ms / (errorSS / errorDF)`.
    public var f: Double
    /// Uncorrected p-value of `f` on (`df`, `errorDF`).
    public var p: Double
    /// Sum of squares and df of the error stratum the term is tested against.
    public var errorSS: Double
    /// Degrees of freedom of the error stratum, before any sphericity correction.
    public var errorDF: Double
    /// Generalized eta squared (Olejnik & Algina 2003; Bakeman 2005) with no measured
    /// factors: `SS / (SS + Σ error SS of all strata)`, as afex.
    public var ges: Double
    /// Partial eta squared: `SS / (SS + errorSS)`.
    public var pes: Double
    /// Mauchly's test and epsilons; present for within terms with df > 1.
    public var sphericity: Sphericity?
    /// The correction applied to this term (`.none` for between terms and df = 1).
    public var correction: SphericityCorrection
    /// The epsilon applied to both df (1 when no correction applies).
    public var epsilon: Double
    /// APA-style string: `F(2.08, 16.66) = 5.20, p = .017, η²G = .346`, with corrected df
    /// and p when a correction applies.
    public var apaStatistic: APAStatistic
    /// ``apaStatistic`` as plain text.
    public var apa: String { apaStatistic.description }

    /// Numerator df after the correction (`df · ε`).
    public var correctedDF: Double { df * epsilon }
    /// Denominator df after the correction (`errorDF · ε`).
    public var correctedErrorDF: Double { errorDF * epsilon }
    /// The p-value after the correction (`p` when none applies).
    public var correctedP: Double {
        switch correction {
        case .none, .auto: return p
        case .greenhouseGeisser: return sphericity?.pGG ?? p
        case .huynhFeldt: return sphericity?.pHF ?? p
        }
    }
}

/// A complete ANOVA table with the subjects it used.
public struct ANOVAResult: Sendable, Equatable {
    /// The design that was analysed.
    public var design: ANOVADesign
    /// Terms in the order of afex/car: between terms, then each within term followed by its
    /// interactions with the between terms.
    public var terms: [ANOVATerm]
    /// Subjects with complete data that entered the analysis.
    public var subjectsUsed: Int
    /// Subjects removed by listwise deletion because a within cell had no value.
    public var subjectsDropped: [String]
    /// The sphericity correction that was requested (each term says what it applied).
    public var correction: SphericityCorrection = .none

    /// The term with the given name (`"A:B"`), if any.
    public func term(_ name: String) -> ANOVATerm? {
        terms.first { $0.name == name }
    }
}
