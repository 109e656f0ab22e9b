# Reference values for ThumbLabStats' mixed models, computed by lme4, lmerTest, car and
# emmeans. Seeded; rewrites mixed_models.json exactly:
#   Rscript Tests/ThumbLabStatsTests/Fixtures/gen_mixed_models.R
# Optimisers run to tight tolerances so that the reference is the optimum itself, not one
# optimiser's stopping point.
suppressMessages({
  library(lme4); library(lmerTest); library(car); library(emmeans); library(jsonlite)
})
options(contrasts = c("contr.sum", "contr.poly"))
emm_options(lmer.df = "satterthwaite")
args <- commandArgs(trailingOnly = FALSE)
script <- sub("--file=", "", args[grep("--file=", args)])
here <- dirname(normalizePath(script))
lctl <- lmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-12, maxfun = 1e5),
                    check.conv.singular = "ignore")
# glmer's default PIRLS tolerance (tolPwrss = 1e-7) stops the conditional modes early enough
# that its Laplace deviance is off by ~1e-3 and its Hessian-based SEs by up to ~1%; 1e-13
# makes the reference the Laplace approximation itself.
gctl <- glmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-10, maxfun = 1e5),
                     tolPwrss = 1e-13, check.conv.singular = "ignore")

fixed_formula <- function(factors, covariates) {
  parts <- c(if (length(factors)) paste(factors, collapse = " * "), covariates)
  if (!length(parts)) parts <- "1"
  paste(parts, collapse = " + ")
}

emm_block <- function(m, factor, glmm) {
  e <- emmeans(m, as.formula(paste("~", factor)))
  s <- as.data.frame(summary(e, infer = c(TRUE, FALSE)))
  lower <- if (glmm) s$asymp.LCL else s$lower.CL
  upper <- if (glmm) s$asymp.UCL else s$upper.CL
  out <- list(factor = factor, levels = as.character(s[[factor]]), emmean = s$emmean, se = s$SE,
              df = if (glmm) rep(-1, nrow(s)) else s$df, lower = lower, upper = upper)
  for (adj in c("holm", "tukey")) {
    pc <- as.data.frame(summary(pairs(e, adjust = adj), infer = c(FALSE, TRUE)))
    out[[adj]] <- list(contrast = as.character(pc$contrast), estimate = pc$estimate, se = pc$SE,
                       df = if (glmm) rep(-1, nrow(pc)) else pc$df,
                       statistic = if (glmm) pc$z.ratio else pc$t.ratio, p = pc$p.value)
  }
  out
}

source(file.path(here, "newton_polish.R"))

# lmerTest maps its type III contrasts to sum coding through ginv() and zapsmall(), which
# leaves noise of about 1e-7 in the hypothesis matrices (-2e-07 where 0 is meant). With two
# or more terms and no empty cell the entries are small integers; rounding them gives the
# exact hypotheses, tested with lmerTest's own contestMD.
exact_anova <- function(m, terms) {
  if (length(terms) <= 1) {
    a <- anova(m)
    return(list(f = a[["F value"]], dendf = a$DenDF, p = a[["Pr(>F)"]]))
  }
  Ls <- lmerTest:::get_contrasts_type3(m)
  rows <- lapply(terms, function(t) {
    L <- Ls[[t]]
    stopifnot(max(abs(L - round(L))) < 1e-5)
    lmerTest::contestMD(m, round(L), ddf = "Satterthwaite")
  })
  list(f = sapply(rows, function(r) r[["F value"]]), dendf = sapply(rows, function(r) r$DenDF),
       p = sapply(rows, function(r) r[["Pr(>F)"]]))
}

