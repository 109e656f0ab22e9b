# R's write.csv after filtering: quoted row names ("4", "5", ...) under an empty header.
# Run after gen_writers.py, from the package root.
here <- "Tests/ThumbLabTests/Fixtures/import/writers"
base <- read.csv(file.path(here, "base.csv"))
write.csv(base[base$trial > 3, ], file.path(here, "r_write_csv.csv"))
