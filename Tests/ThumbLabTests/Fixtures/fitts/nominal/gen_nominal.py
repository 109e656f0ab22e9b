"""A Fitts log with nominal amplitude and width only (no start, target or selection points),
as tapping apps write it, and the nominal analysis numpy computes from it.

log.csv        participant, technique, amplitude (a factor), width (px), time_ms, result
               (success/error); one sequence of 8 trials per participant x technique x A x W
expected.json  per technique: MT = a + b * ID fitted by least squares (numpy.linalg.lstsq) to
               one point per A x W (the mean of its sequences' mean MT), and throughput as the
               mean of participant means of sequence ID / MT (bits/s)
"""
import json
import numpy as np
import pandas as pd

rng = np.random.default_rng(7)
rows = []
for p in range(1, 7):
    for technique, slope in [("thumb", 160.0), ("stylus", 120.0)]:
        for A in [128, 256, 512]:
            for W in [16, 32, 64]:
                ID = np.log2(A / W + 1)
                for t in range(8):
                    mt = 180 + slope * ID + rng.normal(0, 40)
                    rows.append(dict(participant=f"P{p}", technique=technique, amplitude=A, width=W,
                                     time_ms=round(mt, 1),
                                     result="success" if rng.random() > 0.08 else "error"))
log = pd.DataFrame(rows)
log.to_csv("log.csv", index=False)

log["ID"] = np.log2(log.amplitude / log.width + 1)
seq = log.groupby(["participant", "technique", "amplitude", "width"], as_index=False).agg(
    MT=("time_ms", "mean"), ID=("ID", "first"))
seq["TP"] = seq.ID / (seq.MT / 1000)
expected = {}
for technique, cell in seq.groupby("technique"):
    points = cell.groupby(["amplitude", "width"], as_index=False).agg(MT=("MT", "mean"), ID=("ID", "first"))
    X = np.column_stack([np.ones(len(points)), points.ID])
    (a, b), *_ = np.linalg.lstsq(X, points.MT.to_numpy(), rcond=None)
    tp = cell.groupby("participant").TP.mean().mean()
    expected[technique] = dict(intercept=a, slope=b, throughput=tp, points=len(points))
json.dump(expected, open("expected.json", "w"), indent=2)
