import ThumbLabStats

/// Pairwise comparisons after a significant omnibus test: paired t (or Wilcoxon) between
/// within levels and Welch t (or Mann-Whitney) between groups on the participants'
/// marginal values, Conover after Friedman, ART-C after ART. Main effects with more than
/// two levels get post-hoc tests; so do interactions after ART (ART-C over the combined
/// levels) when `scope` is ``PostHocScope/all``. p-values are adjusted within each term's
/// family.
enum PostHoc {
    static func run(
        after test: ComparisonTest, outcomes: [TestOutcome], data: ComparisonData, adjust: PValueAdjustment,
        alpha: Double, scope: PostHocScope = .all
    ) throws -> [PairwiseOutcome] {
        var result: [PairwiseOutcome] = []
        for outcome in outcomes where outcome.decisiveP < alpha && scope.comparesPairs(of: outcome.term) {
            let factors = outcome.term.split(separator: ":").map(String.init)
            let positions = factors.compactMap { data.scheme.factors.firstIndex(of: $0) }
            guard positions.count == factors.count else { continue }
            let levelCount = positions.map { data.scheme.levels(ofFactor: $0).count }.reduce(1, *)
            guard levelCount > 2 else { continue }
            switch test {
            case .friedman:
                let conover = try Friedman.conover(try TestExecution.friedmanData(data), adjust: adjust.method ?? .holm)
                result += conover.comparisons.map {
                    let pAdjusted = adjust == .none ? $0.p : $0.pAdjusted
                    return pairwise(outcome.term, $0.a, $0.b, "conover", $0.statistic, $0.df, $0.p, pAdjusted, adjust)
                }
            case .art:
                let design = ANOVADesign(between: data.design.between, within: data.design.within)
                let contrasts = try ART.contrasts(
                    data.observations, design: design, term: outcome.term,
                    adjustment: adjust.method.map { .method($0) } ?? .none)
                result += contrasts.contrasts.map {
                    pairwise(outcome.term, $0.a, $0.b, "art-c", $0.t, $0.df, $0.p, $0.pAdjusted, adjust)
                }
            case .rmANOVA, .anova, .mixedANOVA, .kruskalWallis:
                guard factors.count == 1 else { continue }
                let within = data.design.within.contains(factors[0])
                result += try pairs(
                    term: outcome.term, data: data, position: positions[0], within: within,
                    rank: test == .kruskalWallis, adjust: adjust)
            default:
                continue
            }
        }
        return result
    }

    /// Every pair of levels of one factor, on the participants' marginal values.
    private static func pairs(
        term: String, data: ComparisonData, position: Int, within: Bool, rank: Bool, adjust: PValueAdjustment
    ) throws -> [PairwiseOutcome] {
        let (levels, values) = data.marginal(factor: position)
        var raw: [(a: String, b: String, test: String, statistic: Double, df: Double?, p: Double)] = []
        for i in levels.indices {
            for j in levels.indices where j > i {
                if within {
                    let complete = values.filter { $0[i] != nil && $0[j] != nil }
                    let x = complete.map { $0[i]! }
                    let y = complete.map { $0[j]! }
                    let t = try TTest.paired(x, y)
                    raw.append((levels[i], levels[j], "paired-t", t.t, t.df, t.p))
                } else {
                    let x = values.compactMap { $0[i] }
                    let y = values.compactMap { $0[j] }
                    if rank {
                        let u = try MannWhitney.test(x, y)
                        raw.append((levels[i], levels[j], "mann-whitney", u.u, nil, u.p))
                    } else {
                        let t = try TTest.welch(x, y)
                        raw.append((levels[i], levels[j], "welch-t", t.t, t.df, t.p))
                    }
                }
            }
        }
        let adjusted = adjust.adjust(raw.map(\.p))
        return zip(raw, adjusted).map { item, pAdjusted in
            pairwise(term, item.a, item.b, item.test, item.statistic, item.df, item.p, pAdjusted, adjust)
        }
    }

    static func pairwise(
        _ term: String, _ a: String, _ b: String, _ test: String, _ statistic: Double, _ df: Double?,
        _ p: Double, _ pAdjusted: Double, _ adjust: PValueAdjustment
    ) -> PairwiseOutcome {
        let symbol =
            switch test {
            case "conover", "art-c", "paired-t", "welch-t": "t"
            case "emmeans": df == nil ? "z" : "t"
            case "mann-whitney": "W"
            default: "statistic"
            }
        let apa = APAStatistic([
            .init(APAStatistic.Symbol(symbol), df: df.map { [APA.df($0)] } ?? [], APA.value(statistic)), .p(p),
            .p(pAdjusted, label: adjust.rawValue),
        ])
        return PairwiseOutcome(
            term: term, a: a, b: b, test: test, statistic: statistic, df: df, p: p, pAdjusted: pAdjusted,
            adjust: adjust.rawValue, apaStatistic: apa)
    }
}
