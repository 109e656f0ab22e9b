import ThumbLabStats

/// `numbers.tex`: every statistic of the report's comparisons as a LaTeX macro, so that an
/// author writes "technique affected time (\TimeTechniqueStat)" and the number can never
/// be mistyped. For each omnibus test of a measure and term, `Stat` (the whole APA result),
/// the statistic alone (`F`, `T`, `Chi`, `Z`, `W`, `V`, `U`, `H`), `P`, and the effect size
/// (`EtaG`, `EtaP`, `W`, `D`, `R`); for each post-hoc pair, the pair's `Stat` and `P`; for
/// each level's marginal mean, `Mean` (`Rate` for error rates); for each order analysis of
/// the Counterbalancing paragraph, its position and sequence tests, named by the factor and
/// the term (`\OrderTechniquePositionStat`, `\OrderTechniqueSequenceTechniqueP`). Names are the measure, the
/// term or levels and the part, in capitalised words of letters only (digits spelt out:
/// `3.6` is `ThreePointSix`), such as `\TimeTechniqueF` or `\ErrorShiftRate`. A comment
/// above each macro says what it holds; a name that would repeat one before it is left out,
/// with a comment that says so. Names come from the raw factor and level names, so that
/// they stay as they are when labels change; comments show the display names.
enum LaTeXNumbers {
    /// The file, ending with a newline.
    static func document(_ report: StudyReport) -> String {
        var macros = Macros()
        for comparisonReport in report.comparisons + report.scoreComparisons {
            let names = comparisonReport.names
            let text = ComparisonText(
                request: comparisonReport.request, selection: comparisonReport.selection,
                comparisons: comparisonReport.comparisons, names: names)
            let measure = comparisonReport.request.measure.description
            for comparison in comparisonReport.comparisons {
                let by = comparison.byLevel.map { ["For", $0.factor, $0.level] } ?? []
                let context =
                    comparison.byLevel.map {
                        " for \(names.factor($0.factor)) = \(names.level($0.level, of: $0.factor))"
                    }
                    ?? ""
                for test in comparison.tests {
                    let stem = [measure, test.term] + by
                    let what = "\(measure), \(names.term(test.term))\(context): \(ComparisonText.label(test.test))"
                    macros.add(stem + ["Stat"], math(test.apaStatistic), what)
                    for part in test.apaStatistic.parts {
                        guard let symbol = part.symbol else { continue }
                        macros.add(stem + [name(of: symbol)], math(part), "\(what), \(symbol.text)")
                    }
                }
                for pair in comparison.posthoc {
                    let stem = [measure, pair.a, pair.b] + by
                    let what =
                        "\(measure), \(names.levels(pair.a, of: pair.term)) against \(names.levels(pair.b, of: pair.term)) "
                        + "(\(names.term(pair.term)))\(context): \(pair.test)"
                    macros.add(stem + ["Stat"], math(pair.apaStatistic), what)
                    if let p = pair.apaStatistic.parts.first(where: { $0.symbol == APAStatistic.Symbol(base: "p") }) {
                        macros.add(stem + ["P"], math(p), "\(what), p")
                    }
                }
                for (factor, means) in comparison.marginalMeans {
                    for (level, mean) in means {
                        let kind = comparisonReport.request.measure == .error ? "Rate" : "Mean"
                        macros.add(
                            [measure, level] + by + [kind], math(text.meanNumber(mean)),
                            "\(measure), marginal mean of \(names.factor(factor)) = \(names.level(level, of: factor))\(context)"
                        )
                    }
                }
            }
        }
        for order in report.counterbalancing {
            let factor = order.request.factor
            let tests = order.position.tests + (order.sequence?.tests ?? [])
            for test in tests {
                let stem = ["Order", factor, test.term]
                let what =
                    "order of \(report.names.factor(factor)), \(report.names.term(test.term)) on \(order.request.measure): \(ComparisonText.label(test.test))"
                macros.add(stem + ["Stat"], math(test.apaStatistic), what)
                for part in test.apaStatistic.parts {
                    guard let symbol = part.symbol else { continue }
                    macros.add(stem + [name(of: symbol)], math(part), "\(what), \(symbol.text)")
                }
            }
        }
        return "% Every statistic of the ThumbLab report as a macro: \\input{numbers} in the preamble.\n\n"
            + macros.text
    }

