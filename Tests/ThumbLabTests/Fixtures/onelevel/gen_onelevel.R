# Reference values for compare --test lmm / glmm (and auto) on participants with trials at
# only one level of a two-level factor.
#
# A seeded trial-level data set in the columns of Datasets/thumbspace-vs-shift/trials.csv:
# 12 participants, technique (Direct, ThumbSpace) x target_size_mm (4.8, 7.2, 9.6), one row
# per trial (every row a first attempt), 5 to 8 trials per participant and cell. P10 and
# P11 used only Direct, P12 only ThumbSpace. Fitted with sum-to-zero contrasts as ThumbLab
# codes factors:
#   lmer(log(time_ms) ~ technique * target_size_mm + (1 | participant)), lmerTest's type III
#   Satterthwaite F (anova(m, type = 3));
#   glmer(miss ~ technique * target_size_mm + (1 | participant), binomial), car::Anova(type = 3)
#   Wald chi-square, and fixef.
#
#   Rscript Tests/ThumbLabTests/Fixtures/onelevel/gen_onelevel.R
#
# rewrites onelevel_trials.csv and onelevel.json beside this script.
suppressMessages({ library(lmerTest); library(car); library(jsonlite) })
options(contrasts = c("contr.sum", "contr.poly"))
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("--file=", "", args[grep("--file=", args)])))
set.seed(20261202)

participants <- sprintf("P%02d", 1:12)
techniques <- c("Direct", "ThumbSpace")
sizes <- c("4.8", "7.2", "9.6")
only <- c(P10 = "Direct", P11 = "Direct", P12 = "ThumbSpace")
rows <- list()
for (p in participants) {
  speed <- rnorm(1, 0, 0.25)
  skill <- rnorm(1, 0, 0.6)
  trial <- 0
  for (t in techniques) {
    if (!is.na(only[p]) && only[p] != t) next
    for (s in sizes) {
      n <- sample(5:8, 1)
      size <- as.numeric(s)
      eta <- -1.6 + skill + (t == "ThumbSpace") * 0.4 - (size - 7.2) * 0.25
      logtime <- 6.9 + speed + (t == "ThumbSpace") * 0.12 - (size - 7.2) * 0.05 +
        (t == "ThumbSpace") * (size - 7.2) * 0.02 + rnorm(n, 0, 0.3)
      for (i in seq_len(n)) {
        trial <- trial + 1
        rows[[length(rows) + 1]] <- data.frame(
          participant = p, technique = t, target_size_mm = s, mobility = "standing", block = 1, trial = trial,
          target_x = 160.0, target_y = 240.0, target_w = 23.1, target_h = 23.1, touch_x = 161.0, touch_y = 241.0,
          time_ms = round(exp(logtime[i]), 1), hit = rbinom(1, 1, 1 - plogis(eta)))
      }
    }
  }
}
data <- do.call(rbind, rows)
write.csv(data, file.path(here, "onelevel_trials.csv"), row.names = FALSE, quote = FALSE)

data <- read.csv(file.path(here, "onelevel_trials.csv"), colClasses = c(target_size_mm = "character"))
data$miss <- 1 - data$hit
data$technique <- factor(data$technique)
data$target_size_mm <- factor(data$target_size_mm)
lmm <- lmer(log(time_ms) ~ technique * target_size_mm + (1 | participant), data = data, REML = TRUE)
a <- anova(lmm, type = 3, ddf = "Satterthwaite")
glmm <- glmer(miss ~ technique * target_size_mm + (1 | participant), data = data, family = binomial)
w <- Anova(glmm, type = 3)
terms <- rownames(a)
out <- list(
  generator = "gen_onelevel.R",
  tools = list(R = R.version.string, lme4 = as.character(packageVersion("lme4")),
               lmerTest = as.character(packageVersion("lmerTest")), car = as.character(packageVersion("car"))),
  trials = nrow(data),
  lmm = lapply(setNames(terms, terms), function(term) list(
    F = a[term, "F value"], df1 = a[term, "NumDF"], df2 = a[term, "DenDF"], p = a[term, "Pr(>F)"])),
  glmm = lapply(setNames(rownames(w), rownames(w)), function(term) list(
    chisq = w[term, "Chisq"], df = w[term, "Df"], p = w[term, "Pr(>Chisq)"])),
  glmm_fixef = as.list(fixef(glmm)),
  lmm_fixef = as.list(fixef(lmm))
)
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), file.path(here, "onelevel.json"))
