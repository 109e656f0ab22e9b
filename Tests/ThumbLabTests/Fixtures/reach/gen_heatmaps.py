"""Reference heatmap cells for ThumbLab's tests, computed with numpy, pandas and
statsmodels from the bundled CSV files (not from ThumbLab's database).

Run from the package root:  python3 Tests/ThumbLabTests/Fixtures/reach/gen_heatmaps.py
Writes heatmaps.json beside this script.
"""
import json
import math
import os

import numpy as np
import pandas as pd
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
DEVICES = {  # name: (width px, height px, ppi)
    "small": (640, 1136, 326),
    "large": (1080, 2340, 401),
    "phone-3.5in": (320, 480, 163),
}


def bins(values, low, high, step, count):
    """Column (row) of each value: floor((v - low) / step), the far edge in the last; -1 outside."""
    values = np.asarray(values, dtype=float)
    index = np.floor((values - low) / step).astype(int)
    index = np.minimum(index, count - 1)
    index[(values < low) | (values > high)] = -1
    return index


def grid_of(device, grid):
    width, height, ppi = DEVICES[device]
    if "cell_mm" in grid:
        side = grid["cell_mm"] * ppi / 25.4
        return width, height, side, side, int(math.ceil(width / side)), int(math.ceil(height / side))
    cols, rows = grid["columns"], grid["rows"]
    return width, height, width / cols, height / rows, cols, rows


def heatmap(frame, device, grid, position, min_n):
    width, height, cw, ch, cols, rows = grid_of(device, grid)
    ppmm = DEVICES[device][2] / 25.4
    x = frame[f"{position}_x"].to_numpy()
    y = frame[f"{position}_y"].to_numpy()
    frame = frame.assign(col=bins(x, 0, width, cw, cols), row=bins(y, 0, height, ch, rows))
    placed = frame[(frame.col >= 0) & (frame.row >= 0)]
    cells = []
    for row in range(rows):
        for col in range(cols):
            cell = placed[(placed.col == col) & (placed.row == row)]
            n = len(cell)
            hits = int(cell.hit.sum())
            entry = {
                "col": col, "row": row, "x0": col * cw, "y0": row * ch,
                "x1": width if col == cols - 1 else min(width, (col + 1) * cw),
                "y1": height if row == rows - 1 else min(height, (row + 1) * ch),
                "n": n, "hits": hits, "participants": int(cell.participant.nunique()),
                "shown": bool(n > 0 and n >= min_n),
            }
            if entry["shown"]:
                misses = n - hits
                low, high = proportion_confint(misses, n, alpha=0.05, method="agresti_coull")
                dx = (cell.touch_x - cell.target_x).to_numpy()
                dy = (cell.touch_y - cell.target_y).to_numpy()
                entry.update({
                    "error_rate": misses / n, "error_ci_low": max(0.0, low), "error_ci_high": min(1.0, high),
                    "time_median": float(np.median(cell.time_ms)),
                    "time_geomean": float(np.exp(np.mean(np.log(cell.time_ms)))),
                    "offset_dx": float(dx.mean()), "offset_dy": float(dy.mean()),
                    "offset_dx_mm": float(dx.mean() / ppmm), "offset_dy_mm": float(dy.mean() / ppmm),
                })
            cells.append(entry)
    left = len(frame) - len(placed)
    return {"columns": cols, "rows": rows, "cell_width": cw, "cell_height": ch, "outside": int(left), "cells": cells}


def reach_zone(scenario, tolerance):
    """Cells whose geometric-mean time is within `tolerance` of the fastest cell's and whose
    error rate is not above the upper interval end of the most accurate cell (ties: most trials)."""
    rated = [c for c in scenario["cells"] if c["shown"]]
    fastest = min(c["time_geomean"] for c in rated)
    best = min(rated, key=lambda c: (c["error_rate"], -c["n"]))
    zone = [c["shown"] and c["time_geomean"] <= fastest * (1 + tolerance) and c["error_rate"] <= best["error_ci_high"]
            for c in scenario["cells"]]
    area = scenario["cells"][-1]["x1"] * scenario["cells"][-1]["y1"]
    covered = sum((c["x1"] - c["x0"]) * (c["y1"] - c["y0"]) for c, inside in zip(scenario["cells"], zone) if inside)
    return {"in_zone": zone, "fastest_time": fastest, "error_limit": best["error_ci_high"], "share": covered / area}


def first_attempts(frame, keys):
    return frame.groupby(keys, sort=False).head(1)


def wilcoxon_like_r(a, b):
    """R's wilcox.test(paired = TRUE): exact under 50 pairs without ties or zeros, else normal with continuity correction."""
    # Proportions are misses / trials, so that equal fractions are equal doubles and their
    # differences tie exactly as in ThumbLab (ties are exact equality in R and ThumbLab).
    d = np.asarray(a) - np.asarray(b)
    nonzero = d[d != 0]
    ties = len(np.unique(np.abs(nonzero))) < len(nonzero)
    exact = len(nonzero) < 50 and not ties and len(nonzero) == len(d)
    result = stats.wilcoxon(d, zero_method="wilcox", correction=not exact, method="exact" if exact else "approx")
    ranks = stats.rankdata(np.abs(nonzero))
    return float(ranks[nonzero > 0].sum()), float(result.pvalue)


