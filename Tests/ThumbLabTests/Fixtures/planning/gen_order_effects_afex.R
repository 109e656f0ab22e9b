# afex's type III figures on the synthetic order studies that gen_order_studies.py writes:
# one value per participant and cell (the mean of ln time, as ThumbLab's geomean),
# aov_ez over position (within) and over sequence (between) x technique (within), no
# sphericity correction, generalized eta squared.
#
#   Rscript Tests/ThumbLabTests/Fixtures/planning/gen_order_effects_afex.R
#
# rewrites order_effects_afex.json beside this script.
suppressMessages({ library(afex); library(jsonlite) })
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("--file=", "", args[grep("--file=", args)])))

figures <- function(name) {
  trials <- read.csv(file.path(here, paste0(name, ".csv")))
  trials$log_time <- log(trials$time_ms)
  trials <- trials[order(trials$participant, trials$block, trials$trial), ]
  orders <- tapply(trials$technique, trials$participant, function(s) paste(unique(s), collapse = ">"))
  trials$sequence <- orders[trials$participant]
  trials$position <- factor(trials$block)
  table <- function(fit) {
    a <- fit$anova_table
    setNames(lapply(rownames(a), function(term) list(
      F = a[term, "F"], df1 = a[term, "num Df"], df2 = a[term, "den Df"], p = a[term, "Pr(>F)"],
      ges = a[term, "ges"])), rownames(a))
  }
  options <- list(correction = "none", es = "ges")
  position <- suppressMessages(aov_ez("participant", "log_time", trials, within = "position",
                                      fun_aggregate = mean, type = 3, anova_table = options))
  mixed <- suppressMessages(aov_ez("participant", "log_time", trials, between = "sequence",
                                   within = "technique", fun_aggregate = mean, type = 3,
                                   anova_table = options))
  list(position = table(position)[["position"]], mixed = table(mixed))
}

out <- list(generator = "gen_order_effects_afex.R", R = R.version.string,
            afex = as.character(packageVersion("afex")),
            order_planted = figures("order_planted"), order_none = figures("order_none"))
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), file.path(here, "order_effects_afex.json"))
