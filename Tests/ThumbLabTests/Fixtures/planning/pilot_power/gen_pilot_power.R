# Reference figures for "power from a pilot": a synthetic pilot study, the mixed models
# ThumbLab fits to it, the analytic (G*Power-style repeated-measures) power from its
# per-participant means, and an independent simulation of new studies from the fitted
# linear mixed model, each tested as `thumblab compare` chooses for a one-way
# within-subjects design.
#
#   Rscript Tests/ThumbLabTests/Fixtures/planning/pilot_power/gen_pilot_power.R
#
# (from the repository root) rewrites pilot.csv and expected.json beside this script.
# Deterministic: the pilot is drawn after set.seed(pilot_seed), each N's simulation after
# set.seed(simulation_seed) (the same seed for every N).
suppressMessages({
  library(lme4); library(afex); library(emmeans); library(jsonlite)
})
options(contrasts = c("contr.sum", "contr.poly"))
emm_options(lmer.df = "asymptotic")  # estimates only; avoid Kenward-Roger
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("--file=", "", args[grep("--file=", args)])))

levels <- c("Direct", "Shift", "ThumbSpace")
k <- length(levels)
trials_per_cell <- 20
pilot_seed <- 20261209
simulation_seed <- 4711
simulations <- 4000
sizes <- c(6, 10, 16)
alpha <- 0.05

# ---------------------------------------------------------------------------------------
# (a) The pilot: 8 participants, cyclic Latin square of the three techniques over blocks
# 1..3, 20 trials each. Draw order: u (8), v (8), then per participant P1..P8 and per block
# 1..3: 20 residuals e, then 20 hits.
# ---------------------------------------------------------------------------------------
set.seed(pilot_seed)
n_pilot <- 8
mu <- log(c(Direct = 700, Shift = 715, ThumbSpace = 735))
hit_rate <- c(Direct = 0.92, Shift = 0.90, ThumbSpace = 0.86)
u <- rnorm(n_pilot, 0, 0.15)
v <- rnorm(n_pilot, 0, 0.4)
rows <- list()
for (i in seq_len(n_pilot)) {
  order <- levels[(seq_len(k) + i - 2) %% k + 1]  # P1: D S T, P2: S T D, P3: T D S, ...
  for (block in seq_len(k)) {
    technique <- order[block]
    e <- rnorm(trials_per_cell, 0, 0.25)
    hit <- rbinom(trials_per_cell, 1, plogis(qlogis(hit_rate[[technique]]) + v[i]))
    rows[[length(rows) + 1]] <- data.frame(
      participant = paste0("P", i), technique = technique, block = block,
      trial = seq_len(trials_per_cell), time_ms = round(exp(mu[[technique]] + u[i] + e), 1),
      hit = hit)
  }
}
pilot <- do.call(rbind, rows)
stopifnot(all(pilot$time_ms > 0), all(pilot$hit %in% 0:1))
pilot$time_ms <- sprintf("%.1f", pilot$time_ms)  # one decimal always, as order_planted.csv
write.csv(pilot, file.path(here, "pilot.csv"), row.names = FALSE, quote = FALSE)

# Everything below reads the pilot back from the CSV, as ThumbLab will.
trials <- read.csv(file.path(here, "pilot.csv"))
trials$technique <- factor(trials$technique, levels = levels)
trials$participant <- factor(trials$participant, levels = paste0("P", seq_len(n_pilot)))
trials$log_time <- log(trials$time_ms)
trials$miss <- 1 - trials$hit
stopifnot(all(table(trials$participant, trials$technique) == trials_per_cell))

# ---------------------------------------------------------------------------------------
# (b) The LMM ThumbLab fits: REML, sum contrasts, every trial (hits and misses).
# ---------------------------------------------------------------------------------------
lmm <- lmer(log_time ~ technique + (1 | participant), data = trials, REML = TRUE)
vc <- as.data.frame(VarCorr(lmm))
lmm_means <- summary(emmeans(lmm, "technique"))
stopifnot(identical(as.character(lmm_means$technique), levels))
lmm_out <- list(
  means_log = unname(lmm_means$emmean),
  participant_sd = vc$sdcor[vc$grp == "participant"],
  residual_sd = vc$sdcor[vc$grp == "Residual"])

# ---------------------------------------------------------------------------------------
# (e) The GLMM of misses (Laplace, glmer's default).
# ---------------------------------------------------------------------------------------
glmm <- glmer(miss ~ technique + (1 | participant), data = trials, family = binomial)
glmm_means <- summary(emmeans(glmm, "technique"))
stopifnot(identical(as.character(glmm_means$technique), levels))
gvc <- as.data.frame(VarCorr(glmm))
glmm_out <- list(means_logit = unname(glmm_means$emmean),
                 participant_sd = gvc$sdcor[gvc$grp == "participant"])

