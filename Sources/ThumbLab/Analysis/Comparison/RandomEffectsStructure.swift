import ThumbLabStats

/// The random effects per participant a linear mixed model of a comparison asks for.
public enum RandomEffectsStructure: String, CaseIterable, Sendable {
    /// A random intercept per participant, `(1 | participant)`.
    case intercept
    /// A correlated random slope per within-participant factor, `(1 + A + B | participant)`.
    case slopes
    /// Random slopes of the within-participant factors and their interactions, the maximal
    /// structure the design justifies (Barr et al. 2013), `(1 + A * B | participant)`.
    case maximal

    /// The random slope terms over the compared factors that vary within participants.
    func slopeTerms(within factors: [String]) -> [[String]] {
        switch self {
        case .intercept: return []
        case .slopes: return factors.map { [$0] }
        case .maximal:
            return (1..<(1 << factors.count)).map { mask in
                factors.indices.filter { mask & (1 << $0) != 0 }.map { factors[$0] }
            }
        }
    }
}

/// The random effects a linear mixed model of a comparison was fitted with: the structure
/// asked for, the one fitted after any simplification, and each simplification in words.
public struct RandomEffectsOutcome: Sendable, Equatable {
    /// The structure the request asked for.
    public var requested: RandomEffectsStructure
    /// The requested model in lme4 syntax.
    public var requestedFormula: String
    /// The fitted model in lme4 syntax.
    public var fittedFormula: String
    /// The compared factors that vary within participants, the ones that got slopes.
    public var withinFactors: [String]
    /// Each simplification of a singular or unconverged fit, with its reason, in order.
    public var steps: [String]

    /// For the Methods paragraph: what was asked, the rule, and what was fitted.
    var methodsSentence: String {
        let asked =
            "Random effects: the \(requested.rawValue) structure justified by the design (Barr et al. 2013) was "
            + "requested, \(requestedFormula)"
        guard !steps.isEmpty else { return asked + ", and fitted as requested." }
        return asked
            + "; as the fit was singular or did not converge, it was simplified step by step (Bates et al. 2015; "
            + "Matuschek et al. 2017): first the correlations were dropped, then the random slope with the smallest "
            + "variance, refitting each time, until the fit was non-singular and converged or only the intercept "
            + "remained. The model fitted was \(fittedFormula)."
    }

    /// The structure and its simplification in one sentence or a few.
    public var summary: String {
        var text = "Random effects requested: \(requested.rawValue), \(requestedFormula)."
        if requested != .intercept && withinFactors.isEmpty {
            text += " No compared factor varies within participants, so there is no slope to fit."
        }
        text += steps.map { " \($0)" }.joined()
        if !steps.isEmpty { text += " Fitted: \(fittedFormula)." }
        return text
    }
}
