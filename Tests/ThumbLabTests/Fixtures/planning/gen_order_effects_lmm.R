# lmerTest's figures for order effects when a participant lacks a level: order_planted.csv
# without P03's ThumbSpace trials, each participant's order as the Williams plan for twelve
# participants deals it (the order the generator ran; P03: ThumbSpace > Direct > Shift).
#   position: lmer(log(time_ms) ~ position + (1 | participant))
#   sequence: lmer(log(time_ms) ~ sequence * technique + (1 | participant))
# REML, sum-to-zero contrasts as ThumbLab codes factors, type III F tests with
# Satterthwaite df.
#
#   Rscript Tests/ThumbLabTests/Fixtures/planning/gen_order_effects_lmm.R
#
# rewrites order_effects_lmm.json beside this script.
suppressMessages({ library(lmerTest); library(jsonlite) })
options(contrasts = c("contr.sum", "contr.poly"))
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("--file=", "", args[grep("--file=", args)])))
trials <- read.csv(file.path(here, "order_planted.csv"))
trials <- trials[!(trials$participant == "P03" & trials$technique == "ThumbSpace"), ]
levels <- c("Direct", "Shift", "ThumbSpace")
square <- list(c(1, 2, 3), c(2, 3, 1), c(3, 1, 2))
sequences <- c(square, lapply(square, rev))
number <- as.integer(sub("P", "", trials$participant))
orders <- lapply(sequences[(number - 1) %% 6 + 1], function(s) levels[s])
trials$sequence <- factor(sapply(orders, paste, collapse = ">"))
trials$position <- factor(mapply(function(order, level) match(level, order), orders, trials$technique))
trials$technique <- factor(trials$technique)
table <- function(model) {
  a <- anova(model, type = 3, ddf = "Satterthwaite")
  setNames(lapply(rownames(a), function(term) list(
    F = a[term, "F value"], df1 = a[term, "NumDF"], df2 = a[term, "DenDF"], p = a[term, "Pr(>F)"])),
    rownames(a))
}
position <- lmer(log(time_ms) ~ position + (1 | participant), data = trials, REML = TRUE)
sequence <- lmer(log(time_ms) ~ sequence * technique + (1 | participant), data = trials, REML = TRUE)
out <- list(generator = "gen_order_effects_lmm.R", R = R.version.string,
            lme4 = as.character(packageVersion("lme4")), lmerTest = as.character(packageVersion("lmerTest")),
            trials = nrow(trials), position = table(position), sequence = table(sequence))
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), file.path(here, "order_effects_lmm.json"))
