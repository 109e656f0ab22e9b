import ThumbLabStats

extension ComparisonText {
    /// A main effect's post-hoc pairs in one sentence, grouped by the level with the higher
    /// mean: "ThumbSpace was slower than both Direct and Shift, both p < .001; Direct and
    /// Shift did not differ, p = .21". p-values are the adjusted ones; direction comes from
    /// the marginal means. `nil` when the term has no pairs.
    func groupedPairs(_ term: String, _ comparison: Comparison) -> [ProseSpan]? {
        let pairs = comparison.posthoc.filter { $0.term == term }
        guard !pairs.isEmpty,
            let means = comparison.marginalMeans.first(where: { $0.factor == term })?.means
        else { return nil }
        let mean = Dictionary(means.map { ($0.level, $0.mean) }, uniquingKeysWith: { first, _ in first })
        let order = means.map(\.level)
        func level(_ raw: String) -> String { levelName(raw, of: term) }
        let significant = pairs.filter { $0.pAdjusted < request.alpha }
        // Every pair of three or more levels differing at one printed p: the means given
        // before already order them.
        if pairs.count >= 3, significant.count == pairs.count, Set(pairs.map { APA.p($0.pAdjusted) }).count == 1 {
            let count = pairs.count < 11 ? Self.countWords[pairs.count] : String(pairs.count)
            return [.text("All \(count) pairs differed, all "), .p(pairs[0].pAdjusted), .text(".")]
        }
        // Pairs grouped by the level that differed from several: from the highest mean down
        // (each with the lower levels it exceeded) or from the lowest up, whichever takes
        // fewer clauses.
        let fromHighest = clausesGrouped(significant, order: order, mean: mean, term: term, higher: true)
        let fromLowest = clausesGrouped(significant, order: order, mean: mean, term: term, higher: false)
        var clauses = fromLowest.count < fromHighest.count ? fromLowest : fromHighest
        let flat = pairs.filter { $0.pAdjusted >= request.alpha }
        for (index, pair) in flat.enumerated() {
            let verb = index == 0 ? "\(level(pair.a)) and \(level(pair.b)) did not differ, " : "nor did "
            let subject = index == 0 ? "" : "\(level(pair.a)) and \(level(pair.b)), "
            clauses.append([.text(verb + subject), .p(pair.pAdjusted)])
        }
        guard !clauses.isEmpty else { return nil }
        var sentence: [ProseSpan] = []
        for (index, clause) in clauses.enumerated() {
            if index > 0 { sentence.append(.text("; ")) }
            sentence += clause
        }
        sentence.append(.text("."))
        return sentence
    }

    /// Small counts in words, by their value.
    static let countWords = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// One clause per level that differed from others in one direction: "ThumbSpace was
    /// slower than both Direct and Shift, both p < .001".
    private func clausesGrouped(
        _ significant: [PairwiseOutcome], order: [String], mean: [String: Double], term: String, higher: Bool
    ) -> [[ProseSpan]] {
        func beyond(_ x: String, _ y: String) -> Bool {
            higher ? (mean[x] ?? 0) > (mean[y] ?? 0) : (mean[x] ?? 0) < (mean[y] ?? 0)
        }
        let ranked = order.sorted { beyond($0, $1) }
        var clauses: [[ProseSpan]] = []
        for level in ranked {
            let others = significant.compactMap { pair -> (level: String, p: Double)? in
                let other = pair.a == level ? pair.b : pair.b == level ? pair.a : nil
                guard let other, beyond(level, other) else { return nil }
                return (other, pair.pAdjusted)
            }.sorted { order.firstIndex(of: $0.level)! < order.firstIndex(of: $1.level)! }
            guard !others.isEmpty else { continue }
            let names = others.map { levelName($0.level, of: term) }
            let ps = others.map { APA.p($0.p) }
            let spans = others.map { ProseSpan.p($0.p) }
            var clause: [ProseSpan] = [.text("\(levelName(level, of: term)) \(phrase(higher: higher)) ")]
            if others.count == 1 {
                clause += [.text("\(names[0]), "), spans[0]]
            } else if Set(ps).count == 1 {
                let quantifier = others.count == 2 ? "both" : "all"
                clause += [
                    .text("\(others.count == 2 ? "both " : "")\(WordList.listed(names)), \(quantifier) "), spans[0],
                ]
            } else {
                clause.append(.text("\(WordList.listed(names)) ("))
                for (index, p) in spans.enumerated() {
                    if index > 0 { clause.append(.text(index == spans.count - 1 ? " and " : ", ")) }
                    clause.append(p)
                }
                clause.append(.text(" respectively)"))
            }
            clauses.append(clause)
        }
        return clauses
    }

    /// How a level compares with those it exceeded or fell below: "was slower than", "had a
    /// lower error rate than".
    private func phrase(higher: Bool) -> String {
        switch request.measure {
        case .time: higher ? "was slower than" : "was faster than"
        case .score, .item: higher ? "scored higher than" : "scored lower than"
        default: "had a \(higher ? "higher" : "lower") \(measureName) than"
        }
    }
}
