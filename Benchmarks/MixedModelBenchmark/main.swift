// Times ThumbLab's linear mixed model against lme4 and lmerTest on the same data, in the same
// run; the R baselines are timed inside R with system.time, so that R's start-up and CSV
// reading are not counted. Without Rscript (or its packages) the benchmark prints ThumbLab's
// times and says what is missing.
//
//     swift run -c release --package-path Benchmarks thumblab-mixed-model-benchmark [--trials N] [--runs N]
//
// The default mode: `linearMixedModel` (REML fit, type III table with Satterthwaite df) on
// 24 participants x 3 x 3 within, random intercept, 20,000 trials, ln time, against `lmer`
// alone and `lmer` + `anova(ddf = "Satterthwaite")`.
//
//     swift run -c release --package-path Benchmarks thumblab-mixed-model-benchmark --kenward-roger \
//         [--sizes 5000,20000,50000] [--runs N] [--r-max-trials N]
//
// Kenward-Roger mode: one factor of 3 levels within 16 participants, random intercept, at each
// size: the fit and `kenwardRogerTerms()` against `anova(lmer(...), ddf = "Kenward-Roger")`
// (lmerTest over pbkrtest), which R runs once per size; R is skipped above --r-max-trials.
import Foundation

let options = Options(Array(CommandLine.arguments.dropFirst()))
if options.kenwardRoger {
    try KenwardRogerComparison.run(options)
} else {
    try SatterthwaiteComparison.run(options)
}
