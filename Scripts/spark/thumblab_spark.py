"""ThumbLab's screen heatmap and per-cell summary computed on Spark from `thumblab export`.

    python Scripts/spark/thumblab_spark.py EXPORT_FOLDER [--columns 4 --rows 6] > spark.json

Reads the Parquet export (one file per table, or Hive-style participant folders) and prints
JSON with `heatmap` (as `thumblab heatmap --format json`'s cells: every attempt placed by its
target centre on a grid over its device's screen) and `summary` (as `thumblab summary
--format json`'s cells: first attempts, one cell per combination of the factors given).

Each figure comes from sums that merge exactly: first per participant and cell (n, hits,
the sum of ln time, offset sums and sums of squares), then across participants, so that a
cluster splits the rows as it likes. Medians do not merge from sums: they are computed
exactly, from each cell's sorted times (Spark's `percentile`, R's type 7 quantile).
"""

from __future__ import annotations

import argparse
import json
import math

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from scipy.stats import norm, t as student_t

Z = float(norm.isf(0.025))


def adjusted_wald(misses: int, recorded: int) -> tuple[float, float, float]:
    """The error rate with its adjusted-Wald 95% interval (Agresti & Coull 1998)."""
    n = float(recorded)
    adjusted_n = n + Z * Z
    adjusted = (misses + Z * Z / 2) / adjusted_n
    half = Z * math.sqrt(adjusted * (1 - adjusted) / adjusted_n)
    return misses / n, max(0.0, adjusted - half), min(1.0, adjusted + half)


def participant_sums(trials, keys):
    """Per participant and cell: the sums every figure of a cell is made from."""
    time = F.col("time_ms")
    positive = time.isNotNull() & (time > 0) & ~F.isnan(time)
    offset = F.col("dx").isNotNull() & F.col("dy").isNotNull() & ~F.isnan("dx") & ~F.isnan("dy")
    return trials.groupBy(*keys, "participant").agg(
        F.count(F.lit(1)).alias("n"),
        F.count("hit").alias("recorded"),
        F.sum(F.when(F.col("hit") == 0, 1).otherwise(0)).alias("misses"),
        F.sum(F.when(positive, F.log(time))).alias("log_sum"),
        F.sum(F.when(positive, 1).otherwise(0)).alias("log_n"),
        F.sum(F.when(time.isNotNull() & ~F.isnan(time), time)).alias("time_sum"),
        F.sum(F.when(time.isNotNull() & ~F.isnan(time), time * time)).alias("time_squares"),
        F.sum(F.when(time.isNotNull() & ~F.isnan(time), 1).otherwise(0)).alias("time_n"),
        F.sum(F.when(offset, F.col("dx"))).alias("dx_sum"),
        F.sum(F.when(offset, F.col("dy"))).alias("dy_sum"),
        F.sum(F.when(offset, F.col("dx") * F.col("dx"))).alias("dx_squares"),
        F.sum(F.when(offset, F.col("dy") * F.col("dy"))).alias("dy_squares"),
        F.sum(F.when(offset, 1).otherwise(0)).alias("offsets"),
    )


def medians(trials, keys):
    """Each cell's exact median time: the finite times sorted, R's type 7 quantile at 0.5."""
    finite = trials.where(F.col("time_ms").isNotNull() & ~F.isnan("time_ms"))
    return {tuple(row[key] for key in keys): row["median"] for row in
            finite.groupBy(*keys).agg(F.expr("percentile(time_ms, 0.5)").alias("median")).collect()}


def sd(total: float, squares: float, n: int) -> float | None:
    if n < 2:
        return None
    return math.sqrt(max(0.0, (squares - total * total / n) / (n - 1)))


def heatmap(spark, export: str, columns: int, rows: int, minimum: int = 5) -> list[dict]:
    trials = spark.read.parquet(f"{export}/trial")
    devices = {row["name"]: row for row in spark.read.parquet(f"{export}/device").collect()}
    (name, device), = devices.items()
    width, height = device["width_px"], device["height_px"]
    cell_w, cell_h = width / columns, height / rows
    x, y = F.col("target_x"), F.col("target_y")
    placed = (trials.where(x.isNotNull() & y.isNotNull() & (x >= 0) & (x <= width) & (y >= 0) & (y <= height))
              .withColumn("col", F.least(F.floor(x / cell_w), F.lit(columns - 1)).cast("int"))
              .withColumn("row", F.least(F.floor(y / cell_h), F.lit(rows - 1)).cast("int"))
              .withColumn("dx", F.col("touch_x") - x).withColumn("dy", F.col("touch_y") - y))
    sums = participant_sums(placed, ["col", "row"])
    middle = medians(placed, ["col", "row"])
    cells = []
    for cell in sums.groupBy("col", "row").agg(
            *[F.sum(c).alias(c) for c in ["n", "recorded", "misses", "log_sum", "log_n", "dx_sum", "dy_sum", "offsets"]],
            F.count(F.lit(1)).alias("participants")).collect():
        if cell["n"] < minimum:
            continue
        entry = {"col": cell["col"], "row": cell["row"], "n": cell["n"], "hits": cell["recorded"] - cell["misses"],
                 "participants": cell["participants"], "time_median": middle.get((cell["col"], cell["row"]))}
        if cell["recorded"]:
            entry["error_rate"], entry["error_ci_low"], entry["error_ci_high"] = adjusted_wald(cell["misses"], cell["recorded"])
        if cell["log_n"]:
            entry["time_geomean"] = math.exp(cell["log_sum"] / cell["log_n"])
        if cell["offsets"]:
            entry["offset_dx"] = cell["dx_sum"] / cell["offsets"]
            entry["offset_dy"] = cell["dy_sum"] / cell["offsets"]
            entry["offset_dx_mm"] = entry["offset_dx"] / device["px_per_mm"]
            entry["offset_dy_mm"] = entry["offset_dy"] / device["px_per_mm"]
        cells.append(entry)
    return sorted(cells, key=lambda c: (c["row"], c["col"]))


