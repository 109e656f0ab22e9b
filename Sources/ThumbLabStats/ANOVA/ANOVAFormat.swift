/// APA-style strings for ANOVA terms, in the papaja/afex style.
enum ANOVAFormat {
    /// `F(2.08, 16.66) = 5.20, p = .017, η²G = .346`: df after the applied sphericity
    /// correction (two decimals when not integral), F to two decimals, the corrected p, and
    /// generalized eta squared to three decimals without a leading zero.
    static func apa(_ term: ANOVATerm) -> APAStatistic {
        APAStatistic([
            .init("F", df: [APA.df(term.correctedDF), APA.df(term.correctedErrorDF)], APA.value(term.f)),
            .p(term.correctedP), .init("η²G", APA.unit(term.ges)),
        ])
    }
}
