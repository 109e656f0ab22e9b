# Reference values for compare --test lmm / glmm on Datasets/thumbspace-vs-shift.
#
# First attempts of trials.csv (the first row of each participant, technique, size,
# mobility, block and trial), optionally without P03's ThumbSpace trials (the unbalanced
# case compare --test auto sends to a mixed model):
#   lmer(log(time_ms) ~ technique + (1 | participant)) with lmerTest's type III
#   Satterthwaite F; glmer(miss ~ technique + (1 | participant), binomial) with
#   car::Anova(type = 3) Wald chi-square; sum-to-zero contrasts as ThumbLab codes factors;
#   emmeans pairwise contrasts of the linear model (Satterthwaite df, Holm); and the
#   Kenward-Roger F test (pbkrtest through lmerTest) on the standing, 9.6 mm trials.
#
#   Rscript Tests/ThumbLabTests/Fixtures/analysis/gen_mixed_comparisons.R
#
# rewrites mixed_comparisons.json beside this script.
suppressMessages({ library(lmerTest); library(car); library(emmeans); library(jsonlite) })
options(contrasts = c("contr.sum", "contr.poly"))
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("--file=", "", args[grep("--file=", args)])))
root <- normalizePath(file.path(here, "..", "..", "..", ".."))
trials <- read.csv(file.path(root, "Datasets", "thumbspace-vs-shift", "trials.csv"))
key <- paste(trials$participant, trials$technique, trials$target_size_mm, trials$mobility, trials$block, trials$trial)
first <- trials[!duplicated(key), ]
first$miss <- 1 - first$hit
first$technique <- factor(first$technique)

fits <- function(data) {
  lmm <- lmer(log(time_ms) ~ technique + (1 | participant), data = data, REML = TRUE)
  a <- anova(lmm, type = 3, ddf = "Satterthwaite")
  glmm <- glmer(miss ~ technique + (1 | participant), data = data, family = binomial)
  w <- Anova(glmm, type = 3)
  contrasts <- as.data.frame(pairs(emmeans(lmm, ~ technique, lmer.df = "satterthwaite", lmerTest.limit = 1e6), adjust = "holm"))
  list(
    lmm_contrasts = lapply(seq_len(nrow(contrasts)), function(i) list(
      contrast = as.character(contrasts$contrast[i]), t = contrasts$t.ratio[i], df = contrasts$df[i],
      p_holm = contrasts$p.value[i])),
    trials = nrow(data),
    lmm = list(F = a[["F value"]][1], df1 = a[["NumDF"]][1], df2 = a[["DenDF"]][1], p = a[["Pr(>F)"]][1]),
    glmm = list(chisq = w["technique", "Chisq"], df = w["technique", "Df"], p = w["technique", "Pr(>Chisq)"])
  )
}
unbalanced <- first[!(first$participant == "P03" & first$technique == "ThumbSpace"), ]
# Kenward-Roger on a part of the unbalanced data (pbkrtest's dense matrices grow with n^2).
small <- unbalanced[unbalanced$mobility == "standing" & unbalanced$target_size_mm == 9.6, ]
kr <- anova(lmer(log(time_ms) ~ technique + (1 | participant), data = small), type = 3, ddf = "Kenward-Roger")
out <- list(
  generator = "gen_mixed_comparisons.R",
  tools = list(R = R.version.string, lme4 = as.character(packageVersion("lme4")),
               lmerTest = as.character(packageVersion("lmerTest")), car = as.character(packageVersion("car"))),
  balanced = fits(first),
  without_p03_thumbspace = fits(unbalanced),
  kenward_roger_standing_9_6 = list(trials = nrow(small), F = kr[["F value"]][1], df1 = kr[["NumDF"]][1],
                                    df2 = kr[["DenDF"]][1], p = kr[["Pr(>F)"]][1])
)
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), file.path(here, "mixed_comparisons.json"))
