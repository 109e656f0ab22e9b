"""Reference values for ThumbLab's spatial analyses (density, direction, target size).

Run from the package root:

    python3 Tests/ThumbLabTests/Fixtures/spatial/gen_spatial.py

Reads the bundled CSV files directly (not the study database) and writes spatial.json
beside this script. Every row of a file is used: spatial analyses count every attempt.
"""

import json
import math
import os

import numpy as np
import pandas as pd
import scipy
import statsmodels
import statsmodels.api as sm
from scipy import stats

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
HERE = os.path.dirname(os.path.abspath(__file__))
Z95 = stats.norm.ppf(0.975)

SMALL = {"width": 640.0, "height": 1136.0, "px_per_mm": 326 / 25.4}
PHONE35 = {"width": 320.0, "height": 480.0, "px_per_mm": 163 / 25.4}


def adjusted_wald(misses, n):
    """Agresti-Coull: add z^2/2 successes and failures, Wald interval, clipped to [0, 1]."""
    centre = (misses + Z95**2 / 2) / (n + Z95**2)
    half = Z95 * math.sqrt(centre * (1 - centre) / (n + Z95**2))
    return max(0.0, centre - half), min(1.0, centre + half)


def geomean_across(values):
    """exp of the mean of per-participant mean ln times, with the t interval across them."""
    logs = np.log(np.asarray(values))
    mean = logs.mean()
    if len(logs) < 2:
        return math.exp(mean), None, None
    half = stats.t.ppf(0.975, len(logs) - 1) * logs.std(ddof=1) / math.sqrt(len(logs))
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half)


def wilcoxon_r_default(x, y, alternative):
    """scipy's signed-rank test with the rule of R's wilcox.test: exact below 50 nonzero
    differences without ties or zeros, else the normal approximation with tie-corrected
    variance and continuity correction; zero differences dropped."""
    d = np.asarray(x) - np.asarray(y)
    nonzero = d[d != 0]
    ties = len(np.unique(np.abs(nonzero))) < len(nonzero)
    exact = len(nonzero) < 50 and not ties and len(nonzero) == len(d)
    result = stats.wilcoxon(
        x, y, zero_method="wilcox", correction=not exact, alternative=alternative,
        method="exact" if exact else "approx")
    ranks = stats.rankdata(np.abs(nonzero))
    return {
        "w_plus": float(ranks[nonzero > 0].sum()),
        "w_minus": float(ranks[nonzero < 0].sum()),
        "p": float(result.pvalue),
        "method": "exact" if exact else "normal",
    }


# ---------------------------------------------------------------- density


def grid_centres(size, count_or_cell, px_per_mm):
    """Cell centres in px of a ScreenGrid over [0, size]: the last cell stops at the edge."""
    count, cell = count_or_cell
    centres = []
    for index in range(count):
        low = index * cell
        high = size if index == count - 1 else min(size, (index + 1) * cell)
        centres.append((low + high) / 2)
    return np.array(centres)


def density_scenario(points_px, device, bandwidth_mm, grid):
    """Product Gaussian kernel, bandwidth per axis in mm, contributions beyond 4 bandwidths
    on an axis left out; density in touches per mm^2."""
    ppm = device["px_per_mm"]
    xs = points_px[:, 0] / ppm
    ys = points_px[:, 1] / ppm
    n = len(xs)
    if bandwidth_mm is None:
        hx = xs.std(ddof=1) * n ** (-1 / 6)
        hy = ys.std(ddof=1) * n ** (-1 / 6)
    else:
        hx = hy = bandwidth_mm
    if grid[0] == "mm":
        cell = grid[1] * ppm
        columns = math.ceil(device["width"] / cell)
        rows = math.ceil(device["height"] / cell)
        cx = grid_centres(device["width"], (columns, cell), ppm)
        cy = grid_centres(device["height"], (rows, cell), ppm)
    else:
        columns, rows = grid[1], grid[2]
        cx = grid_centres(device["width"], (columns, device["width"] / columns), ppm)
        cy = grid_centres(device["height"], (rows, device["height"] / rows), ppm)
    gx = cx / ppm
    gy = cy / ppm
    ux = (gx[None, :] - xs[:, None]) / hx
    uy = (gy[None, :] - ys[:, None]) / hy
    kx = np.where(np.abs(ux) <= 4, np.exp(-0.5 * ux**2) / (math.sqrt(2 * math.pi) * hx), 0.0)
    ky = np.where(np.abs(uy) <= 4, np.exp(-0.5 * uy**2) / (math.sqrt(2 * math.pi) * hy), 0.0)
    density = ky.T @ kx / n  # rows x columns
    # The same sum without truncation: it differs by less than the kernel's tails.
    fx = np.exp(-0.5 * ux**2) / (math.sqrt(2 * math.pi) * hx)
    fy = np.exp(-0.5 * uy**2) / (math.sqrt(2 * math.pi) * hy)
    untruncated = fy.T @ fx / n
    # scipy's gaussian_kde on the same points (full covariance, Scott's factor n^(-1/6)):
    # it differs from the product kernel by the correlation of x and y, recorded here only.
    kde = stats.gaussian_kde(np.vstack([xs, ys]), bw_method="scott")
    mx, my = np.meshgrid(gx, gy)
    scipy_density = kde(np.vstack([mx.ravel(), my.ravel()])).reshape(rows, columns)
    peak = np.unravel_index(np.argmax(density), density.shape)
    return {
        "n": n,
        "bandwidth_x_mm": hx,
        "bandwidth_y_mm": hy,
        "columns": columns,
        "rows": rows,
        "x_mm": gx.tolist(),
        "y_mm": gy.tolist(),
        "density": density.ravel().tolist(),
        "max_abs_difference_untruncated": float(np.abs(density - untruncated).max()),
        "scipy_full_covariance_max_abs_difference": float(np.abs(density - scipy_density).max()),
        "correlation_xy": float(np.corrcoef(xs, ys)[0, 1]),
        "peak_column": int(peak[1]),
        "peak_row": int(peak[0]),
        "peak_density": float(density.max()),
    }


