# Reproduces `thumblab compare --factor technique --exclude block=0` on the bundled
# ThumbSpace-vs-Shift study with R: the trials are read from the study database with
# DBI/RSQLite, aggregated as ThumbLab aggregates them, and tested with afex's aov_ez
# (repeated-measures ANOVA) and base R's paired t-tests with Holm's adjustment.
# ThumbLab's and R's figures are printed side by side; the script exits with status 1
# when any pair differs by more than 1e-6 (relative to the larger of the two).
#
# Usage:  Rscript Notebooks/r/compare_with_afex.R [--db STUDY.sqlite]
# Without --db it imports the bundled study (as `thumblab demo` does) into a temporary
# database first. The thumblab
# binary is $THUMBLAB, else .build/debug/thumblab or .build/release/thumblab in this
# repository, else thumblab on the PATH.
# Needs: r-base-core, r-cran-afex, r-cran-rsqlite, r-cran-jsonlite (Debian packages).

suppressPackageStartupMessages({
  library(DBI)
  library(RSQLite)
  library(jsonlite)
  library(afex)
})

tolerance <- 1e-6

script_path <- function() {
  file_arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(file_arg) == 0) return(normalizePath("Notebooks/r/compare_with_afex.R", mustWork = FALSE))
  normalizePath(sub("^--file=", "", file_arg[1]))
}
repository <- dirname(dirname(dirname(script_path())))

find_thumblab <- function() {
  from_env <- Sys.getenv("THUMBLAB")
  if (nzchar(from_env)) {
    if (!file.exists(from_env)) stop("THUMBLAB names ", from_env, ", which does not exist")
    return(from_env)
  }
  for (build in c("debug", "release")) {
    candidate <- file.path(repository, ".build", build, "thumblab")
    if (file.exists(candidate)) return(candidate)
  }
  on_path <- Sys.which("thumblab")
  if (nzchar(on_path)) return(unname(on_path))
  stop("no thumblab binary: build it with 'swift build --product thumblab' in ", repository,
       " or set THUMBLAB to its path")
}
thumblab_binary <- find_thumblab()

thumblab <- function(...) {
  arguments <- c(...)
  output <- suppressWarnings(system2(thumblab_binary, arguments, stdout = TRUE, stderr = TRUE))
  status <- attr(output, "status")
  if (!is.null(status) && status != 0) {
    stop("thumblab ", paste(arguments, collapse = " "), " exited with status ", status, ":\n",
         paste(output, collapse = "\n"))
  }
  paste(output, collapse = "\n")
}

arguments <- commandArgs(trailingOnly = TRUE)
database <- NULL
if (length(arguments) >= 2 && arguments[1] == "--db") {
  database <- arguments[2]
} else if (length(arguments) > 0) {
  stop("usage: Rscript compare_with_afex.R [--db STUDY.sqlite]")
}
if (is.null(database)) {
  database <- file.path(tempfile("thumblab-afex-"), "study.sqlite")
  dir.create(dirname(database))
  dataset <- file.path(repository, "Datasets", "thumbspace-vs-shift")
  # As `thumblab demo` does: the phone, then the trial, touch and questionnaire logs.
  invisible(thumblab("device", "add", "phone-3.5in", "--width", "320", "--height", "480", "--ppi", "163",
                     "--db", database))
  invisible(thumblab("import", file.path(dataset, c("trials.csv", "touches.csv", "responses.csv")),
                     "--device", "phone-3.5in", "--db", database))
}

# ThumbLab's result.
thumblab_result <- fromJSON(
  thumblab("compare", "--factor", "technique", "--exclude", "block=0", "--format", "json", "--db", database),
  simplifyVector = FALSE)
anova <- Filter(function(test) test$term == "technique", thumblab_result$tests)[[1]]
if (anova$test != "rm-anova") stop("ThumbLab chose ", anova$test, ", not a repeated-measures ANOVA")
study <- thumblab_result$selection$study

# The same data, read from the database: first attempts of the main blocks (block 0 is
# practice), time in ms, and each trial's technique from the long condition view.
con <- dbConnect(SQLite(), database, flags = SQLITE_RO)
trials <- dbGetQuery(con, "
  SELECT t.participant, c.level AS technique, t.time_ms
  FROM trial_long t
  JOIN condition_long c ON c.condition_id = t.condition_id AND c.factor = 'technique'
  WHERE t.study = ? AND t.attempt = 1 AND t.block <> 0 AND t.time_ms > 0",
  params = list(study))
dbDisconnect(con)

# One value per participant and technique: the mean of ln time (a geometric mean), pooled
# over the other factors' trials, as ThumbLab's default `--aggregate geomean` does.
cells <- aggregate(log(time_ms) ~ participant + technique, data = trials, FUN = mean)
names(cells)[3] <- "ln_time"
cells$technique <- factor(cells$technique)

fit <- aov_ez("participant", "ln_time", cells, within = "technique",
              anova_table = list(correction = "GG", es = c("ges", "pes")))
corrected <- fit$anova_table["technique", ]
uncorrected <- anova(fit, correction = "none")["technique", ]
sphericity <- summary(fit)
mauchly <- sphericity$sphericity.tests["technique", ]
epsilons <- sphericity$pval.adjustments["technique", ]
# ThumbLab applies the Greenhouse-Geisser correction when Mauchly's test rejects at .05.
gg_applied <- anova$correction == "GG"
if (gg_applied != (mauchly[["p-value"]] < 0.05)) stop("ThumbLab's correction does not follow Mauchly's test")
epsilon <- if (gg_applied) anova$epsilon_gg else 1

