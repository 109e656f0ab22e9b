import ThumbLabStats

/// Runs the omnibus test a ``TestPlan`` names on a ``ComparisonData`` and turns each
/// ThumbLabStats result into ``TestOutcome``s.
enum TestExecution {
    static func run(_ test: ComparisonTest, on data: ComparisonData) throws -> [TestOutcome] {
        let term = data.scheme.factors.joined(separator: ":")
        switch test {
        case .pairedT:
            let (a, b) = TestChoice.pair(data)
            return [outcome(try TTest.paired(a, b), test: test, term: term)]
        case .welchT, .studentT:
            let samples = data.samples(factor: 0)
            let result =
                test == .welchT ? try TTest.welch(samples[0], samples[1]) : try TTest.student(samples[0], samples[1])
            return [outcome(result, test: test, term: term)]
        case .wilcoxon:
            let (a, b) = TestChoice.pair(data)
            let result = try WilcoxonSignedRank.test(a, b)
            return [
                TestOutcome(
                    test: test.rawValue, term: term, statistic: result.wPlus, p: result.p, wPlus: result.wPlus,
                    wMinus: result.wMinus, z: result.method == .normal ? result.z : nil,
                    method: result.method.rawValue, effectSize: result.rankBiserial, apaStatistic: result.apaStatistic,
                    policy: result.policyDescription)
            ]
        case .mannWhitney:
            let samples = data.samples(factor: 0)
            let result = try MannWhitney.test(samples[0], samples[1])
            return [
                TestOutcome(
                    test: test.rawValue, term: term, statistic: result.u, p: result.p,
                    z: result.method == .normal ? result.z : nil, method: result.method.rawValue,
                    effectSize: result.rankBiserial, apaStatistic: result.apaStatistic, policy: result.policyDescription
                )
            ]
        case .kruskalWallis:
            let samples = data.samples(factor: 0)
            let result = try KruskalWallis.test(samples, labels: data.firstFactorLevels)
            return [
                TestOutcome(
                    test: test.rawValue, term: term, statistic: result.h, p: result.p, df: result.df,
                    effectSize: result.epsilonSquared, apaStatistic: result.apaStatistic, policy: result.policy)
            ]
        case .friedman:
            let result = try Friedman.test(try friedmanData(data))
            return [
                TestOutcome(
                    test: test.rawValue, term: term, statistic: result.chiSquare, p: result.p, df: result.df,
                    kendallW: result.kendallW,
                    effectSize: EffectSize(name: "Kendall's W", symbol: "W", value: result.kendallW),
                    apaStatistic: result.apaStatistic, policy: result.policy)
            ]
        case .rmANOVA, .anova, .mixedANOVA:
            let design = ANOVADesign(between: data.design.between, within: data.design.within)
            let result = try ANOVA.repeatedMeasures(data.observations, design: design, correction: .auto)
            return result.terms.map { outcome($0, test: test) }
        case .art:
            let design = ANOVADesign(between: data.design.between, within: data.design.within)
            let result = try ART.anova(data.observations, design: design)
            return result.terms.map { term in
                TestOutcome(
                    test: test.rawValue, term: term.name, statistic: term.f, p: term.p, df1: term.df,
                    df2: term.errorDF, pes: term.pes,
                    effectSize: EffectSize(name: "partial eta squared", symbol: "η²p", value: term.pes),
                    apaStatistic: term.apaStatistic, policy: result.policy + " " + result.note)
            }
        case .auto, .lmm, .glmm:
            preconditionFailure("auto is resolved by TestChoice, mixed models run in MixedModelExecution")
        }
    }

    static func friedmanData(_ data: ComparisonData) throws -> FriedmanData {
        let (levels, values) = data.marginal(factor: 0)
        let complete = zip(data.design.kept, values).filter { $0.1.allSatisfy { $0 != nil } }
        return try FriedmanData(
            conditions: levels, values: complete.map { $0.1.map { $0! } }, subjects: complete.map(\.0))
    }

    private static func outcome(_ result: TTestResult, test: ComparisonTest, term: String) -> TestOutcome {
        TestOutcome(
            test: test.rawValue, term: term, statistic: result.t, p: result.p, df: result.df,
            effectSize: result.effectSize, apaStatistic: result.apaStatistic, policy: result.policy)
    }

    private static func outcome(_ term: ANOVATerm, test: ComparisonTest) -> TestOutcome {
        let sphericity = term.sphericity
        return TestOutcome(
            test: test.rawValue, term: term.name, statistic: term.f, p: term.p, df1: term.df, df2: term.errorDF,
            epsilonGG: sphericity?.epsilonGG, epsilonHF: definedHF(sphericity?.epsilonHF), pGG: sphericity?.pGG,
            pHF: definedHF(sphericity?.pHF), mauchlyW: sphericity?.mauchlyW, mauchlyP: sphericity?.p,
            correction: term.correction == .greenhouseGeisser ? "GG" : nil, ges: term.ges, pes: term.pes,
            effectSize: EffectSize(name: "generalized eta squared", symbol: "η²G", value: term.ges),
            apaStatistic: term.apaStatistic,
            policy: sphericity == nil
                ? "F test of the term against its error stratum (type III sums of squares)."
                : "Mauchly's test of sphericity; Greenhouse-Geisser correction of df and p when it rejects at .05 "
                    + huynhFeldtNote(sphericity))
    }

    /// A Huynh-Feldt figure, nil when undefined (NaN).
    private static func definedHF(_ value: Double?) -> Double? {
        value.flatMap { $0.isNaN ? nil : $0 }
    }

    /// How the Huynh-Feldt epsilon is shown, or why it is not.
    private static func huynhFeldtNote(_ sphericity: Sphericity?) -> String {
        guard let sphericity, sphericity.epsilonHF.isNaN else {
            return "(Huynh-Feldt epsilon shown raw, applied capped at 1)."
        }
        return "(Huynh-Feldt epsilon undefined: its denominator ν − d·ε_GG is 0, as with two participants; "
            + "epsilon_hf and p_hf are left out)."
    }
}