def density_reference():
    small = pd.read_csv(os.path.join(ROOT, "Datasets/thumb-reach/small.csv"))
    points = small[["touch_x", "touch_y"]].to_numpy(dtype=float)
    return {
        "rows_used": "every row of Datasets/thumb-reach/small.csv (device small, 326 ppi)",
        "scott_1mm": density_scenario(points, SMALL, None, ("mm", 1.0)),
        "bandwidth3_grid20x30": density_scenario(points, SMALL, 3.0, ("cells", 20, 30)),
    }


# ---------------------------------------------------------------- direction

SECTORS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def direction_reference():
    small = pd.read_csv(os.path.join(ROOT, "Datasets/thumb-reach/small.csv"))
    dx = small["target_x"] - small["start_x"]
    dy = small["target_y"] - small["start_y"]
    # Compass bearing on the screen, y down: 0 = up (N), 90 = right (E), clockwise.
    bearing = np.degrees(np.arctan2(dx, -dy)) % 360
    small["sector"] = [SECTORS[int(((b + 22.5) % 360) // 45)] for b in bearing]
    small["ln_time"] = np.log(small["time_ms"])
    small["miss"] = 1 - small["hit"]
    sectors = []
    for name in SECTORS:
        rows = small[small["sector"] == name]
        if rows.empty:
            continue
        per = rows.groupby("participant")["ln_time"].mean()
        geo, low, high = geomean_across(np.exp(per.to_numpy()))
        misses = int(rows["miss"].sum())
        ci = adjusted_wald(misses, len(rows))
        sectors.append({
            "sector": name, "trials": len(rows), "participants": int(rows["participant"].nunique()),
            "time_geomean": geo, "time_ci_low": low, "time_ci_high": high,
            "error_rate": misses / len(rows), "error_ci_low": ci[0], "error_ci_high": ci[1],
        })
    nwse = small[small["sector"].isin(["NW", "SE"])].groupby("participant")
    nesw = small[small["sector"].isin(["NE", "SW"])].groupby("participant")
    time_nwse = nwse["ln_time"].mean()
    time_nesw = nesw["ln_time"].mean()
    error_nwse = nwse["miss"].mean()
    error_nesw = nesw["miss"].mean()
    participants = sorted(set(time_nwse.index) & set(time_nesw.index))
    a = time_nwse[participants].to_numpy()
    b = time_nesw[participants].to_numpy()
    t = stats.ttest_rel(a, b)
    ci = t.confidence_interval(0.95)
    diff = a - b
    return {
        "rows_used": "every row of Datasets/thumb-reach/small.csv (device small)",
        "sectors": sectors,
        "participants": participants,
        "ln_time_nwse": a.tolist(),
        "ln_time_nesw": b.tolist(),
        "error_nwse": error_nwse[participants].tolist(),
        "error_nesw": error_nesw[participants].tolist(),
        "time_test": {
            "t": float(t.statistic), "df": float(t.df), "p": float(t.pvalue),
            "ratio": math.exp(diff.mean()), "ratio_ci_low": math.exp(ci.low), "ratio_ci_high": math.exp(ci.high),
            "d_z": float(diff.mean() / diff.std(ddof=1)),
        },
        "error_test": wilcoxon_r_default(
            error_nwse[participants].to_numpy(), error_nesw[participants].to_numpy(), "two-sided"),
    }


# ---------------------------------------------------------------- target size

REFERENCE_SIZES = {"parhi_2006_mm": 9.2, "apple_44pt_mm": 44 / 163 * 25.4, "material_48dp_mm": 48 / 160 * 25.4}


def holm(p):
    order = np.argsort(p)
    adjusted = np.empty(len(p))
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p) - rank) * p[index]))
        adjusted[index] = running
    return adjusted