# ---------------------------------------------------------------------------------------
# One-way RM-ANOVA in plain matrix code (Y: n x k, one row per participant).
# Orthonormal contrasts C; E = SSP of the centred contrast scores, nu = n - 1, d = k - 1.
# Mauchly: W = det(E)/(tr(E)/d)^d, chi2 = -nu rho ln W, rho = 1 - (2d^2 + d + 2)/(6 d nu),
# df = d(d+1)/2 - 1, p with the second-order term as stats:::mauchly.test.SSD (zero for d = 2).
# GG: eps = tr(E)^2 / (d tr(E^2)).
# ---------------------------------------------------------------------------------------
contrast <- local({ C <- contr.helmert(k); sweep(C, 2, sqrt(colSums(C^2)), "/") })
rm_anova <- function(Y) {
  n <- nrow(Y); d <- k - 1; nu <- n - 1
  grand <- mean(Y)
  r <- Y - rowMeans(Y)[row(Y)] - colMeans(Y)[col(Y)] + grand
  ss_effect <- n * sum((colMeans(Y) - grand)^2)
  ss_error <- sum(r^2)
  df1 <- d; df2 <- d * nu
  F <- (ss_effect / df1) / (ss_error / df2)
  Z <- Y %*% contrast
  Z <- Z - rep(colMeans(Z), each = n)
  E <- crossprod(Z)
  trE <- sum(diag(E))
  eps <- trE^2 / (d * sum(E * E))  # tr(E^2) = sum(E * E) for symmetric E
  logW <- log(det(E)) - d * log(trE / d)
  rho <- 1 - (2 * d^2 + d + 2) / (6 * d * nu)
  w2 <- (d + 2) * (d - 1) * (d - 2) * (2 * d^3 + 6 * d^2 + 3 * d + 2) / (288 * (nu * d * rho)^2)
  chi2 <- -nu * rho * logW
  mdf <- d * (d + 1) / 2 - 1
  pr1 <- pchisq(chi2, mdf, lower.tail = FALSE)
  pr2 <- pchisq(chi2, mdf + 4, lower.tail = FALSE)
  list(F = F, df1 = df1, df2 = df2, p = pf(F, df1, df2, lower.tail = FALSE),
       W = exp(logW), mauchly_p = pr1 + w2 * (pr2 - pr1), eps = eps,
       p_gg = pf(F, df1 * eps, df2 * eps, lower.tail = FALSE), residuals = r)
}

# afex on the same matrix, for the checks.
afex_figures <- function(Y) {
  long <- data.frame(id = factor(rep(seq_len(nrow(Y)), k)),
                     level = factor(rep(levels, each = nrow(Y)), levels = levels),
                     y = as.vector(Y))
  fit <- suppressMessages(aov_ez("id", "y", long, within = "level", type = 3,
                                 anova_table = list(correction = "none")))
  s <- suppressWarnings(summary(fit))  # "HF eps > 1 treated as 1" is irrelevant here
  uni <- s$univariate.tests
  list(F = uni["level", "F value"], p = uni["level", "Pr(>F)"],
       W = s$sphericity.tests["level", "Test statistic"],
       mauchly_p = s$sphericity.tests["level", "p-value"],
       eps = s$pval.adjustments["level", "GG eps"],
       p_gg = s$pval.adjustments["level", "Pr(>F[GG])"],
       eps_gg_table = anova(fit, correction = "GG")["level", "num Df"] / (k - 1))
}
check_against_afex <- function(Y, label) {
  mine <- rm_anova(Y)
  theirs <- afex_figures(Y)
  for (name in c("F", "p", "W", "mauchly_p", "eps", "p_gg")) {
    gap <- abs(mine[[name]] - theirs[[name]])
    if (!is.finite(gap) || gap > 1e-8)
      stop(sprintf("%s: %s differs from afex by %g (%.12g vs %.12g)", label, name, gap,
                   mine[[name]], theirs[[name]]))
  }
  if (abs(mine$eps - theirs$eps_gg_table) > 1e-8) stop(label, ": GG epsilon differs from anova_table")
  invisible(TRUE)
}

