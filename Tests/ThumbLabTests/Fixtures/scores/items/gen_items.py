"""A wide questionnaire sheet of two Likert items answered after each technique, as a
hand-made sheet holds it, and what scipy computes for the item `ease`.

sheet.csv      participant, technique, ease, confidence (1-7)
expected.json  per technique the mean of the participants' answers to `ease`; the paired
               t-test (scipy.stats.ttest_rel) and the Wilcoxon signed-rank test
               (scipy.stats.wilcoxon, zero differences dropped as Wilcoxon's original test,
               normal approximation with continuity correction) of technique B against A
"""
import json
import numpy as np
import pandas as pd
from scipy import stats

rng = np.random.default_rng(41)
rows = []
for p in range(1, 15):
    base = rng.integers(3, 6)
    for technique, shift in [("A", 0), ("B", 1)]:
        rows.append(dict(participant=f"P{p:02d}", technique=technique,
                         ease=int(np.clip(base + shift + rng.integers(-1, 2), 1, 7)),
                         confidence=int(rng.integers(1, 8))))
sheet = pd.DataFrame(rows)
sheet.to_csv("sheet.csv", index=False)
wide = sheet.pivot(index="participant", columns="technique", values="ease")
t = stats.ttest_rel(wide["A"], wide["B"])
w = stats.wilcoxon(wide["A"], wide["B"], zero_method="wilcox", correction=True, method="approx")
expected = {"A": float(wide["A"].mean()), "B": float(wide["B"].mean()),
            "t": float(t.statistic), "t_p": float(t.pvalue), "w_p": float(w.pvalue)}
json.dump(expected, open("expected.json", "w"), indent=1)
