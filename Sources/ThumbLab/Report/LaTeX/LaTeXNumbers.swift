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
                    macros.add(stem + ["Stat"], math(test.apa), what)
                    for part in parts(test.apa) {
                        macros.add(stem + [name(ofPart: part)], math(part), "\(what), \(symbol(part))")
                    }
                }
                for pair in comparison.posthoc {
                    let stem = [measure, pair.a, pair.b] + by
                    let what =
                        "\(measure), \(names.levels(pair.a, of: pair.term)) against \(names.levels(pair.b, of: pair.term)) "
                        + "(\(names.term(pair.term)))\(context): \(pair.test)"
                    macros.add(stem + ["Stat"], math(pair.apa), what)
                    if let p = parts(pair.apa).first(where: { $0.hasPrefix("p ") }) {
                        macros.add(stem + ["P"], math(p), "\(what), p")
                    }
                }
                for (factor, means) in comparison.marginalMeans {
                    for (level, mean) in means {
                        let kind = comparisonReport.request.measure == .error ? "Rate" : "Mean"
                        macros.add(
                            [measure, level] + by + [kind], math(text.formattedMean(mean)),
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
                macros.add(stem + ["Stat"], math(test.apa), what)
                for part in parts(test.apa) {
                    macros.add(stem + [name(ofPart: part)], math(part), "\(what), \(symbol(part))")
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

    /// `F(1.35, 20.29) = 152.64, p < .001, η²G = .470` split at the commas outside
    /// parentheses.
    static func parts(_ apa: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var characters = Array(apa)[...]
        while let character = characters.popFirst() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ",", depth == 0, characters.first == " " {
                parts.append(current)
                current = ""
                characters = characters.dropFirst()
            } else {
                current.append(character)
            }
        }
        return parts + [current]
    }

    /// The symbol a part of an APA result starts with: `F`, `p`, `η²G`.
    static func symbol(_ part: String) -> String { String(part.prefix { $0 != " " && $0 != "(" }) }

    /// The macro suffix of one part of an APA result, from its symbol.
    static func name(ofPart part: String) -> String {
        let symbol = symbol(part)
        switch symbol {
        case "χ²": return "Chi"
        case "η²G": return "EtaG"
        case "η²p": return "EtaP"
        case "p": return "P"
        default:
            let words = symbol.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }
            return words.joined()
        }
    }

    /// A part of an APA result in LaTeX math: `$F(1.35, 20.29) = 152.64$`, `$\eta^2_G = .470$`,
    /// `$p_{\mathrm{holm}} < .001$`; a unit stays upright and a per cent sign is escaped.
    static func math(_ text: String) -> String {
        var out = text
        for (plain, latex) in [
            ("η²G", "\\eta^2_G"), ("η²p", "\\eta^2_p"), ("η²", "\\eta^2"), ("χ²", "\\chi^2"), ("ω²", "\\omega^2"),
            ("M_geo", "M_{\\mathrm{geo}}"), ("p_holm", "p_{\\mathrm{holm}}"),
            ("p_bonferroni", "p_{\\mathrm{bonferroni}}"),
            ("p_hochberg", "p_{\\mathrm{hochberg}}"), ("p_bh", "p_{\\mathrm{BH}}"), ("p_by", "p_{\\mathrm{BY}}"),
            ("%", "\\%"), (" ms", "\\,\\mathrm{ms}"), (" bits/s", "\\,\\mathrm{bits/s}"), ("−", "-"),
        ] {
            out = out.replacingOccurrences(of: plain, with: latex)
        }
        let parts = LaTeXNumbers.parts(out)
        return parts.map { "$\($0)$" }.joined(separator: ", ")
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