    /// A comment's text on one line (a comment needs no escaping, only no line break).
    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    /// The definitions written so far, and the names taken.
    private struct Macros {
        var text = ""
        var taken: Set<String> = []

        mutating func add(_ words: [String], _ body: String, _ comment: String) {
            let name = LaTeXNumbers.macroName(words)
            guard !taken.contains(name) else {
                text += "% \(oneLine(comment)): \\\(name) is already defined above.\n\n"
                return
            }
            taken.insert(name)
            text += "% \(oneLine(comment))\n\\newcommand{\\\(name)}{\(body)}\n\n"
        }
    }

    /// The macro suffix of a statistic's symbol: `Chi`, `EtaG`, `EtaP`, `P`, `F`, `DZ`.
    static func name(of symbol: APAStatistic.Symbol) -> String {
        let base =
            switch symbol.base {
            case "χ": "Chi"
            case "η": "Eta"
            case "ε": "Epsilon"
            case "ω": "Omega"
            default: symbol.base.prefix(1).uppercased() + symbol.base.dropFirst()
            }
        if symbol == APAStatistic.Symbol("χ²") { return base }
        return base + symbol.label.prefix(1).uppercased() + symbol.label.dropFirst()
    }

    /// A statistic in LaTeX math, each part in its own `$...$`: `$F(1.35, 20.29) = 152.64$,
    /// $p < .001$, $\eta^2_G = .470$`.
    static func math(_ statistic: APAStatistic) -> String {
        statistic.parts.map(math).joined(separator: ", ")
    }

    /// One part of a statistic in LaTeX math: `$\eta^2_G = .470$`, `$p_{\mathrm{holm}} < .001$`;
    /// a part of words only stays upright.
    static func math(_ part: APAStatistic.Part) -> String {
        guard let symbol = part.symbol else { return "$\\mathrm{\(LaTeXText.escaped(part.value))}$" }
        let greek = ["η": "\\eta", "χ": "\\chi", "ω": "\\omega", "ε": "\\varepsilon", "α": "\\alpha"]
        var out = greek[symbol.base] ?? symbol.base
        if symbol.squared { out += "^2" }
        if symbol.label.count == 1 {
            out += "_" + symbol.label
        } else if !symbol.label.isEmpty {
            let label = ["bh": "BH", "by": "BY"][symbol.label] ?? symbol.label
            out += "_{\\mathrm{\(label)}}"
        }
        return "$\(out)\(part.dfText) \(part.relation) \(part.value.replacingOccurrences(of: "−", with: "-"))$"
    }

    /// A number of the Results (`1109 ms`, `12.3%`) in LaTeX math, its unit upright after a
    /// thin space, a per cent sign without one.
    static func math(_ number: ProseNumber) -> String {
        let value = APA.value(number.value, digits: number.precision)
        switch number.unit {
        case nil: return "$\(value)$"
        case "%": return "$\(value)\\%$"
        case let unit?: return "$\(value)\\,\\mathrm{\(unit)}$"
        }
    }

    /// Capitalised words of letters only: `score:sus`, `3.6` becomes `ScoreSusThreePointSix`.
    static func macroName(_ words: [String]) -> String {
        let digits = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"]
        var name = ""
        var capitalise = true
        for word in words {
            capitalise = true
            for character in word {
                if let digit = character.wholeNumberValue, character.isASCII {
                    name += digits[digit]
                    capitalise = true
                } else if character == "." {
                    name += "Point"
                    capitalise = true
                } else if character.isASCII && character.isLetter {
                    name += capitalise ? character.uppercased() : String(character)
                    capitalise = false
                } else {
                    capitalise = true
                }
            }
        }
        return name
    }
}
