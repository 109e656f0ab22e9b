"""Writes a dragging-study trial log as pandas writes it: two techniques, trial counters,
and continuous columns (angle, tilt, distance) that are measures, not factors; the
per-technique means pandas computes from the same rows; and the paired t-test of the
participants' mean distance by technique (scipy), as `compare --measure log:distance` runs it;
and the cleaning of a kept number, as `excluded --measure log:tilt --trials hits --outliers sd:2`
and `compare --measure log:tilt` with those steps apply it: misses leave, then within each
participant and technique the tilts more than 2 SDs (n - 1) from their mean.

    python3 gen_numbers.py   # writes drags.csv and expected.json
"""
import json

import numpy as np
import pandas as pd
from scipy import stats

rng = np.random.default_rng(4)
rows = []
for p in range(1, 5):
    for technique in ["hinge", "flat"]:
        for trial in range(1, 16):
            angle = float(rng.choice(np.arange(0, 360, 7.5)))
            rows.append(
                {
                    "participant": f"P{p}",
                    "technique": technique,
                    "trial": trial,
                    "global_trial_number": len(rows) + 1,
                    "angle": angle,
                    "distance": round(float(rng.uniform(20, 90)), 3),
                    "tilt": round(float(rng.normal(500, 40)), 2),
                    "time": round(float(rng.lognormal(6.5, 0.3)), 1),
                    "hit": int(rng.random() > 0.1),
                }
            )
frame = pd.DataFrame(rows)
# One distance left empty: no number, no row in trial_value.
frame.loc[5, "distance"] = np.nan
frame.to_csv("drags.csv", index=False)

expected = {
    column: {t: float(g[column].mean()) for t, g in frame.groupby("technique")}
    for column in ["angle", "distance", "tilt", "global_trial_number"]
}
expected["rows"] = int(len(frame))
means = frame.groupby(["participant", "technique"])["distance"].mean().unstack()
test = stats.ttest_rel(means["hinge"], means["flat"])
expected["log_distance"] = {
    "hinge": float(means["hinge"].mean()),
    "flat": float(means["flat"].mean()),
    "t": float(test.statistic),
    "p": float(test.pvalue),
}
expected["distance_count"] = int(frame["distance"].count())
# Trials kept by --where distance=..50 --exclude trial=1-5 (a trial without a distance fails
# the --where), and by --exclude angle=90..270 alone (a trial without an angle stays).
kept = frame[(frame["distance"] <= 50) & ~frame["trial"].between(1, 5)]
expected["where_distance_exclude_trials"] = {t: int(len(g)) for t, g in kept.groupby("technique")}
expected["exclude_angles"] = {
    t: int(len(g)) for t, g in frame[~frame["angle"].between(90, 270)].groupby("technique")
}
# Cleaning log:tilt: hits only, then sd:2 within participant x technique over the hits
# (groups of fewer than 3 hits are left as they are).
hits = frame[frame["hit"] == 1].copy()
removed = []
kept_rows = []
for (participant, technique), group in hits.groupby(["participant", "technique"], sort=False):
    if len(group) >= 3:
        mean, sd = group["tilt"].mean(), group["tilt"].std(ddof=1)
        outlying = (group["tilt"] - mean).abs() > 2 * sd
    else:
        outlying = pd.Series(False, index=group.index)
    removed += [
        {"participant": participant, "technique": technique, "trial": int(row.trial), "tilt": float(row.tilt), "reason": "sd:2"}
        for row in group[outlying].itertuples()
    ]
    kept_rows.append(group[~outlying])
misses = frame[frame["hit"] == 0]
removed += [
    {"participant": row.participant, "technique": row.technique, "trial": int(row.trial), "tilt": float(row.tilt), "reason": "miss"}
    for row in misses.itertuples()
]
clean = pd.concat(kept_rows)
clean_means = clean.groupby(["participant", "technique"])["tilt"].mean().unstack()
clean_test = stats.ttest_rel(clean_means["hinge"], clean_means["flat"])
expected["cleaned_tilt"] = {
    "removed": sorted(removed, key=lambda r: (r["participant"], r["technique"], r["trial"])),
    "misses": int(len(misses)),
    "outliers": int(sum(1 for r in removed if r["reason"] == "sd:2")),
    "hinge": float(clean_means["hinge"].mean()),
    "flat": float(clean_means["flat"].mean()),
    "t": float(clean_test.statistic),
    "p": float(clean_test.pvalue),
}
with open("expected.json", "w") as out:
    json.dump(expected, out, indent=1, sort_keys=True)
    out.write("\n")