def target_size_reference():
    trials = pd.read_csv(os.path.join(ROOT, "Datasets/thumbspace-vs-shift/trials.csv"))
    # Sizes from the target_size_mm factor; the same sizes come out of the smaller target
    # side through the device (163 ppi), rounded to 0.1 mm.
    side = np.minimum(trials["target_w"], trials["target_h"]) / PHONE35["px_per_mm"]
    from_px = np.round(side, 1)
    assert (np.abs(from_px - trials["target_size_mm"]) < 1e-9).all()
    trials["size"] = trials["target_size_mm"].astype(float)
    trials["miss"] = 1 - trials["hit"]
    trials["ln_time"] = np.log(trials["time_ms"])
    sizes = []
    for size, rows in sorted(trials.groupby("size"), key=lambda item: item[0]):
        per = rows.groupby("participant")["ln_time"].mean()
        geo, low, high = geomean_across(np.exp(per.to_numpy()))
        misses = int(rows["miss"].sum())
        ci = adjusted_wald(misses, len(rows))
        sizes.append({
            "size_mm": size, "trials": len(rows), "participants": int(rows["participant"].nunique()),
            "error_rate": misses / len(rows), "error_ci_low": ci[0], "error_ci_high": ci[1],
            "time_geomean": geo, "time_ci_low": low, "time_ci_high": high,
        })
    model = sm.Logit(trials["miss"].to_numpy(), sm.add_constant(trials["size"].to_numpy())).fit(
        disp=False, tol=1e-12, maxiter=100)
    b0, b1 = model.params
    covariance = model.cov_params()
    curve_sizes = [2.0, 5.0, 9.2]
    curve = []
    for x in curve_sizes:
        eta = b0 + b1 * x
        se = math.sqrt(covariance[0, 0] + 2 * x * covariance[0, 1] + x * x * covariance[1, 1])
        expit = lambda v: 1 / (1 + math.exp(-v))
        curve.append({"size_mm": x, "error": expit(eta), "ci_low": expit(eta - Z95 * se),
                      "ci_high": expit(eta + Z95 * se)})
    logistic = {
        "intercept": b0, "slope": b1, "intercept_se": model.bse[0], "slope_se": model.bse[1],
        "intercept_z": model.tvalues[0], "slope_z": model.tvalues[1],
        "intercept_p": model.pvalues[0], "slope_p": model.pvalues[1],
        "log_likelihood": model.llf, "size_at_5_percent": (math.log(0.05 / 0.95) - b0) / b1,
        "size_at_1_percent": (math.log(0.01 / 0.99) - b0) / b1,
        "curve": curve,
    }
    per = trials.groupby(["participant", "size"])["miss"].mean().unstack()
    largest = max(per.columns)
    tests = []
    for size in sorted(per.columns):
        if size == largest:
            continue
        both = per[[size, largest]].dropna()
        result = wilcoxon_r_default(both[size].to_numpy(), both[largest].to_numpy(), "greater")
        result["size_mm"] = size
        result["participants"] = len(both)
        tests.append(result)
    adjusted = holm(np.array([test["p"] for test in tests]))
    for test, p in zip(tests, adjusted):
        test["p_holm"] = float(p)
    passing = [test["size_mm"] for test in tests if test["p_holm"] >= 0.05]
    significant = [test["size_mm"] for test in tests if test["p_holm"] < 0.05]
    smallest = min([s for s in passing if all(s > t for t in significant)] + [largest])
    return {
        "rows_used": "every row of Datasets/thumbspace-vs-shift/trials.csv (every attempt, every block)",
        "sizes": sizes,
        "logistic": logistic,
        "threshold_tests": tests,
        "largest_size": largest,
        "smallest_not_above_largest": smallest,
        "reference_sizes": REFERENCE_SIZES,
    }


def main():
    result = {
        "tools": {"numpy": np.__version__, "pandas": pd.__version__, "scipy": scipy.__version__,
                  "statsmodels": statsmodels.__version__},
        "density": density_reference(),
        "direction": direction_reference(),
        "target_size": target_size_reference(),
    }
    with open(os.path.join(HERE, "spatial.json"), "w") as out:
        json.dump(result, out, indent=1, sort_keys=False)
        out.write("\n")


if __name__ == "__main__":
    main()
