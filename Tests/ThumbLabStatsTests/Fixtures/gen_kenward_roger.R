# Kenward-Roger tables of pbkrtest (through lmerTest's anova(m, ddf = "Kenward-Roger")) for
# designs with many trials per participant, unbalanced, with random intercepts and correlated
# random slopes of a 3-level factor and of a covariate. Seeded; rewrites kenward_roger.json
# exactly:
#   Rscript Tests/ThumbLabStatsTests/Fixtures/gen_kenward_roger.R
# Each case has the shape of a case of mixed_models.json. lmer optima are polished by Newton
# steps on numDeriv gradients as in gen_mixed_models.R, so that the reference is the optimum
# itself. Takes about a minute (pbkrtest forms the dense per-participant blocks).
suppressMessages({ library(lme4); library(lmerTest); library(pbkrtest); library(jsonlite) })
options(contrasts = c("contr.sum", "contr.poly"))
args <- commandArgs(trailingOnly = FALSE)
script <- sub("--file=", "", args[grep("--file=", args)])
here <- dirname(normalizePath(script))
lctl <- lmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-12, maxfun = 1e5),
                    check.conv.singular = "ignore")

source(file.path(here, "newton_polish.R"))

fit_lmm <- function(d, factors, covariates, slope) {
  fixed <- paste(c(paste(factors, collapse = " * "), covariates), collapse = " + ")
  f <- paste("y ~", fixed, if (is.null(slope)) "+ (1 | subject)" else paste("+ (1 +", slope, "| subject)"))
  assign(".kr_data", d, envir = globalenv())
  lmod <- lFormula(as.formula(f), .kr_data, REML = TRUE, control = lctl)
  devfun <- do.call(mkLmerDevfun, lmod)
  opt <- optimizeLmer(devfun, optimizer = "bobyqa", control = list(rhoend = 1e-12, maxfun = 1e5))
  opt$par <- polish(devfun, opt$par, lmod$reTrms$lower)
  opt$fval <- devfun(opt$par)
  m <- mkMerMod(environment(devfun), opt, lmod$reTrms, fr = lmod$fr)
  m@call <- call("lmer", formula = as.formula(f), data = quote(.kr_data), REML = TRUE)
  devfun2 <- do.call(mkLmerDevfun, lFormula(as.formula(f), .kr_data, REML = TRUE, control = lctl))
  m <- lmerTest:::as_lmerModLT(m, devfun2)
  a <- anova(m)
  k <- anova(m, ddf = "Kenward-Roger")
  cf <- summary(m)$coefficients
  list(formula = f, theta = unname(getME(m, "theta")), names = rownames(cf),
       estimate = unname(cf[, 1]), se = unname(cf[, 2]), df = unname(cf[, 3]), sigma = sigma(m),
       loglik = as.numeric(logLik(m)), aic = AIC(m), bic = BIC(m), singular = isSingular(m),
       anova = list(term = rownames(a), f = a[["F value"]], numdf = a$NumDF, dendf = a$DenDF,
                    p = a[["Pr(>F)"]]),
       anova_kr = list(f = k[["F value"]], dendf = k$DenDF, p = k[["Pr(>F)"]]))
}

as_case <- function(name, d, factors, covariates, slope, expected) {
  list(name = name, kind = "lmm", factors = factors, covariates = covariates,
       slope = if (is.null(slope)) "" else slope, reml = TRUE,
       subject = as.character(d$subject),
       levels = lapply(setNames(factors, factors), function(f) as.character(d[[f]])),
       covariate_values = lapply(setNames(covariates, covariates), function(x) d[[x]]),
       y = d$y, expected = expected)
}

set.seed(20261202)
cases <- list()
# name, participants, trials per participant and level (before dropping), slope, covariate.
designs <- list(
  list("kr-intercept-1500", 16, 32, NULL, FALSE),
  list("kr-slope-factor-unbalanced", 12, 25, "A", FALSE),
  list("kr-slope-covariate-unbalanced", 14, 20, "x", TRUE),
  list("kr-intercept-covariate-unbalanced", 10, 40, NULL, TRUE))
for (g in designs) {
  nsub <- g[[2]]
  d <- expand.grid(subject = sprintf("s%02d", seq_len(nsub)), A = c("a1", "a2", "a3"),
                   rep = seq_len(g[[3]]), stringsAsFactors = FALSE)
  d$rep <- NULL
  if (grepl("unbalanced", g[[1]])) {
    # Participants keep between 40% and 100% of their trials.
    keep <- runif(nsub, 0.4, 1)[as.integer(factor(d$subject))]
    d <- d[runif(nrow(d)) < keep, , drop = FALSE]
  }
  s <- as.integer(factor(d$subject))
  a <- as.integer(factor(d$A))
  covariates <- if (g[[5]]) "x" else character()
  if (g[[5]]) d$x <- round(runif(nrow(d), 0, 5), 2)
  slope <- g[[4]]
  slopes <- matrix(rnorm(nsub * 3, sd = 0.2), nsub, 3)
  d$y <- 6 + 0.05 * a + rnorm(nsub, sd = 0.3)[s] +
    (if (identical(slope, "A")) slopes[cbind(s, a)] else 0) +
    (if (identical(slope, "x")) slopes[s, 1] * d$x else 0) +
    (if (g[[5]]) 0.04 * d$x else 0) + rnorm(nrow(d), sd = 0.25)
  dd <- d
  for (f in c("subject", "A")) dd[[f]] <- factor(dd[[f]])
  cases[[length(cases) + 1]] <- as_case(g[[1]], d, "A", covariates, slope,
                                        fit_lmm(dd, "A", covariates, slope))
}

writeLines(toJSON(cases, digits = NA, auto_unbox = TRUE, pretty = FALSE),
           file.path(here, "kenward_roger.json"))
cat(length(cases), "cases,", sum(sapply(cases, function(k) length(k$y))), "trials\n")
