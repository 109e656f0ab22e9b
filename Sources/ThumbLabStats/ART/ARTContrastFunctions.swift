import Foundation

extension ART {
    /// ART-C pairwise contrasts for one term (Elkin et al., UIST 2021,
    /// doi:10.1145/3472749.3474784), as ARTool's `art.con(m, term)`.
    ///
    /// - Parameters:
    ///   - data: long data with one value per subject and within cell, as for ``ART/anova(_:design:)``.
    ///   - design: between and within factors.
    ///   - term: a main effect ("A") or an interaction ("A:B"); its levels are combined ("a1,b2").
    ///   - adjustment: Holm by default (the project's default for multiple comparisons);
    ///     ARTool's `art.con` defaults to emmeans' Tukey, available as ``ContrastAdjustment/tukey``.
    ///   - model: the error model; subjects as a random intercept by default.
    /// - Throws: ``StatsError`` for an unknown term or as ``ART/anova(_:design:)``.
    public static func contrasts(
        _ data: [ANOVAObservation], design: ANOVADesign, term: String,
        adjustment: ContrastAdjustment = .method(.holm), model: ARTContrastModel = .subjectIntercept
    ) throws -> ARTContrastResult {
        let input = try ARTInput(data, design: design)
        let factors = try input.termFactors(term)
        return try ARTContrastComputation.run(input, term: factors, adjustment: adjustment, model: model)
    }
}

extension ART {
    /// Interaction contrasts (differences of differences) of an ART interaction, as ARTool's
    /// `art.con(m, term, interaction = TRUE)`: the ranks aligned for the interaction itself,
    /// every pairwise contrast of each of its factors crossed (emmeans
    /// `contrast(..., interaction = TRUE)`; Elkin et al., UIST 2021).
    ///
    /// - Parameters:
    ///   - data: long data with one value per subject and within cell, as for ``ART/anova(_:design:)``.
    ///   - design: between and within factors.
    ///   - term: an interaction of two or more factors, "A:B".
    ///   - adjust: the correction over all the term's contrasts; nil for none. Holm by default.
    ///   - model: the error model, as for ``ART/contrasts(_:design:term:adjustment:model:)``.
    /// - Returns: the contrasts, the first factor's level pairs varying slowest.
    /// - Throws: ``StatsError`` for a main effect or unknown factor, or as
    ///   ``ART/anova(_:design:)``.
    public static func interactionContrasts(
        _ data: [ANOVAObservation], design: ANOVADesign, term: String,
        adjust: PAdjustMethod? = .holm, model: ARTContrastModel = .subjectIntercept
    ) throws -> [ARTInteractionContrast] {
        let input = try ARTInput(data, design: design)
        let factors = try input.termFactors(term)
        guard factors.count >= 2 else {
            throw StatsError(
                .invalidArgument, "Interaction contrasts need an interaction of two or more factors; got \(term).")
        }
        return try ARTInteractionContrastComputation.run(input, factors: factors, adjust: adjust, model: model)
    }
}

extension ARTInput {
    /// Checks long data for the ART.
    init(_ data: [ANOVAObservation], design: ANOVADesign) throws {
        try self.init(
            subjects: data.map(\.subject), levels: data.map(\.levels), values: data.map(\.value),
            between: design.between, within: design.within)
    }

    /// The factors of `term` ("A:B") in design order.
    ///
    /// - Throws: ``StatsError/Kind/invalidArgument`` when a factor is not in the design or is repeated.
    func termFactors(_ term: String) throws -> [String] {
        let requested = term.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard !requested.isEmpty, Set(requested).count == requested.count, requested.allSatisfy(factors.contains) else {
            throw StatsError(
                .invalidArgument,
                "The term \(term) is not an effect of the design (factors: \(factors.joined(separator: ", "))).")
        }
        return factors.filter(requested.contains)
    }
}