# ---------------------------------------------------------------------------------------
# (c) The analytic power from the pilot's 8 x 3 matrix of per-participant mean ln time.
# ---------------------------------------------------------------------------------------
pilot_matrix <- tapply(trials$log_time, list(trials$participant, trials$technique), mean)
pilot_matrix <- pilot_matrix[, levels]
m <- colMeans(pilot_matrix)
sigma_pooled <- sqrt(mean(apply(pilot_matrix, 2, var)))
f <- sqrt(sum((m - mean(m))^2) / k) / sigma_pooled
cors <- cor(pilot_matrix)
rho <- mean(cors[lower.tri(cors)])
pilot_anova <- rm_anova(pilot_matrix)
eps_gg <- pilot_anova$eps
check_against_afex(pilot_matrix, "pilot")
analytic_power <- sapply(sizes, function(N) {
  lambda <- f^2 * N * k * eps_gg / (1 - rho)
  df1 <- (k - 1) * eps_gg
  df2 <- (N - 1) * (k - 1) * eps_gg
  1 - pf(qf(1 - alpha, df1, df2), df1, df2, ncp = lambda)
})
names(analytic_power) <- sizes

# ---------------------------------------------------------------------------------------
# (d) The simulation from the fitted LMM. Per study: u (n), then e as an array
# [trial, level, participant] (trial fastest); y_ij = mean_j + u_i + mean of e over trials.
# Test as `compare` with aggregate mean chooses: Shapiro-Wilk on the RM-ANOVA residuals; if
# p < .05 Friedman, else the RM-ANOVA F, GG-corrected when Mauchly's p < .05.
# ---------------------------------------------------------------------------------------
sim_means <- lmm_out$means_log
sd_u <- lmm_out$participant_sd
sd_e <- lmm_out$residual_sd
simulate_size <- function(n) {
  set.seed(simulation_seed)
  p <- numeric(simulations)
  took_friedman <- logical(simulations)
  took_gg <- logical(simulations)
  kept <- list()
  for (s in seq_len(simulations)) {
    u <- rnorm(n, 0, sd_u)
    e <- array(rnorm(trials_per_cell * k * n, 0, sd_e), dim = c(trials_per_cell, k, n))
    Y <- t(colMeans(e)) + rep(sim_means, each = n) + u  # n x k
    a <- rm_anova(Y)
    if (shapiro.test(as.vector(a$residuals))$p.value < alpha) {
      took_friedman[s] <- TRUE
      p[s] <- friedman.test(Y)$p.value
    } else if (a$mauchly_p < alpha) {
      took_gg[s] <- TRUE
      p[s] <- a$p_gg
    } else {
      p[s] <- a$p
    }
    if (s == 1) kept$first <- Y
    if (a$mauchly_p < alpha && is.null(kept$mauchly)) kept$mauchly <- Y
  }
  x <- sum(p < alpha)
  list(rejections = x, power = x / simulations,
       ci95 = as.vector(binom.test(x, simulations, conf.level = 0.95)$conf.int),
       ci99 = as.vector(binom.test(x, simulations, conf.level = 0.99)$conf.int),
       friedman_share = mean(took_friedman), gg_share = mean(took_gg), kept = kept)
}
started <- Sys.time()
results <- lapply(sizes, simulate_size)
names(results) <- sizes
elapsed <- as.numeric(difftime(Sys.time(), started, units = "secs"))
# The matrix code against afex on two simulated data sets: the first study at N = 6 and a
# study at N = 16 where Mauchly's test rejected (else the first at N = 16).
check_against_afex(results[["6"]]$kept$first, "simulated N = 6, study 1")
check_against_afex(if (is.null(results[["16"]]$kept$mauchly)) results[["16"]]$kept$first
                   else results[["16"]]$kept$mauchly, "simulated N = 16")

per_size <- function(field) setNames(lapply(results, `[[`, field), sizes)
out <- list(
  generator = "gen_pilot_power.R", R = R.version.string,
  packages = list(lme4 = as.character(packageVersion("lme4")),
                  afex = as.character(packageVersion("afex")),
                  emmeans = as.character(packageVersion("emmeans"))),
  pilot_seed = pilot_seed,
  levels = levels,
  trials_per_cell = trials_per_cell,
  lmm = lmm_out,
  glmm = glmm_out,
  analytic = list(f = f, rho = rho, epsilon_gg = eps_gg, power = as.list(analytic_power)),
  simulation = list(simulations = simulations, seed = simulation_seed,
                    power = per_size("power"), ci95 = per_size("ci95"), ci99 = per_size("ci99"),
                    rejections = per_size("rejections"),
                    friedman_share = per_size("friedman_share"), gg_share = per_size("gg_share")))
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE),
           file.path(here, "expected.json"))
message(sprintf("simulation: %.1f s", elapsed))
