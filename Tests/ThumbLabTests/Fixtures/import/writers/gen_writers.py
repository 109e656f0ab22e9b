"""Trial logs in the shapes other tools write them, with reference counts computed by pandas.

Run from the package root (pandas and numpy from PyPI; R for the write.csv file):

    python3 Tests/ThumbLabTests/Fixtures/import/writers/gen_writers.py
    Rscript Tests/ThumbLabTests/Fixtures/import/writers/gen_writers.R
"""
import json
import pathlib

import numpy as np
import pandas as pd

here = pathlib.Path(__file__).parent
rng = np.random.default_rng(40)
rows = []
for p in range(1, 7):
    for technique in ["Direct", "Shift"]:
        for trial in range(1, 13):
            hit = bool(rng.random() > 0.2)
            rows.append(dict(participant=f"P{p:02d}", technique=technique, trial=trial,
                             time_ms=round(float(rng.lognormal(6.8, 0.2)), 1), hit=int(hit)))
base = pd.DataFrame(rows)
base.to_csv(here / "base.csv", index=False)

# pandas' to_csv after filtering: the index (row names 2, 3, ...) under an empty header.
kept = base[base.trial > 2]
kept.to_csv(here / "pandas_index.csv")
# Read back and written again: the old index becomes `Unnamed: 0`, a new index is added.
pd.read_csv(here / "pandas_index.csv").to_csv(here / "pandas_reread.csv")

# A tapping app's JSON Lines under .txt: outcome words, misses without a time.
with open(here / "tapping_results.txt", "w") as out:
    for row in rows:
        record = {"participant": row["participant"], "technique": row["technique"], "trial": row["trial"],
                  "result": "success" if row["hit"] else "error"}
        if row["hit"]:
            record["time_ms"] = row["time_ms"]
        out.write(json.dumps(record) + "\n")

# A logger's tab-separated file: comment lines, the header on the last of them.
with open(here / "comment_header.txt", "w") as out:
    out.write("[#]Log opened: Mon May 13 14:14:36 2019\n")
    out.write("[#]participant\ttechnique\ttrial\ttime_ms\thit\n")
    for row in rows:
        out.write(f"{row['participant']}\t{row['technique']}\t{row['trial']}\t{row['time_ms']}\t{row['hit']}\n")

# No header at all.
with open(here / "headerless.dat", "w") as out:
    for row in rows:
        out.write(f"{row['participant']},{row['technique']},{row['trial']},{row['time_ms']},{row['hit']}\n")


# A factor held as codes, as the CHI study's `type` 0/1/2, with the names pandas maps them to.
codes = {0: "FOLD", 1: "TOUCHFOLD", 2: "FOLDTOUCH"}
coded = base.assign(type=[trial % 3 for trial in base.trial]).drop(columns="technique")
coded.to_csv(here / "coded_levels.csv", index=False)
named = coded.assign(type=coded.type.map(codes))
coded_reference = {
    level: {"trials": int(len(g)), "misses": int((g.hit == 0).sum()), "time_sum": float(g.time_ms.sum())}
    for level, g in named.groupby("type")
}


def reference(frame):
    by = frame.groupby("technique")
    hits = frame[frame.hit == 1]
    return {
        "trials": int(len(frame)),
        "misses": int((frame.hit == 0).sum()),
        "by_technique": {
            t: {"trials": int(len(g)), "error_rate": float(1 - g.hit.mean()),
                "mean_time_of_hits": float(hits[hits.technique == t].time_ms.mean())}
            for t, g in by
        },
    }


r_kept = base[base.trial > 3]
json.dump({"all": reference(base), "pandas": reference(kept), "r": reference(r_kept), "coded": coded_reference},
          open(here / "expected.json", "w"), indent=1, sort_keys=True)
