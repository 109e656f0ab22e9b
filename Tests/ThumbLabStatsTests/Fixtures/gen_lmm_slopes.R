# Reference values for ThumbLabStats' linear mixed models with several random slopes, computed
# by lme4 and lmerTest. Seeded; rewrites lmm_slopes.json exactly:
#   Rscript Tests/ThumbLabStatsTests/Fixtures/gen_lmm_slopes.R
# Each design is fitted with correlated random slopes per factor, (1 + A + B | subject), the
# maximal structure, (1 + A * B | subject), and the uncorrelated maximal structure over numeric
# contrast columns, (1 + A1 + A2 + B1 + A1:B1 || subject). The simplification rule of
# MixedModel.simplifiedLinear is run here too, so the final formula is lmer's own choice.
suppressMessages({ library(lme4); library(lmerTest); library(jsonlite) })
options(contrasts = c("contr.sum", "contr.poly"))
args <- commandArgs(trailingOnly = FALSE)
script <- sub("--file=", "", args[grep("--file=", args)])
here <- dirname(normalizePath(script))
lctl <- lmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-12, maxfun = 1e6),
                    check.conv.singular = "ignore")

source(file.path(here, "newton_polish.R"))

# The random part of the model over `slopes` (a list of character vectors, each a term).
random_part <- function(slopes, correlated, levels) {
  if (!length(slopes)) return("(1 | subject)")
  if (correlated) return(paste0("(1 + ", paste(sapply(slopes, paste, collapse = ":"), collapse = " + "),
                                " | subject)"))
  columns <- unlist(lapply(slopes, function(term) {
    names <- ""
    for (v in term) {
      parts <- paste0(v, seq_len(length(levels[[v]]) - 1))
      names <- as.vector(t(outer(parts, names, function(p, n) ifelse(n == "", p, paste0(n, ":", p)))))
    }
    names
  }))
  paste0("(1 + ", paste(columns, collapse = " + "), " || subject)")
}

fit <- function(d, factors, slopes, correlated, levels) {
  f <- paste("y ~", paste(factors, collapse = " * "), "+", random_part(slopes, correlated, levels))
  assign(".mm_data", d, envir = globalenv())
  lmod <- lFormula(as.formula(f), .mm_data, REML = TRUE, control = lctl)
  devfun <- do.call(mkLmerDevfun, lmod)
  # Many parameters: bobyqa to 1e-10 within 5e4 evaluations, and Newton steps only up to 21 of
  # them (numDeriv's Hessian of more costs minutes).
  many <- length(lmod$reTrms$lower) > 21
  opt <- optimizeLmer(devfun, optimizer = "bobyqa",
                      control = list(rhoend = if (many) 1e-10 else 1e-12, maxfun = if (many) 5e4 else 1e6))
  if (!many) opt$par <- polish(devfun, opt$par, lmod$reTrms$lower)
  opt$fval <- devfun(opt$par)
  m <- mkMerMod(environment(devfun), opt, lmod$reTrms, fr = lmod$fr)
  m@call <- call("lmer", formula = as.formula(f), data = quote(.mm_data), REML = TRUE)
  devfun2 <- do.call(mkLmerDevfun, lFormula(as.formula(f), .mm_data, REML = TRUE, control = lctl))
  m <- lmerTest:::as_lmerModLT(m, devfun2)
  a <- anova(m)
  vc <- as.data.frame(VarCorr(m))
  variances <- vc[is.na(vc$var2) & vc$grp != "Residual", ]
  list(formula = f, slopes = lapply(slopes, as.list), correlated = correlated,
       theta = unname(getME(m, "theta")), variance_names = variances$var1, variances = variances$vcov,
       sigma = sigma(m), loglik = as.numeric(logLik(m)), singular = isSingular(m),
       anova = list(term = rownames(a), f = a[["F value"]], numdf = a$NumDF, dendf = a$DenDF,
                    p = a[["Pr(>F)"]]))
}

