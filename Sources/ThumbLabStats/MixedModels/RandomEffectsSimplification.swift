import Foundation

/// One simplification of the random-effects structure, taken because the previous fit was
/// singular or did not converge.
public struct RandomEffectsSimplificationStep: Sendable, Equatable {
    /// What was simplified.
    public enum Action: Sendable, Equatable {
        /// The correlations of the random effects were dropped (uncorrelated form).
        case droppedCorrelations
        /// The random slope term was dropped; `variance` is its (summed) estimated variance.
        case droppedSlope(term: [String], variance: Double)
    }

    /// What was simplified.
    public var action: Action
    /// The lme4 formula of the fit that prompted the step.
    public var fromFormula: String
    /// The lme4 formula fitted after the step.
    public var toFormula: String
    /// Whether the fit that prompted the step was singular.
    public var wasSingular: Bool
    /// Whether the fit that prompted the step converged.
    public var hadConverged: Bool
    /// The step and its reason in words.
    public var description: String
}

/// A linear mixed model fitted with the richest random-effects structure the data support,
/// found from a requested one by ``MixedModel/simplifiedLinear(_:model:estimation:response:subject:)``.
public struct SimplifiedLinearMixedModel: Sendable, Equatable {
    /// The structure asked for.
    public var requested: MixedModelSpecification
    /// The structure of the final fit.
    public var fitted: MixedModelSpecification
    /// The lme4 formula of the structure asked for.
    public var requestedFormula: String
    /// The lme4 formula of the final fit.
    public var fittedFormula: String
    /// The simplifications taken, in order; empty when the requested fit was kept.
    public var steps: [RandomEffectsSimplificationStep]
    /// The final fit.
    public var fit: LinearMixedModelResult
}

extension MixedModel {
    /// Fits ``linear(_:model:estimation:)`` and, while the fit is singular or does not converge,
    /// simplifies its random effects step by step as Bates, Kliegl, Vasishth & Baayen (2015,
    /// "Parsimonious mixed models", arXiv:1506.04967), Matuschek et al. (2017, *J. Mem. Lang.*
    /// 94) and Barr et al. (2013, *J. Mem. Lang.* 68) recommend: first drop the correlations
    /// (every random column its own variance), then repeatedly drop the random slope term with
    /// the smallest variance (summed over a factor term's columns; on a tie the later term in
    /// R's order, so an interaction before its main effects), refitting each time, until the
    /// fit is non-singular and converged or only the random intercept remains.
    ///
    /// - Parameters:
    ///   - data: as for ``linear(_:model:estimation:)``.
    ///   - model: the requested structure; its `correlatedRandomEffects` is where the search starts.
    ///   - estimation: REML (default) or ML.
    ///   - response: the response's name in the formulas of the steps.
    ///   - subject: the grouping factor's name in the formulas of the steps.
    /// - Throws: ``StatsError`` as ``linear(_:model:estimation:)``.
    public static func simplifiedLinear(
        _ data: [MixedModelObservation], model: MixedModelSpecification, estimation: MixedModelEstimation = .reml,
        response: String = "y", subject: String = "subject"
    ) throws -> SimplifiedLinearMixedModel {
        var specification = model
        var fit = try linear(data, model: specification, estimation: estimation)
        let counts = fit.design.levels.mapValues(\.count)
        func formula(_ model: MixedModelSpecification) -> String {
            model.formula(response: response, subject: subject, levelCounts: counts)
        }
        var steps: [RandomEffectsSimplificationStep] = []
        while (fit.isSingular || !fit.converged) && !specification.randomSlopes.isEmpty {
            let before = formula(specification)
            let reason = fit.isSingular ? "was singular" : "did not converge"
            let action: RandomEffectsSimplificationStep.Action
            let words: String
            if specification.correlatedRandomEffects {
                action = .droppedCorrelations
                specification.correlatedRandomEffects = false
                words = "so the correlations of the random effects were dropped"
            } else {
                let summed = fit.design.randomTerms.map { term in
                    (term.term, term.columns.reduce(0) { $0 + fit.randomEffects[$1].variance })
                }
                let smallest = summed.map(\.1).min()!
                let index = summed.lastIndex { $0.1 == smallest }!
                let term = summed[index].0
                action = .droppedSlope(term: term, variance: smallest)
                specification.randomSlopes.removeAll { Set($0) == Set(term) }
                words =
                    "so the random slope of \(term.joined(separator: ":")), whose variance "
                    + "(\(APA.value(smallest, digits: 4))) was the smallest, was dropped"
            }
            let after = formula(specification)
            steps.append(
                RandomEffectsSimplificationStep(
                    action: action, fromFormula: before, toFormula: after, wasSingular: fit.isSingular,
                    hadConverged: fit.converged, description: "The fit of \(before) \(reason), \(words): \(after)."))
            fit = try linear(data, model: specification, estimation: estimation)
        }
        return SimplifiedLinearMixedModel(
            requested: model, fitted: specification, requestedFormula: formula(model),
            fittedFormula: formula(specification), steps: steps, fit: fit)
    }
}
