# Reference paths for ThumbLabStats' copies of glmer's two default optimisers: every point that
# lme4's Nelder_Mead (second stage) and minqa's bobyqa on one bounded variable from 1 (first
# stage, lme4's defaults) evaluate on small polynomials, in order, and where they stop.
# Polynomials only, written as products, so that R and Swift evaluate them to the same bits.
# Deterministic; rewrites optimizer_paths.json exactly:
#   Rscript Tests/ThumbLabStatsTests/Fixtures/gen_optimizer_paths.R
suppressMessages({ library(lme4); library(minqa); library(jsonlite) })
args <- commandArgs(trailingOnly = FALSE)
script <- sub("--file=", "", args[grep("--file=", args)])
here <- dirname(normalizePath(script))

functions <- list(
  rosenbrock = function(x) 100 * (x[2] - x[1] * x[1]) * (x[2] - x[1] * x[1]) + (1 - x[1]) * (1 - x[1]),
  boundedQuadratic = function(x) (x[1] + 0.3) * (x[1] + 0.3) + 2 * (x[2] - 1) * (x[2] - 1) +
    (x[3] + 0.5) * (x[3] + 0.5) + 0.5 * x[1] * x[2] + 0.3 * x[2] * x[3],
  quartic = function(x) (x - 0.3) * (x - 0.3) + 0.05 * x * x * x * x,
  boundary = function(x) (x + 0.2) * (x + 0.2) + x * x * x,
  far = function(x) (x - 3.7) * (x - 3.7) * (1 + 0.01 * x * x))

traced <- function(name) {
  points <- list()
  list(fn = function(x) { points[[length(points) + 1]] <<- x; functions[[name]](x) },
       points = function() points)
}

nelder_mead <- function(name, start, lower, step) {
  t <- traced(name)
  r <- Nelder_Mead(t$fn, start, lower = lower, control = list(xst = step, xt = step * 5e-4))
  # An unbounded coordinate's lower bound is written as null.
  list(name = name, start = start, lower = ifelse(is.finite(lower), lower, NA), step = step,
       points = do.call(rbind, t$points()),
       par = r$par, fval = r$fval)
}

bobyqa_path <- function(name) {
  t <- traced(name)
  r <- bobyqa(1, t$fn, lower = 0, upper = Inf)
  # minqa evaluates the start once before the search and the answer once after it; those two
  # calls are not part of the search.
  points <- unlist(t$points())
  list(name = name, points = points[-c(1, length(points))], par = r$par, fval = r$fval)
}

fixture <- list(
  nelderMead = list(
    nelder_mead("rosenbrock", c(-1.2, 1), c(-Inf, -Inf), c(0.1, 0.1)),
    nelder_mead("boundedQuadratic", c(0.4, 0.2, 0.1), c(0, -Inf, -Inf), c(0.05, 0.1, 0.1))),
  bobyqa = lapply(c("quartic", "boundary", "far"), bobyqa_path))
writeLines(toJSON(fixture, digits = NA, auto_unbox = TRUE, na = "null", pretty = FALSE), file.path(here, "optimizer_paths.json"))
