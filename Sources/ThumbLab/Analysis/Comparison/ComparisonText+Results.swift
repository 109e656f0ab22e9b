import Foundation
import ThumbLabStats

extension ComparisonText {
    /// The Results paragraph: the measure as a run-in heading, then per comparison each main
    /// effect with its test and means and its post-hoc pairs grouped, each significant
    /// interaction with its simple effects, and the interactions that were not significant.
    var paragraph: ProseParagraph {
        var spans: [ProseSpan] = [.emphasis("\(measureTitle).")]
        for sentence in sentenceSpans { spans += [.text(" ")] + sentence }
        return ProseParagraph(spans)
    }

    /// The paragraph's sentences, each as spans; the last cites the table of simple effects
    /// when the interactions have any.
    var sentenceSpans: [[ProseSpan]] {
        let sentences = comparisons.flatMap { comparison -> [[ProseSpan]] in
            let at = comparison.byLevel.map {
                "At \(names.factor($0.factor)) \(names.level($0.level, of: $0.factor)), "
            }
            var sentences: [[ProseSpan]] = []
            let mains = comparison.tests.filter { !$0.term.contains(":") }
            for (index, test) in mains.enumerated() {
                sentences.append(mainEffect(test, comparison, namingTest: index == 0))
                if let pairs = groupedPairs(test.term, comparison), !pairs.isEmpty { sentences.append(pairs) }
            }
            let interactions = comparison.tests.filter { $0.term.contains(":") }
            for test in interactions where test.decisiveP < request.alpha {
                sentences += interaction(test, comparison)
            }
            let flat = interactions.filter { $0.decisiveP >= request.alpha }
            if !flat.isEmpty {
                let other = flat.count < interactions.count ? "other " : ""
                var spans: [ProseSpan] = [.text("No \(other)interaction was significant (")]
                for (index, test) in flat.enumerated() {
                    if index > 0 { spans.append(.text("; ")) }
                    spans += [.text("\(names.term(test.term)): ")] + statistic(test)
                }
                sentences.append(spans + [.text(").")])
            }
            guard let at else { return sentences }
            return sentences.enumerated().map { index, sentence in
                guard index == 0, case .text(let first) = sentence[0] else { return sentence }
                return [.text(at + first.prefix(1).lowercased() + first.dropFirst())] + sentence.dropFirst()
            }
        }
        guard comparisons.contains(where: { !$0.simpleEffects.isEmpty }) else { return sentences }
        let table = TableReference(
            file: TableReference.stem(request.measure.description) + "-simple-effects",
            text: "the table of simple effects")
        return sentences + [[.text("The simple effects of each interaction are in "), .table(table), .text(".")]]
    }

    /// The test's APA statistic, with its p-value adjusted across the `by` factor's levels
    /// where there are several.
    private func statistic(_ test: TestOutcome) -> [ProseSpan] {
        let adjusted = test.pAdjusted.map { [APAStatistic.Part.p($0, label: test.adjust ?? "adjusted")] } ?? []
        return [.statistic(test.apaStatistic + APAStatistic(adjusted))]
    }

    /// "Technique affected time, F(...) = ..., p < .001, η²G = .470 (geometric means: Direct
    /// 1109 ms, ...)."
    private func mainEffect(_ test: TestOutcome, _ comparison: Comparison, namingTest: Bool) -> [ProseSpan] {
        let factor = names.factor(test.term)
        let subject = factor.prefix(1).uppercased() + factor.dropFirst()
        let significant = test.decisiveP < request.alpha
        let verb = significant ? "affected" : "did not significantly affect"
        let named = namingTest ? "\(ComparisonText.label(test.test)), " : ""
        var spans: [ProseSpan] = [.text("\(subject) \(verb) \(measureName) (\(named)")]
        spans += statistic(test)
        if let means = comparison.marginalMeans.first(where: { $0.factor == test.term })?.means, means.count <= 6 {
            let list = means.map { mean -> [ProseSpan] in
                [.number(meanNumber(mean.mean)), .text(" for \(levelName(mean.level, of: test.term))")]
            }
            spans += [.text("; \(meansName) ")] + ProseSpan.listed(list)
        }
        return spans + [.text(").")]
    }

