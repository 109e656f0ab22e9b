# Simulated power of a one-way repeated-measures ANOVA, independently of ThumbLabStats:
# trials drawn as y = mu_level + u_participant + e (u ~ N(0, sd_u^2), e ~ N(0, sd_e^2)),
# averaged per participant and level, tested by aov(y ~ level + Error(participant/level));
# power is the share of p < alpha. Seeded; rewrites power_simulation.json in about a minute.
#
#     Rscript Tests/ThumbLabStatsTests/Fixtures/gen_power_simulation.R
#
# Needs r-cran-jsonlite.
suppressMessages(library(jsonlite))
set.seed(3104)
here <- dirname(sub("--file=", "", grep("--file=", commandArgs(FALSE), value = TRUE)))
simulations <- 2000
designs <- list(
  list(means = c(6.50, 6.56, 6.60), sd_u = 0.15, sd_e = 0.35, trials = 20, alpha = 0.05,
       participants = c(6, 8, 12)),
  list(means = c(0, 0.05, 0.02, 0.08), sd_u = 0.2, sd_e = 0.3, trials = 10, alpha = 0.01,
       participants = c(8, 14)),
  list(means = c(1.0, 1.12), sd_u = 0.5, sd_e = 0.6, trials = 5, alpha = 0.05,
       participants = c(10, 20))
)
p_value <- function(design, n) {
  m <- length(design$means)
  cells <- expand.grid(level = factor(seq_len(m)), participant = factor(seq_len(n)))
  u <- rnorm(n, 0, design$sd_u)
  noise <- matrix(rnorm(n * m * design$trials, 0, design$sd_e), nrow = n * m)
  cells$y <- design$means[as.integer(cells$level)] + u[as.integer(cells$participant)] + rowMeans(noise)
  fit <- summary(aov(y ~ level + Error(participant / level), data = cells))
  fit[["Error: participant:level"]][[1]][["Pr(>F)"]][1]
}
cases <- list()
for (design in designs) {
  for (n in design$participants) {
    p <- replicate(simulations, p_value(design, n))
    cases[[length(cases) + 1]] <- list(
      means = design$means, participant_sd = design$sd_u, residual_sd = design$sd_e,
      trials_per_cell = design$trials, alpha = design$alpha, participants = n,
      simulations = simulations, rejections = sum(p < design$alpha))
  }
}
write_json(list(generator = "gen_power_simulation.R", r = R.version.string, cases = cases),
           file.path(here, "power_simulation.json"), auto_unbox = TRUE, digits = NA, pretty = TRUE)