fit_lmm <- function(d, factors, covariates, slope, reml) {
  f <- paste("y ~", fixed_formula(factors, covariates),
             if (is.null(slope)) "+ (1 | subject)" else paste("+ (1 +", slope, "| subject)"))
  assign(".mm_data", d, envir = globalenv())
  lmod <- lFormula(as.formula(f), .mm_data, REML = reml, control = lctl)
  devfun <- do.call(mkLmerDevfun, lmod)
  opt <- optimizeLmer(devfun, optimizer = "bobyqa", control = list(rhoend = 1e-12, maxfun = 1e5))
  opt$par <- polish(devfun, opt$par, lmod$reTrms$lower)
  opt$fval <- devfun(opt$par)
  m <- mkMerMod(environment(devfun), opt, lmod$reTrms, fr = lmod$fr)
  m@call <- call("lmer", formula = as.formula(f), data = quote(.mm_data), REML = reml)
  # A second deviance function from a fresh lFormula: two built from one share their
  # matrices in memory, and lmerTest's evaluations would move the model's theta.
  devfun2 <- do.call(mkLmerDevfun, lFormula(as.formula(f), .mm_data, REML = reml, control = lctl))
  m <- lmerTest:::as_lmerModLT(m, devfun2)
  a <- anova(m)
  cf <- summary(m)$coefficients
  vc <- as.data.frame(VarCorr(m))
  list(formula = f, theta = unname(getME(m, "theta")), names = rownames(cf),
       estimate = unname(cf[, 1]), se = unname(cf[, 2]), df = unname(cf[, 3]),
       vcov = vc$vcov, sdcor = vc$sdcor, sigma = sigma(m),
       loglik = as.numeric(logLik(m)), aic = AIC(m), bic = BIC(m), singular = isSingular(m),
       anova = list(term = rownames(a), f = a[["F value"]], numdf = a$NumDF, dendf = a$DenDF,
                    p = a[["Pr(>F)"]]),
       anova_exact = exact_anova(m, rownames(a)),
       anova_kr = if (reml) {
         k <- anova(m, ddf = "Kenward-Roger")
         list(f = k[["F value"]], dendf = k$DenDF, p = k[["Pr(>F)"]])
       },
       emmeans = lapply(factors, function(fac) emm_block(m, fac, FALSE)))
}

fit_glmm <- function(d, factors) {
  f <- paste("y ~", fixed_formula(factors, character()), "+ (1 | subject)")
  m <- glmer(as.formula(f), d, family = binomial, control = gctl)
  cf <- summary(m)$coefficients
  an <- car::Anova(m, type = 3)
  ci <- confint(m, method = "Wald", parm = "beta_")
  list(formula = f, theta = unname(getME(m, "theta")), names = rownames(cf),
       estimate = unname(cf[, 1]), se = unname(cf[, 2]), z = unname(cf[, 3]), p = unname(cf[, 4]),
       or_lower = unname(exp(ci[, 1])), or_upper = unname(exp(ci[, 2])),
       loglik = as.numeric(logLik(m)), aic = AIC(m), bic = BIC(m), singular = isSingular(m),
       anova = list(term = rownames(an), chisq = an$Chisq, df = an$Df, p = an[["Pr(>Chisq)"]]),
       emmeans = lapply(factors, function(fac) emm_block(m, fac, TRUE)))
}

as_case <- function(name, kind, d, factors, covariates, slope, reml, expected) {
  list(name = name, kind = kind, factors = factors, covariates = covariates,
       slope = if (is.null(slope)) "" else slope, reml = reml,
       subject = as.character(d$subject),
       levels = lapply(setNames(factors, factors), function(f) as.character(d[[f]])),
       covariate_values = lapply(setNames(covariates, covariates), function(x) d[[x]]),
       y = d$y, expected = expected)
}

set.seed(20261130)
cases <- list()

ss <- read.csv(file.path(here, "reference/r-textbook/sleepstudy.csv"))
if (!nrow(ss)) stop("sleepstudy.csv not found")
ss <- data.frame(subject = as.character(ss$Subject), Days = ss$Days, y = ss$Reaction)
for (slope in list(NULL, "Days")) {
  dd <- ss; dd$subject <- factor(dd$subject)
  cases[[length(cases) + 1]] <- as_case(
    paste0("sleepstudy", if (is.null(slope)) "-intercept" else "-slope"), "lmm", ss, character(),
    "Days", slope, TRUE, fit_lmm(dd, character(), "Days", slope, TRUE))
}

level_names <- function(k, prefix) paste0(prefix, seq_len(k))

make_design <- function(nfac, glmm) {
  nsub <- sample(if (glmm) 12:30 else 6:24, 1)
  ks <- sample(2:(if (nfac == 3) 3 else 4), nfac, replace = TRUE)
  factors <- c("A", "B", "C")[seq_len(nfac)]
  grid <- expand.grid(c(list(subject = sprintf("s%02d", seq_len(nsub))),
                        setNames(lapply(seq_len(nfac), function(i) level_names(ks[i], tolower(factors[i]))), factors)),
                      stringsAsFactors = FALSE)
  reps <- sample(if (glmm) 4:10 else 1:4, 1)
  d <- grid[rep(seq_len(nrow(grid)), each = reps), , drop = FALSE]
  list(d = d, factors = factors, nsub = nsub)
}

