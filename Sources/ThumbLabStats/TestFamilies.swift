/// Repeated-measures, between-subjects and mixed analysis of variance, and Tukey's HSD.
///
/// ``ANOVA/repeatedMeasures(_:design:correction:)`` follows afex's `aov_ez` (type III sums of
/// squares, Mauchly's test, Greenhouse–Geisser and Huynh–Feldt corrections, generalised and
/// partial eta squared); ``ANOVA/tukeyHSD(values:groups:confidenceLevel:)`` follows R's `TukeyHSD`.
public enum ANOVA {}

/// The aligned rank transform (Wobbrock et al., 2011) and its contrasts, as ARTool.
///
/// ``ART/anova(_:design:)`` aligns and ranks the response once per effect and runs a
/// type III ANOVA on each ranked column; ``ART/contrasts(_:design:term:adjustment:model:)``
/// and ``ART/interactionContrasts(_:design:term:adjust:model:)`` are ART-C (Elkin et al., 2021)
/// and interaction contrasts on the ranks.
public enum ART {}

/// Friedman's rank test for one within-subjects factor and its post-hoc comparisons.
///
/// The test follows R's `friedman.test` with Kendall's W; the post-hocs are Conover's, Nemenyi's
/// and pairwise Wilcoxon signed-rank tests, as PMCMRplus and R's `pairwise.wilcox.test`.
public enum Friedman {}

/// The Kruskal–Wallis rank test for independent groups, tie-corrected as scipy and R.
public enum KruskalWallis {}

/// The Mann–Whitney U (Wilcoxon rank-sum) test for two independent samples, as R's `wilcox.test`.
public enum MannWhitney {}

/// The Wilcoxon signed-rank test for paired samples, as R's `wilcox.test(paired = TRUE)`.
public enum WilcoxonSignedRank {}

/// The Shapiro–Wilk test of normality (Royston, 1995), as R's `shapiro.test`.
public enum ShapiroWilk {}

/// Linear and logistic mixed-effects models with one random grouping factor (the participant).
///
/// ``MixedModel/linear(_:model:estimation:)`` matches lme4's `lmer` with lmerTest's
/// Satterthwaite and pbkrtest's Kenward–Roger degrees of freedom;
/// ``MixedModel/logistic(_:model:confidenceLevel:covariance:)`` matches lme4's `glmer` with the Laplace
/// approximation.
public enum MixedModel {}

/// Ordinary least-squares and logistic regression on one predictor, as R's `lm` and `glm`.
public enum Regression {}

/// Adjustment of a family of p-values for multiple comparisons, as R's `p.adjust`.
public enum PValues {}