def difference(frame, device, grid, factor, a, b, measure, min_n):
    width, height, cw, ch, cols, rows = grid_of(device, grid)
    frame = frame.assign(
        col=bins(frame.target_x, 0, width, cw, cols), row=bins(frame.target_y, 0, height, ch, rows))
    cells, ps = [], []
    for row in range(rows):
        for col in range(cols):
            cell = frame[(frame.col == col) & (frame.row == row)]
            ca, cb = cell[cell[factor] == a], cell[cell[factor] == b]
            entry = {"col": col, "row": row, "n_a": len(ca), "n_b": len(cb)}
            entry["shown"] = bool(len(ca) >= max(1, min_n) and len(cb) >= max(1, min_n))
            if entry["shown"]:
                if measure == "time":
                    entry["value_a"] = float(np.exp(np.log(ca.time_ms).mean()))
                    entry["value_b"] = float(np.exp(np.log(cb.time_ms).mean()))
                    pa = ca.groupby("participant").time_ms.apply(lambda t: np.log(t).mean())
                    pb = cb.groupby("participant").time_ms.apply(lambda t: np.log(t).mean())
                else:
                    entry["value_a"] = int((ca.hit == 0).sum()) / len(ca)
                    entry["value_b"] = int((cb.hit == 0).sum()) / len(cb)
                    entry["difference"] = entry["value_a"] - entry["value_b"]
                    pa = ca.groupby("participant").hit.apply(lambda h: int((h == 0).sum()) / len(h))
                    pb = cb.groupby("participant").hit.apply(lambda h: int((h == 0).sum()) / len(h))
                both = pa.index.intersection(pb.index)
                entry["pairs"] = len(both)
                x, y = pa[both].to_numpy(), pb[both].to_numpy()
                if len(both) >= 2 and np.any(x - y != 0) and (measure == "error" or np.std(x - y) > 0):
                    if measure == "time":
                        t = stats.ttest_rel(x, y)
                        ci = t.confidence_interval(0.95)
                        entry.update({"difference": float(np.exp(np.mean(x - y))), "ci_low": float(np.exp(ci.low)),
                                      "ci_high": float(np.exp(ci.high)), "statistic": float(t.statistic),
                                      "df": float(t.df), "p": float(t.pvalue)})
                    else:
                        w, p = wilcoxon_like_r(x, y)
                        entry.update({"statistic": w, "p": p})
                    ps.append(entry)
            cells.append(entry)
    if ps:
        adjusted = multipletests([e["p"] for e in ps], method="holm")[1]
        for entry, p in zip(ps, adjusted):
            entry["p_adjusted"] = float(p)
            entry["differs"] = bool(p < 0.05)
    return {"columns": cols, "rows": rows, "tested": len(ps), "cells": cells}


def main():
    reach = {name: pd.read_csv(os.path.join(ROOT, "Datasets", "thumb-reach", f"{name}.csv")) for name in ("small", "large")}
    edges = pd.read_csv(os.path.join(HERE, "edges.csv"))
    shift = pd.read_csv(os.path.join(ROOT, "Datasets", "thumbspace-vs-shift", "trials.csv"))
    scenarios = {
        "small_target_4x7": heatmap(reach["small"], "small", {"columns": 4, "rows": 7}, "target", 5),
        "small_target_8x14_edges": heatmap(reach["small"], "small", {"columns": 8, "rows": 14}, "target", 5),
        "small_touch_5x9_min20": heatmap(reach["small"], "small", {"columns": 5, "rows": 9}, "touch", 20),
        "large_touch_10mm": heatmap(reach["large"], "large", {"cell_mm": 10}, "touch", 5),
        "edges_target_4x4": heatmap(edges, "small", {"columns": 4, "rows": 4}, "target", 1),
        "edges_touch_4x4": heatmap(edges, "small", {"columns": 4, "rows": 4}, "touch", 1),
    }
    for block in (1, 3):
        frame = reach["large"][reach["large"].block == block]
        scenarios[f"large_target_4x7_block{block}"] = heatmap(frame, "large", {"columns": 4, "rows": 7}, "target", 5)
    scenarios["zone_small_4x7"] = reach_zone(scenarios["small_target_4x7"], 0.10)
    scenarios["zone_large_4x7_tolerance20"] = reach_zone(
        heatmap(reach["large"], "large", {"columns": 4, "rows": 7}, "target", 5), 0.20)
    keys = ["participant", "technique", "target_size_mm", "mobility", "block", "trial"]
    main_blocks = shift  # trials.csv holds blocks 1 to 3 only; practice is in touches.csv
    scenarios["diff_time_thumbspace_direct_4x6"] = difference(
        main_blocks, "phone-3.5in", {"columns": 4, "rows": 6}, "technique", "ThumbSpace", "Direct", "time", 5)
    scenarios["diff_error_shift_direct_3x4"] = difference(
        main_blocks, "phone-3.5in", {"columns": 3, "rows": 4}, "technique", "Shift", "Direct", "error", 5)
    scenarios["diff_time_first_attempts_2x3"] = difference(
        first_attempts(main_blocks, keys), "phone-3.5in", {"columns": 2, "rows": 3}, "technique", "Shift", "Direct",
        "time", 5)
    output = {
        "tools": {"numpy": np.__version__, "pandas": pd.__version__, "scipy": scipy.__version__,
                  "statsmodels": statsmodels.__version__},
        "scenarios": scenarios,
    }
    with open(os.path.join(HERE, "heatmaps.json"), "w") as handle:
        json.dump(output, handle, indent=1, sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main()
