# Reference values for the default covariance of ThumbLabStats' logistic mixed model:
# lme4's glmer with all its defaults (nAGQ = 1, tolPwrss = 1e-7, bobyqa then Nelder-Mead),
# whose vcov() inverts the finite-difference Hessian of deriv12, and car::Anova(type = 3).
# `converged` refits with the same deviance function (tolPwrss = 1e-7) but bobyqa run to
# rhoend = 1e-10 in both stages, so that the optimum, not the optimiser's stopping point, is
# the reference: Nelder-Mead's default stop moves the chi-squares by up to ~3e-3 relatively.
# Seeded unbalanced trial-level designs; rewrites glmm_lme4.json exactly:
#   Rscript Tests/ThumbLabStatsTests/Fixtures/gen_glmm_lme4.R
suppressMessages({ library(lme4); library(car); library(jsonlite) })
options(contrasts = c("contr.sum", "contr.poly"))
args <- commandArgs(trailingOnly = FALSE)
script <- sub("--file=", "", args[grep("--file=", args)])
here <- dirname(normalizePath(script))

# Every cell of every term must hold both outcomes, or the fit separates.
separated <- function(d, factors) {
  if (!length(factors)) return(FALSE)
  cells <- interaction(d[factors], drop = TRUE)
  any(tapply(d$miss, cells, function(v) all(v == v[1])))
}

make_design <- function(index) {
  repeat {
    factors <- c("A", "B")[seq_len(sample(1:2, 1))]
    levels <- setNames(lapply(factors, function(f) paste0(tolower(f), seq_len(sample(2:3, 1)))), factors)
    participants <- sample(8:16, 1)
    grid <- expand.grid(c(list(participant = sprintf("P%02d", seq_len(participants))), levels),
                        stringsAsFactors = FALSE)
    trials <- sample(2:9, nrow(grid), replace = TRUE)
    d <- grid[rep(seq_len(nrow(grid)), trials), , drop = FALSE]
    effect <- rnorm(participants, 0, runif(1, 0.2, 1.2))
    eta <- runif(1, -1.2, 0.2) + effect[match(d$participant, sort(unique(d$participant)))]
    for (f in factors) eta <- eta + rnorm(length(levels[[f]]), 0, 0.5)[match(d[[f]], levels[[f]])]
    d$miss <- rbinom(nrow(d), 1, plogis(eta))
    if (!separated(d, factors)) return(list(d = d, factors = factors))
  }
}

reference <- function(m) {
  an <- car::Anova(m, type = 3)
  list(theta = unname(getME(m, "theta")), estimate = unname(fixef(m)), vcov = unname(as.matrix(vcov(m))),
       singular = isSingular(m), term = rownames(an), chisq = an$Chisq, df = an$Df, p = an[["Pr(>Chisq)"]])
}

set.seed(20261202)
cases <- lapply(seq_len(12), function(index) {
  design <- make_design(index)
  d <- design$d
  factors <- design$factors
  for (f in c("participant", factors)) d[[f]] <- factor(d[[f]])
  f <- paste("miss ~", paste(factors, collapse = " * "), "+ (1 | participant)")
  m <- glmer(as.formula(f), d, family = binomial)
  converged <- glmer(as.formula(f), d, family = binomial, control = glmerControl(
    optimizer = "bobyqa", optCtrl = list(rhoend = 1e-10, maxfun = 1e5)))
  list(name = sprintf("design%02d", index), formula = f, factors = factors,
       participant = as.character(d$participant),
       levels = lapply(setNames(factors, factors), function(x) as.character(d[[x]])),
       miss = d$miss,
       expected = reference(m), converged = reference(converged))
})
writeLines(toJSON(cases, digits = NA, auto_unbox = TRUE, pretty = FALSE), file.path(here, "glmm_lme4.json"))
