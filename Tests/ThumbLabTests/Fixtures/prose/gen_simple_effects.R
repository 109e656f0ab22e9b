# Reference values for the simple effects a report gives for an interaction: the effect
# of an interaction's first factor at each level (or combination of levels) of the
# others, tested by the same kind of test as the omnibus one on the participants' values
# at that level, averaged over the factors the interaction leaves out. This is the
# univariate approach of one separate test per level (as afex::aov_ez run on each subset),
# not emmeans' joint_tests on the pooled model.
#
# Per participant and cell, one value: the mean of ln time_ms (time) or the proportion
# of missed first attempts (error), first attempts of blocks 1 and up. A simple effect's
# input averages those cell values over the remaining factors.
#   - time (repeated-measures or mixed ANOVA): afex::aov_ez on those values; F, df, the
#     uncorrected p and the Greenhouse-Geisser p and df.
#   - error (aligned rank transform): a one-factor ART aligns every value to
#     value - grand mean (rounded to 8 decimals, as ARTool), so it is the repeated-measures
#     ANOVA of those values' average ranks over the subset: afex::aov_ez on the ranks,
#     uncorrected.
# A synthetic design (simple_effects_trials.csv, written here with a fixed seed) adds a
# between-subjects factor: layout (within) at each hand (between), and hand at each layout.
#
#   Rscript Tests/ThumbLabTests/Fixtures/prose/gen_simple_effects.R
#
# rewrites simple_effects.json and simple_effects_trials.csv beside this script.
suppressMessages({ library(afex); library(jsonlite) })
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("--file=", "", args[grep("--file=", args)])))
root <- normalizePath(file.path(here, "..", "..", "..", ".."))

cell_values <- function(trials, factors, value) {
  trials$value <- value
  aggregate(trials["value"], by = trials[c("participant", factors)], FUN = mean)
}

# One simple-effects family: `tested` at each combination of `at`, on cell values over
# `factors` averaged over the factors not in c(tested, at).
simple <- function(cells, tested, at, within, between, ranks = FALSE) {
  keys <- unique(cells[at])
  keys <- keys[do.call(order, keys), , drop = FALSE]
  lapply(seq_len(nrow(keys)), function(k) {
    subset <- merge(cells, keys[k, , drop = FALSE], by = at)
    values <- aggregate(subset["value"], by = subset[c("participant", tested)], FUN = mean)
    # ARTool rounds aligned values to 8 decimals before ranking, so that averages equal in
    # exact arithmetic tie.
    if (ranks) values$value <- rank(round(values$value - mean(values$value), 8))
    fit <- suppressMessages(aov_ez(
      "participant", "value", values,
      within = if (tested %in% within) tested else NULL,
      between = if (tested %in% between) tested else NULL,
      anova_table = list(correction = "none", es = "ges")))
    table <- fit$anova_table
    row <- list(at = as.list(setNames(as.character(unlist(keys[k, ])), at)),
                F = table$F[1], df1 = table[["num Df"]][1], df2 = table[["den Df"]][1], p = table[["Pr(>F)"]][1])
    if (tested %in% within && length(unique(values[[tested]])) > 2) {
      gg <- summary(fit)$pval.adjustments
      row$epsilon_gg <- gg[1, "GG eps"]
      row$p_gg <- gg[1, "Pr(>F[GG])"]
    }
    row
  })
}

trials <- read.csv(file.path(root, "Datasets", "thumbspace-vs-shift", "trials.csv"))
key <- paste(trials$participant, trials$technique, trials$target_size_mm, trials$mobility, trials$block, trials$trial)
first <- trials[!duplicated(key) & trials$block != 0, ]
first$target_size_mm <- format(first$target_size_mm, nsmall = 1)
factors <- c("technique", "target_size_mm", "mobility")
time <- cell_values(first, factors, log(first$time_ms))
error <- cell_values(first, factors, 1 - first$hit)
family <- function(cells, ranks) list(
  `technique:target_size_mm` = simple(cells, "technique", "target_size_mm", factors, c(), ranks),
  `technique:mobility` = simple(cells, "technique", "mobility", factors, c(), ranks),
  `target_size_mm:mobility` = simple(cells, "target_size_mm", "mobility", factors, c(), ranks),
  `technique:target_size_mm:mobility` = simple(cells, "technique", c("target_size_mm", "mobility"), factors, c(), ranks))

set.seed(29)
layouts <- c("compact", "grid", "list")
rows <- list()
for (p in 1:12) {
  hand <- if (p %% 2 == 0) "right" else "left"
  person <- rnorm(1, 0, 0.15)
  for (l in seq_along(layouts)) {
    shift <- c(0, 0.05, 0.10)[l] * (if (hand == "right") 4 else 1)
    for (t in 1:6) {
      ms <- round(exp(6.8 + person + shift + rnorm(1, 0, 0.2)), 1)
      rows[[length(rows) + 1]] <- data.frame(participant = sprintf("S%02d", p), layout = layouts[l], hand = hand,
        block = 1, trial = t, time_ms = ms, hit = as.integer(runif(1) > 0.1))
    }
  }
}
synthetic <- do.call(rbind, rows)
write.csv(synthetic, file.path(here, "simple_effects_trials.csv"), row.names = FALSE, quote = FALSE)
synthetic_cells <- cell_values(synthetic, c("layout", "hand"), log(synthetic$time_ms))

out <- list(
  generator = "gen_simple_effects.R",
  tools = list(R = R.version.string, afex = as.character(packageVersion("afex"))),
  bundled = list(time = family(time, FALSE), error = family(error, TRUE)),
  synthetic = list(
    `layout:hand` = simple(synthetic_cells, "layout", "hand", c("layout"), c("hand")),
    `hand:layout` = simple(synthetic_cells, "hand", "layout", c("layout"), c("hand"))))
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), file.path(here, "simple_effects.json"))