    /// The interaction's test and, in the same sentence, where it lies: the pair of levels
    /// of its first factor whose difference changes most over the simple effects, at its
    /// largest and its smallest. The simple effects themselves are in their table.
    private func interaction(_ test: TestOutcome, _ comparison: Comparison) -> [[ProseSpan]] {
        var sentence: [ProseSpan] = [.text("The \(names.term(test.term)) interaction was significant (")]
        sentence += statistic(test)
        let effects = comparison.simpleEffects.filter { $0.term == test.term }
        guard !effects.isEmpty else {
            let pairs = comparison.posthoc.filter { $0.term == test.term }.count
            let rest =
                pairs > 0
                ? "; its \(pairs) pairwise comparisons of cells are in the post-hoc table"
                : "; the cell means are in "
                    + "the table of cells"
            return [sentence + [.text(")\(rest).")]]
        }
        guard effects.count >= 2, let change = largestChange(effects) else { return [sentence + [.text(").")]] }
        return [sentence + [.text("): \(change).")]]
    }

    /// Where the interaction lies: the pair of levels of the first factor whose difference
    /// changes most over the simple effects, at its largest and its smallest ("Shift was
    /// 40.3 percentage points below Direct at 3.6 mm and 5.0 at 9.6 mm").
    private func largestChange(_ effects: [SimpleEffect]) -> String? {
        let levels = effects[0].levels
        let logScale = request.cellAggregate == .geomean && effects.allSatisfy { $0.means.allSatisfy { $0 > 0 } }
        func difference(_ effect: SimpleEffect, _ i: Int, _ j: Int) -> Double {
            logScale ? Foundation.log(effect.means[j] / effect.means[i]) : effect.means[j] - effect.means[i]
        }
        var best: (i: Int, j: Int, spread: Double)?
        for i in levels.indices {
            for j in levels.indices where j > i {
                let values = effects.map { difference($0, i, j) }.filter(\.isFinite)
                guard let low = values.min(), let high = values.max() else { continue }
                if best == nil || high - low > best!.spread { best = (i, j, high - low) }
            }
        }
        guard let best, best.spread > 0 else { return nil }
        let values = effects.map { difference($0, best.i, best.j) }
        let largest = values.indices.max { abs(values[$0]) < abs(values[$1]) }!
        let smallest = values.indices.min { abs(values[$0]) < abs(values[$1]) }!
        let a = levelName(levels[best.i], of: effects[0].factor)
        let b = levelName(levels[best.j], of: effects[0].factor)
        /// The size of a difference and the word for its side: ("45%", "slower than").
        func side(_ value: Double) -> (size: String, unit: String, relation: String) {
            if logScale {
                let percent = Int((Foundation.exp(abs(value)) - 1) * 100 + 0.5)
                return ("\(percent)", "%", value >= 0 ? "slower than" : "faster than")
            }
            let relation = value >= 0 ? "above" : "below"
            if request.measure == .error {
                return (APA.value(abs(value) * 100, digits: 1), " percentage points", relation)
            }
            return (APA.value(abs(value)), "", relation)
        }
        let first = side(values[largest])
        let second = side(values[smallest])
        let opening = "\(b) was \(first.size)\(first.unit) \(first.relation) \(a) at \(place(effects[largest]))"
        if first.relation == second.relation {
            return opening + " and \(second.size)\(first.unit == "%" ? "%" : "") at \(place(effects[smallest]))"
        }
        return opening + " but \(second.size)\(second.unit) \(second.relation) it at \(place(effects[smallest]))"
    }

    /// Where a simple effect was tested: "target size (mm) 3.6", "target size (mm) 3.6 and
    /// mobility sitting".
    private func place(_ effect: SimpleEffect) -> String {
        zip(effect.atFactors, effect.atLevels).map { factor, level in
            let name = levelName(level, of: factor)
            return name == names.level(level, of: factor) ? "\(name) (\(names.factor(factor)))" : name
        }.joined(separator: " and ")
    }

    /// A level as a sentence names it: its label, or a number with the factor's unit
    /// (`3.6` of `target_size_mm` reads "3.6 mm").
    func levelName(_ level: String, of factor: String) -> String {
        let label = names.level(level, of: factor)
        guard label == level, Double(level) != nil else { return label }
        let words = names.factor(factor)
        guard words.hasSuffix(")"), let open = words.lastIndex(of: "(") else { return label }
        return "\(level) \(words[words.index(after: open)..<words.index(before: words.endIndex)])"
    }
}
