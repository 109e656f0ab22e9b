# Reference values for compare --test lmm --random slopes|maximal on
# Datasets/thumbspace-vs-shift: first attempts of trials.csv (as gen_mixed_comparisons.R),
# log(time_ms) ~ technique * mobility with the random effects per participant asked for,
# simplified as ThumbLab states it (drop the correlations, then the slope term with the
# smallest summed variance, until the fit is not singular), each fit by lmer (REML, bobyqa
# to rhoend = 1e-10) and tested by lmerTest's type III Satterthwaite F.
#   Rscript Tests/ThumbLabTests/Fixtures/analysis/gen_random_slopes_comparisons.R
# rewrites random_slopes_comparisons.json beside this script.
suppressMessages({ library(lmerTest); library(jsonlite) })
options(contrasts = c("contr.sum", "contr.poly"))
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("--file=", "", args[grep("--file=", args)])))
root <- normalizePath(file.path(here, "..", "..", "..", ".."))
trials <- read.csv(file.path(root, "Datasets", "thumbspace-vs-shift", "trials.csv"))
key <- paste(trials$participant, trials$technique, trials$target_size_mm, trials$mobility, trials$block, trials$trial)
d <- trials[!duplicated(key), ]
d$y <- log(d$time_ms)
levels <- list(technique = sort(unique(d$technique)), mobility = sort(unique(d$mobility)))
for (f in names(levels)) {
  for (j in seq_len(length(levels[[f]]) - 1)) {
    d[[paste0(f, j)]] <- ifelse(d[[f]] == levels[[f]][j], 1, ifelse(d[[f]] == tail(levels[[f]], 1), -1, 0))
  }
  d[[f]] <- factor(d[[f]])
}
ctl <- lmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-10, maxfun = 1e6),
                   check.conv.singular = "ignore")

columns <- function(term) {
  names <- ""
  for (v in term) {
    parts <- paste0(v, seq_len(length(levels[[v]]) - 1))
    names <- as.vector(t(outer(parts, names, function(p, n) ifelse(n == "", p, paste0(n, ":", p)))))
  }
  names
}
random_part <- function(slopes, correlated) {
  if (!length(slopes)) return("(1 | participant)")
  if (correlated) return(paste0("(1 + ", paste(sapply(slopes, paste, collapse = ":"), collapse = " + "),
                                " | participant)"))
  paste0("(1 + ", paste(unlist(lapply(slopes, columns)), collapse = " + "), " || participant)")
}
fit <- function(slopes, correlated) {
  f <- paste("log(time_ms) ~ technique * mobility +", random_part(slopes, correlated))
  m <- lmer(as.formula(sub("log\\(time_ms\\)", "y", f)), data = d, REML = TRUE, control = ctl)
  a <- anova(m)
  vc <- as.data.frame(VarCorr(m))
  v <- vc[is.na(vc$var2) & vc$grp != "Residual", ]
  list(formula = f, singular = isSingular(m), variance_names = v$var1, variances = v$vcov,
       loglik = as.numeric(logLik(m)), term = rownames(a), F = a[["F value"]], df1 = a$NumDF,
       df2 = a$DenDF, p = a[["Pr(>F)"]])
}
simplify <- function(slopes) {
  current <- fit(slopes, TRUE)
  requested <- current$formula
  steps <- character()
  correlated <- TRUE
  while (current$singular && length(slopes)) {
    if (correlated) {
      correlated <- FALSE
    } else {
      summed <- sapply(slopes, function(term) sum(current$variances[match(columns(term), current$variance_names)]))
      slopes <- slopes[-max(which(summed == min(summed)))]
    }
    current <- fit(slopes, correlated)
    steps <- c(steps, current$formula)
  }
  list(requested = requested, steps = steps, final = current)
}
out <- list(
  generator = "gen_random_slopes_comparisons.R",
  tools = list(R = R.version.string, lme4 = as.character(packageVersion("lme4")),
               lmerTest = as.character(packageVersion("lmerTest"))),
  trials = nrow(d),
  slopes = simplify(list("technique", "mobility")),
  maximal = simplify(list("technique", "mobility", c("technique", "mobility")))
)
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE),
           file.path(here, "random_slopes_comparisons.json"))