rows <- list(
  list("trials (first attempts, blocks 1-3)", thumblab_result$selection$trials, nrow(trials)),
  list("participants", thumblab_result$participants_used, length(unique(cells$participant))),
  list("F", anova$statistic, corrected[["F"]]),
  list("df1 (uncorrected)", anova$df1, uncorrected[["num Df"]]),
  list("df2 (uncorrected)", anova$df2, uncorrected[["den Df"]]),
  list("df1 (as applied)", anova$df1 * epsilon, if (gg_applied) corrected[["num Df"]] else uncorrected[["num Df"]]),
  list("df2 (as applied)", anova$df2 * epsilon, if (gg_applied) corrected[["den Df"]] else uncorrected[["den Df"]]),
  list("p (uncorrected)", anova$p, uncorrected[["Pr(>F)"]]),
  list("p (Greenhouse-Geisser)", anova$p_gg, epsilons[["Pr(>F[GG])"]]),
  list("p (Huynh-Feldt)", anova$p_hf, epsilons[["Pr(>F[HF])"]]),
  list("Mauchly's W", anova$mauchly_w, mauchly[["Test statistic"]]),
  list("Mauchly's p", anova$mauchly_p, mauchly[["p-value"]]),
  list("epsilon (Greenhouse-Geisser)", anova$epsilon_gg, epsilons[["GG eps"]]),
  list("epsilon (Huynh-Feldt, raw)", anova$epsilon_hf, epsilons[["HF eps"]]),
  list("generalized eta squared", anova$ges, corrected[["ges"]]),
  list("partial eta squared", anova$pes, corrected[["pes"]]))

# Per-level geometric means: exp of the mean over participants of their mean ln time.
for (level in thumblab_result$levels) {
  values <- cells$ln_time[cells$technique == level$level]
  rows[[length(rows) + 1]] <- list(paste0("geometric mean, ", level$level, " (ms)"), level$mean, exp(mean(values)))
}

# Post-hoc: paired t-tests on the participants' mean ln time, Holm-adjusted.
posthoc <- Filter(function(row) row$term == "technique", thumblab_result$posthoc)
wide <- reshape(cells, idvar = "participant", timevar = "technique", direction = "wide")
r_tests <- lapply(posthoc, function(pair) {
  t.test(wide[[paste0("ln_time.", pair$a)]], wide[[paste0("ln_time.", pair$b)]], paired = TRUE)
})
r_holm <- p.adjust(vapply(r_tests, function(test) test$p.value, 0), method = "holm")
for (index in seq_along(posthoc)) {
  pair <- posthoc[[index]]
  name <- paste(pair$a, "vs", pair$b)
  rows[[length(rows) + 1]] <- list(paste0("t, ", name), pair$statistic, unname(r_tests[[index]]$statistic))
  rows[[length(rows) + 1]] <- list(paste0("p, ", name), pair$p, r_tests[[index]]$p.value)
  rows[[length(rows) + 1]] <- list(paste0("p (Holm), ", name), pair$p_adjusted, r_holm[index])
}

relative_difference <- function(a, b) {
  if (a == b) return(0)
  abs(a - b) / max(abs(a), abs(b))
}
table <- data.frame(
  figure = vapply(rows, function(row) row[[1]], ""),
  thumblab = vapply(rows, function(row) as.numeric(row[[2]]), 0),
  r = vapply(rows, function(row) as.numeric(row[[3]]), 0))
table$relative_difference <- mapply(relative_difference, table$thumblab, table$r)
table$agrees <- table$relative_difference <= tolerance

apa_f <- function(df1, df2, f, p, ges) {
  sprintf("F(%.2f, %.2f) = %.2f, p %s, ges = %.3f", df1, df2, f,
          if (p < 0.001) "< .001" else sprintf("= %.3f", p), ges)
}
cat("thumblab compare --factor technique --exclude block=0, against afex::aov_ez ",
    as.character(packageVersion("afex")), " and t.test with p.adjust(method = \"holm\"), R ",
    as.character(getRversion()), "\n", sep = "")
cat("  ThumbLab: ", anova$apa, "\n", sep = "")
cat("  afex:     ", apa_f(corrected[["num Df"]], corrected[["den Df"]], corrected[["F"]],
                          corrected[["Pr(>F)"]], corrected[["ges"]]), "\n\n", sep = "")
width <- max(nchar(table$figure))
cat(sprintf("%-*s  %22s  %22s  %9s\n", width, "figure", "ThumbLab", "R (afex, stats)", "rel. diff"))
for (index in seq_len(nrow(table))) {
  cat(sprintf("%-*s  %22.15g  %22.15g  %9.1e%s\n", width, table$figure[index], table$thumblab[index],
              table$r[index], table$relative_difference[index], if (table$agrees[index]) "" else "  DIFFERS"))
}
disagreements <- sum(!table$agrees)
if (disagreements > 0) {
  cat("\nFAILED: ", disagreements, " of ", nrow(table), " figures differ by more than ", tolerance, "\n", sep = "")
  quit(status = 1)
}
cat("\nAll ", nrow(table), " figures agree within ", tolerance, " (relative).\n", sep = "")
