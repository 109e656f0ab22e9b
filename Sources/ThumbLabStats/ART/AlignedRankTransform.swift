import Foundation

extension ART {
    /// Runs the Aligned Rank Transform ANOVA for a between, within or mixed factorial design.
    ///
    /// For each effect the data are aligned and ranked (``ARTAlignment``) and the full factorial
    /// ANOVA of the ranks is computed with ``ANOVA/repeatedMeasures(_:design:correction:)``; only
    /// the effect the ranks were aligned for is kept (Wobbrock et al., CHI 2011,
    /// doi:10.1145/1978942.1978963; Higgins & Tashtoush 1994). Within factors are tested against
    /// their own error strata, i.e. ARTool's `art(Y ~ A*B + Error(S/(A*B)))`; between-only data
    /// give the type III linear-model ANOVA of `art(Y ~ A*B)`. No sphericity correction is
    /// applied, as in ARTool's `aov`-based results. With unequal group sizes in a design that
    /// also has within factors, ARTool's `aov` uses sequential (type I) sums of squares for the
    /// between terms while the engine uses type III (as afex); the two agree for equal groups.
    ///
    /// - Parameters:
    ///   - data: long data with one value per subject and within cell; for a between-only design
    ///     each observation needs its own subject id.
    ///   - design: between and within factors.
    /// - Throws: ``StatsError`` for a missing level, a subject in two between groups, a repeated
    ///   within cell, an empty cell, a one-level factor or non-finite values.
    public static func anova(_ data: [ANOVAObservation], design: ANOVADesign) throws -> ARTResult {
        let input = try ARTInput(data, design: design)
        let alignment = try ARTAlignment(values: input.values, levels: input.levels, factors: input.factors)

        var terms: [ARTTerm] = []
        var otherEffects: [ARTDiagnostics.OtherEffects] = []
        for effect in alignment.effects {
            let ranked = try ANOVA.repeatedMeasures(input.observations(effect.ranks), design: design, correction: .none)
            let term = try ARTInput.term(of: ranked, matching: effect.factors)
            let pes = term.ss + term.errorSS > 0 ? term.ss / (term.ss + term.errorSS) : 0
            terms.append(
                ARTTerm(
                    name: effect.name, factors: effect.factors, ss: term.ss, df: term.df, f: term.f, p: term.p,
                    errorSS: term.errorSS, errorDF: term.errorDF, pes: pes, anova: term,
                    apaStatistic: APAStatistic([
                        .init("F", df: [APA.df(term.df), APA.df(term.errorDF)], APA.value(term.f)), .p(term.p),
                        .init("η²p", APA.unit(pes)),
                    ])
                ))
            let aligned = try ANOVA.repeatedMeasures(
                input.observations(effect.aligned), design: design, correction: .none)
            let others = aligned.terms.filter { Set($0.factors) != Set(effect.factors) }
            otherEffects.append(.init(alignedFor: effect.name, f: others.map { ($0.name, $0.f) }))
        }
        let sums = alignment.effects.map(\.alignedSum)
        let otherF = otherEffects.flatMap { $0.f.map(\.f) }
        let meanAbs = { (values: [Double]) in
            values.isEmpty ? 0 : values.reduce(0) { $0 + abs($1) } / Double(values.count)
        }
        let diagnostics = ARTDiagnostics(
            alignedColumnSums: sums, otherEffects: otherEffects,
            passed: meanAbs(sums) < 1.5e-8 && meanAbs(otherF) < 1.5e-8)
        let strata =
            design.within.isEmpty
            ? "type III linear model" : "error strata Error(S/(\(design.within.joined(separator: "*"))))"
        return ARTResult(
            design: design, terms: terms, diagnostics: diagnostics, alignment: alignment,
            subjectsUsed: input.subjectsUsed.count, subjectsDropped: input.subjectsDropped,
            policy: "ART (Wobbrock et al. 2011) as ARTool: aligned per effect, rounded to 8 decimals, average ranks; "
                + "full factorial ANOVA of each effect's ranks with \(strata), no sphericity correction; "
                + "\(input.subjectsDropped.count) subject(s) with an empty within cell removed",
            note: ARTResult.typeIErrorNote)
    }
}

extension ARTInput {
    /// The observations with `values` in place of the response.
    func observations(_ values: [Double]) -> [ANOVAObservation] {
        values.indices.map { ANOVAObservation(subject: subjects[$0], levels: levels[$0], value: values[$0]) }
    }

    /// The engine's term with exactly `factors`.
    static func term(of result: ANOVAResult, matching factors: [String]) throws -> ANOVATerm {
        guard let term = result.terms.first(where: { Set($0.factors) == Set(factors) }) else {
            throw StatsError(.invalidDesign, "The ANOVA has no term \(factors.joined(separator: ":")).")
        }
        return term
    }
}
