/// The policy of an ANOVA and of Tukey's HSD in words, and the APA text of a Tukey comparison.
extension SphericityCorrection {
    /// The correction in words, as a methods section names it.
    public var words: String {
        switch self {
        case .none: "no sphericity correction"
        case .greenhouseGeisser: "Greenhouse-Geisser correction"
        case .huynhFeldt: "Huynh-Feldt correction"
        case .auto: "Greenhouse-Geisser correction where Mauchly's test gives p < .05"
        }
    }
}

extension ANOVAResult {
    /// The analysis in words: type III sums of squares as afex, the sphericity correction and
    /// the effect sizes, e.g. "Type III ANOVA (afex), Greenhouse-Geisser correction,
    /// generalised and partial eta squared, listwise deletion of incomplete subjects".
    public var policy: String {
        "Type III ANOVA (afex), \(correction.words), generalised and partial eta squared, "
            + "listwise deletion of incomplete subjects"
    }
}

extension TukeyHSDResult {
    /// The test in words, with the confidence level of its simultaneous intervals.
    public var policy: String {
        let level = APA.df(confidenceLevel * 100)
        return "Tukey's HSD with the Tukey-Kramer adjustment for unequal group sizes, "
            + "\(level)% simultaneous intervals, studentized range p-values"
    }
}

extension TukeyHSDComparison {
    /// APA-style text of the comparison: `"M_diff = 1.20, CI [0.31, 2.09], q = 4.10, p = .021"`
    /// (the interval at the result's confidence level).
    public var apa: String { apaStatistic.description }
    /// ``apa`` as typed parts.
    public var apaStatistic: APAStatistic {
        APAStatistic([
            .init("M_diff", APA.value(difference)), .init(words: "CI [\(APA.value(ciLow)), \(APA.value(ciHigh))]"),
            .init("q", APA.value(q)), .p(p),
        ])
    }
}
