# Kenward-Roger tables of pbkrtest (through lmerTest's anova(m, ddf = "Kenward-Roger")) for
# the uncorrelated random slopes of lmm_slopes.json (its non-singular designs): the data and
# formulas come from that fixture, the slope columns are its numeric contr.sum columns, and
# lme4's || gives one variance per column. Rewrites kenward_roger_uncorrelated.json exactly:
#   Rscript Tests/ThumbLabStatsTests/Fixtures/gen_kenward_roger_uncorrelated.R
suppressMessages({ library(lme4); library(lmerTest); library(pbkrtest); library(jsonlite) })
options(contrasts = c("contr.sum", "contr.poly"))
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("--file=", "", args[grep("--file=", args)])))
cases <- fromJSON(file.path(here, "lmm_slopes.json"), simplifyVector = FALSE)
ctl <- lmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-12, maxfun = 1e5))
out <- list()
for (case in cases) {
  fit <- case$fits$uncorrelated
  if (fit$singular) next
  d <- data.frame(subject = factor(unlist(case$subject)), y = unlist(case$y))
  for (name in names(case$levels)) {
    values <- unlist(case$levels[[name]])
    d[[name]] <- factor(values)
    levels <- sort(unique(values))
    for (k in seq_len(length(levels) - 1)) {
      d[[paste0(name, k)]] <- ifelse(values == levels[k], 1, ifelse(values == levels[length(levels)], -1, 0))
    }
  }
  m <- lmer(as.formula(fit$formula), d, REML = TRUE, control = ctl)
  a <- anova(m, ddf = "Kenward-Roger", type = 3)
  out[[length(out) + 1]] <- list(
    name = case$name, formula = fit$formula,
    kenward_roger = list(term = I(rownames(a)), f = I(a[["F value"]]), numdf = I(a$NumDF), dendf = I(a$DenDF),
                         p = I(a[["Pr(>F)"]])))
}
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE), file.path(here, "kenward_roger_uncorrelated.json"))