for (i in seq_len(34)) {
  nfac <- sample(1:3, 1, prob = c(0.3, 0.45, 0.25))
  g <- make_design(nfac, FALSE)
  d <- g$d
  covariates <- character()
  if (runif(1) < 0.3) { covariates <- "x"; d$x <- round(runif(nrow(d), 0, 10), 2) }
  style <- c("balanced", "unbalanced", "missing-cells")[(i - 1) %% 3 + 1]
  if (style == "unbalanced") d <- d[sort(sample(nrow(d), round(nrow(d) * runif(1, 0.6, 0.9)))), , drop = FALSE]
  if (style == "missing-cells") {
    # Whole participant x cell combinations go missing.
    key <- do.call(paste, d[c("subject", g$factors)])
    drop <- sample(unique(key), round(length(unique(key)) * 0.2))
    d <- d[!key %in% drop, , drop = FALSE]
  }
  u <- rnorm(g$nsub, sd = runif(1, 0, 0.4))
  eff <- 0
  for (f in g$factors) eff <- eff + rnorm(1, sd = 0.2) * as.numeric(factor(d[[f]]))
  slope <- NULL
  r <- runif(1)
  if (r < 0.2) slope <- "A" else if (r < 0.35 && length(covariates)) slope <- "x"
  sl <- rnorm(g$nsub, sd = 0.2)
  d$y <- 6 + eff + u[as.integer(factor(d$subject))] +
    (if (!is.null(slope) && slope == "A") sl[as.integer(factor(d$subject))] * (d$A == "a1") else 0) +
    (if (length(covariates)) 0.05 * d$x else 0) + rnorm(nrow(d), sd = 0.3)
  reml <- runif(1) < 0.8
  dd <- d
  for (f in c("subject", g$factors)) dd[[f]] <- factor(dd[[f]])
  fit <- tryCatch(fit_lmm(dd, g$factors, covariates, slope, reml), error = function(e) NULL)
  if (is.null(fit)) next
  cases[[length(cases) + 1]] <- as_case(sprintf("lmm-%02d-%s", i, style), "lmm", d, g$factors,
                                        covariates, slope, reml, fit)
}

for (i in seq_len(14)) {
  nfac <- sample(1:2, 1)
  g <- make_design(nfac, TRUE)
  d <- g$d
  if (i %% 2 == 0) d <- d[sort(sample(nrow(d), round(nrow(d) * 0.8))), , drop = FALSE]
  u <- rnorm(g$nsub, sd = runif(1, 0.2, 1.2))
  eta <- -1 + u[as.integer(factor(d$subject))]
  for (f in g$factors) eta <- eta + rnorm(1, sd = 0.5) * (as.numeric(factor(d[[f]])) - 1)
  d$y <- rbinom(nrow(d), 1, plogis(eta))
  dd <- d
  for (f in c("subject", g$factors)) dd[[f]] <- factor(dd[[f]])
  fit <- tryCatch(fit_glmm(dd, g$factors), error = function(e) NULL)
  if (is.null(fit)) next
  cases[[length(cases) + 1]] <- as_case(sprintf("glmm-%02d", i), "glmm", d, g$factors, character(),
                                        NULL, TRUE, fit)
}

# Correlated random slopes with clearly positive variances: of a 2- or 3-level within factor
# (q = 2 or 3) and of a covariate, on balanced and unbalanced data.
for (i in seq_len(8)) {
  nsub <- sample(14:24, 1)
  k <- if (i <= 5) sample(2:3, 1) else 2
  d <- expand.grid(subject = sprintf("s%02d", seq_len(nsub)), A = level_names(k, "a"),
                   rep = seq_len(sample(3:5, 1)), stringsAsFactors = FALSE)
  d$rep <- NULL
  if (i %% 2 == 0) d <- d[sort(sample(nrow(d), round(nrow(d) * 0.75))), , drop = FALSE]
  s <- as.integer(factor(d$subject))
  a <- as.integer(factor(d$A))
  u0 <- rnorm(nsub, sd = 0.5)
  slopes <- matrix(rnorm(nsub * k, sd = 0.4), nsub, k)
  slope <- if (i <= 5) "A" else "x"
  covariates <- if (i <= 5) character() else "x"
  if (i > 5) d$x <- round(runif(nrow(d), 0, 5), 2)
  d$y <- 5 + 0.3 * a + u0[s] + (if (i <= 5) slopes[cbind(s, a)] else slopes[s, 1] * d$x) +
    rnorm(nrow(d), sd = 0.3)
  dd <- d
  for (f in c("subject", "A")) dd[[f]] <- factor(dd[[f]])
  fit <- tryCatch(fit_lmm(dd, "A", covariates, slope, i != 3), error = function(e) NULL)
  if (is.null(fit)) next
  cases[[length(cases) + 1]] <- as_case(sprintf("lmm-slope-%02d", i), "lmm", d, "A", covariates, slope,
                                        i != 3, fit)
}

writeLines(toJSON(cases, digits = NA, auto_unbox = TRUE, pretty = FALSE),
           file.path(here, "mixed_models.json"))
cat(length(cases), "cases\n")
