import ThumbLab
import ThumbLabStats

/// `thumblab compare`: a measure across the levels of one or more factors, with the
/// right test, effect sizes, post-hoc tests and APA sentences.
enum CompareCommand: Command {
    static let measure = Option<Measure>(
        "--measure", value: "measure", default: .time,
        help:
            "time, error, a numeric trial column (e.g. errors), score:INSTRUMENT (e.g. score:sus) or one part of it (score:tlx.physical)."
    )
    static let factors = Option<[String]>(
        "--factor", value: "name", help: "The factor to compare over; repeat for a factorial design (required).")
    static let levels = Option<String?>(
        "--levels", value: "a,b,...", help: "Compare only these levels of the first factor.")
    static let by = Option<String?>(
        "--by", value: "factor", help: "Repeat the comparison within each level of this factor, adjusting across them.")
    static let test = Option<ComparisonTest>(
        "--test", value: "test", default: .auto,
        help: "The test; auto chooses from the design and the data and says why.")
    static let aggregate = Option<Aggregate?>(
        "--aggregate", value: "aggregate", help: "How a participant's trials in a cell become one value.",
        defaultDescription: "geomean for time, proportion for error, mean otherwise")
    static let adjust = Option<PValueAdjustment>(
        "--adjust", value: "method", default: .holm, help: "The correction of post-hoc and --by p-values.")
    static let posthoc = Option<PostHocScope>(
        "--posthoc", value: "scope", default: .main,
        help: "Follow-up tests of significant effects: main (pairs for main effects, simple effects for "
            + "interactions), all (pairs for every effect, interactions cell by cell) or none.")
    static let dfMethod = Option<MixedModelDFMethod>(
        "--df-method", value: "method", default: .satterthwaite,
        help: "Denominator df of a linear mixed model's F tests (--test lmm).")
    static let glmmCovariance = Option<LogisticMixedModelCovariance>(
        "--glmm-covariance", value: "method", default: .lme4,
        help: "Covariance of a logistic mixed model's fixed effects (--test glmm): lme4 as vcov(glmer) or exact.")
    static let random = Option<RandomEffectsStructure>(
        "--random", value: "structure", default: .intercept,
        help: "Random effects of a linear mixed model (--test lmm): intercept, slopes of the within factors, or "
            + "maximal (slopes and their interactions); a singular fit is simplified step by step, as the output says.")
    static let attempts = SelectionOptions.attempts(default: .first)

    static let spec = CommandSpec(
        name: "compare",
        abstract: "Compare time, errors or scores across techniques (or any factor), with the right test.",
        discussion: """
            One value per participant and cell (time: the mean of ln time, a geometric mean; \
            error: the proportion of missed trials). Whether a factor is within or between \
            subjects is read from the data. With --test auto, two within levels get a paired \
            t-test (Wilcoxon when Shapiro-Wilk rejects normality of the differences), more \
            levels a repeated-measures ANOVA (Friedman), factorial designs RM or mixed ANOVA \
            (ART), between factors Welch's t or ANOVA (Mann-Whitney, Kruskal-Wallis); single \
            questionnaire items get rank tests. When a participant lacks a cell, a mixed model \
            of every trial (lmm for time, glmm for errors) is fitted instead of dropping them. \
            Significant omnibus tests are followed by pairwise comparisons.
            """,
        options: [measure, factors, levels, by, test, aggregate, adjust, posthoc, dfMethod, glmmCovariance, random]
            + SelectionOptions.all(attempts: attempts)
            + SharedOptions.figureOutput,
        examples: [
            "thumblab compare --factor technique --exclude block=0",
            "thumblab compare --measure error --factor technique --by target_size_mm",
            "thumblab compare --factor technique --levels Direct,Shift --test wilcoxon",
            "thumblab compare --factor technique --factor mobility --format json",
            "thumblab compare --measure error --factor technique --factor target_size_mm --posthoc all",
            "thumblab compare --measure score:sus --factor technique",
            "thumblab compare --factor technique --test lmm",
            "thumblab compare --factor technique --factor size --test lmm --random maximal",
            "thumblab compare --measure error --factor technique --exclude block=0 --out error-rate.svg",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let chosen = try arguments.figureResultFormat()
        let factors = arguments[Self.factors]
        if factors.isEmpty { throw CLIError.usage("Missing expected option '--factor <name>'.") }
        let levels = arguments[Self.levels].map { $0.split(separator: ",").map(String.init) }
        let request = ComparisonRequest(
            measure: arguments[Self.measure], factors: factors, levels: levels, by: arguments[Self.by],
            test: arguments[Self.test], aggregate: arguments[Self.aggregate], adjust: arguments[Self.adjust],
            dfMethod: arguments[Self.dfMethod], glmmCovariance: arguments[Self.glmmCovariance],
            randomEffects: arguments[Self.random], posthoc: arguments[Self.posthoc])
        let report = try arguments.analyse(attempts: Self.attempts, console: console) {
            try $0.compare(request, selection: $1)
        }
        try arguments.deliverResult(
            chosen, console: console, json: { ComparisonTables.json(report) },
            tables: { ComparisonTables.tables(report, decimals: $0 == .csv ? nil : 3).rendered(as: $0) },
            figure: { try ComparisonChart.figure(report, size: $0) })
    }
}