def summary(spark, export: str, factors: list[str]) -> list[dict]:
    trials = spark.read.parquet(f"{export}/trial")
    devices = spark.read.parquet(f"{export}/device").select(F.col("name").alias("device"), "px_per_mm")
    # First attempts: the import numbers the attempts at a trial from 1, in the log's order.
    first = (trials.where(F.col("attempt") == 1).join(devices, "device", "left")
             .withColumn("dx", F.col("touch_x") - F.col("target_x")).withColumn("dy", F.col("touch_y") - F.col("target_y")))
    sums = participant_sums(first, factors)
    middle = medians(first, factors)
    mm = {row["device"]: row["px_per_mm"] for row in devices.collect()}
    (px_per_mm,) = set(mm.values())
    per_participant = sums.withColumn("log_mean", F.col("log_sum") / F.col("log_n"))
    cells = []
    for cell in per_participant.groupBy(*factors).agg(
            *[F.sum(c).alias(c) for c in ["n", "recorded", "misses", "time_sum", "time_squares", "time_n", "dx_sum",
                                          "dy_sum", "dx_squares", "dy_squares", "offsets"]],
            F.collect_list("log_mean").alias("log_means"), F.count(F.lit(1)).alias("participants")).collect():
        levels = tuple(cell[f] for f in factors)
        entry = {f: cell[f] for f in factors}
        entry.update({"participants": cell["participants"], "trials": cell["n"], "time_trials": cell["time_n"],
                      "time_median": middle.get(levels)})
        logs = [value for value in cell["log_means"] if value is not None]
        if logs:
            mean = math.fsum(logs) / len(logs)
            entry["time_geomean"] = math.exp(mean)
            if len(logs) > 1:
                spread = math.sqrt(math.fsum((v - mean) ** 2 for v in logs) / (len(logs) - 1))
                half = float(student_t.ppf(0.975, len(logs) - 1)) * spread / math.sqrt(len(logs))
                entry["time_ci_low"], entry["time_ci_high"] = math.exp(mean - half), math.exp(mean + half)
        if cell["time_n"]:
            entry["time_mean"] = cell["time_sum"] / cell["time_n"]
            entry["time_sd"] = sd(cell["time_sum"], cell["time_squares"], cell["time_n"])
        if cell["recorded"]:
            entry["error_rate"], entry["error_ci_low"], entry["error_ci_high"] = adjusted_wald(cell["misses"], cell["recorded"])
        if cell["offsets"]:
            n = cell["offsets"]
            entry["offset_dx_px"], entry["offset_dy_px"] = cell["dx_sum"] / n, cell["dy_sum"] / n
            entry["offset_sd_x_px"] = sd(cell["dx_sum"], cell["dx_squares"], n)
            entry["offset_sd_y_px"] = sd(cell["dy_sum"], cell["dy_squares"], n)
            for axis in ("dx", "dy"):
                entry[f"offset_{axis}_mm"] = entry[f"offset_{axis}_px"] / px_per_mm
            for axis in ("x", "y"):
                value = entry[f"offset_sd_{axis}_px"]
                entry[f"offset_sd_{axis}_mm"] = None if value is None else value / px_per_mm
        cells.append(entry)
    return sorted(cells, key=lambda c: tuple(str(c[f]) for f in factors))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("export")
    parser.add_argument("--columns", type=int, default=4)
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--factors", default="", help="the summary's factors, comma-separated (default: every factor column)")
    arguments = parser.parse_args()
    spark = SparkSession.builder.master("local[2]").appName("thumblab").config("spark.ui.enabled", "false").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    factors = [f for f in arguments.factors.split(",") if f]
    print(json.dumps({"heatmap": heatmap(spark, arguments.export, arguments.columns, arguments.rows),
                      "summary": summary(spark, arguments.export, factors)}, indent=1))
    spark.stop()


if __name__ == "__main__":
    main()