# The stated simplification: from the correlated structure, first drop the correlations,
# then the slope term with the smallest (summed) variance, until the fit is not singular.
# Ties go to the later term in R's order (higher order first).
simplify <- function(d, factors, slopes, levels) {
  current <- fit(d, factors, slopes, TRUE, levels)
  steps <- list(list(formula = current$formula, singular = current$singular, action = "requested"))
  correlated <- TRUE
  while (current$singular && length(slopes)) {
    if (correlated) {
      correlated <- FALSE
      action <- "uncorrelated"
    } else {
      columns <- current$variance_names[-1]
      summed <- sapply(slopes, function(term) {
        names <- ""
        for (v in term) {
          parts <- paste0(v, seq_len(length(levels[[v]]) - 1))
          names <- as.vector(t(outer(parts, names, function(p, n) ifelse(n == "", p, paste0(n, ":", p)))))
        }
        sum(current$variances[-1][match(names, columns)])
      })
      drop <- max(which(summed == min(summed)))
      action <- paste("drop", paste(slopes[[drop]], collapse = ":"))
      slopes <- slopes[-drop]
    }
    current <- fit(d, factors, slopes, correlated, levels)
    steps[[length(steps) + 1]] <- list(formula = current$formula, singular = current$singular,
                                       action = action)
  }
  list(steps = steps, final = current)
}

level_sets <- list(A = c("a1", "a2", "a3"), B = c("b1", "b2", "b3"))
set.seed(20261202)
designs <- list()
specs <- list(
  list(k = c(2), slope_sd = 0.3), list(k = c(3), slope_sd = 0.3), list(k = c(2, 2), slope_sd = 0.3),
  list(k = c(3, 2), slope_sd = 0.3), list(k = c(2, 3), slope_sd = 0.35), list(k = c(3, 3), slope_sd = 0.6),
  list(k = c(2, 2), slope_sd = 0.4), list(k = c(3), slope_sd = 0.4), list(k = c(2, 2), slope_sd = 0.5),
  list(k = c(2, 2), slope_sd = 0, name = "no-slope-variance"),
  list(k = c(3, 2), slope_sd = 0, name = "no-slope-variance")
)
for (i in seq_along(specs)) {
  s <- specs[[i]]
  factors <- c("A", "B")[seq_along(s$k)]
  levels <- setNames(lapply(seq_along(s$k), function(j) level_sets[[j]][seq_len(s$k[j])]), factors)
  nsub <- if (prod(s$k) == 9) 16 else sample(if (prod(s$k) >= 6) 12:16 else 8:16, 1)
  grid <- do.call(expand.grid, c(list(subject = sprintf("p%02d", seq_len(nsub))), levels,
                                 list(stringsAsFactors = FALSE)))
  reps <- sample(2:8, nrow(grid), replace = TRUE)
  d <- grid[rep(seq_len(nrow(grid)), reps), , drop = FALSE]
  rownames(d) <- NULL
  for (f in factors) {
    for (j in seq_len(length(levels[[f]]) - 1)) {
      d[[paste0(f, j)]] <- ifelse(d[[f]] == levels[[f]][j], 1, ifelse(d[[f]] == tail(levels[[f]], 1), -1, 0))
    }
  }
  sub <- as.integer(factor(d$subject))
  # Fixed effects, a random intercept and a random deviation of every cell per participant
  # (slope variance on every contrast column), on the log scale of a response time.
  cell <- interaction(d[factors], drop = TRUE)
  fixed <- rnorm(nlevels(cell), sd = 0.15)
  u0 <- rnorm(nsub, sd = 0.3)
  uc <- matrix(rnorm(nsub * nlevels(cell), sd = s$slope_sd), nsub, nlevels(cell))
  d$y <- 6.5 + fixed[as.integer(cell)] + u0[sub] + uc[cbind(sub, as.integer(cell))] +
    rnorm(nrow(d), sd = 0.35)
  dd <- d
  for (f in c("subject", factors)) dd[[f]] <- factor(dd[[f]])
  main <- lapply(factors, function(f) f)
  all_terms <- if (length(factors) == 2) c(main, list(factors)) else main
  fits <- list(slopes = fit(dd, factors, main, TRUE, levels))
  cat(i, "slopes", format(Sys.time()), "\n")
  if (length(factors) == 2) fits$maximal <- fit(dd, factors, all_terms, TRUE, levels)
  cat(i, "maximal", format(Sys.time()), "\n")
  fits$uncorrelated <- fit(dd, factors, all_terms, FALSE, levels)
  designs[[length(designs) + 1]] <- list(
    name = sprintf("%s-%02d", if (is.null(s$name)) "slopes" else s$name, i), factors = factors,
    subject = d$subject, levels = lapply(setNames(factors, factors), function(f) d[[f]]), y = d$y,
    fits = fits, simplification = simplify(dd, factors, all_terms, levels))
  cat(designs[[length(designs)]]$name, sapply(fits, function(f) f$singular),
      sapply(designs[[length(designs)]]$simplification$steps, function(x) x$action), "\n")
}

writeLines(toJSON(designs, digits = NA, auto_unbox = TRUE, pretty = FALSE), file.path(here, "lmm_slopes.json"))
cat(length(designs), "designs\n")
