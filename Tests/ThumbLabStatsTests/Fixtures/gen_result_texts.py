"""Reference figures and APA strings for the result texts of Tukey's HSD and the two regressions.

scipy's tukey_hsd and linregress and statsmodels' Logit give the figures; the APA strings are
formatted here from them by the papaja rules (two decimals for statistics, three without the
leading zero for p, "p < .001" below .001). Seeded; rewrites result_texts.json exactly:

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_result_texts.py
"""
import json
import pathlib

import numpy as np
import statsmodels.api as sm
from scipy import stats


def value(x, digits=2):
    text = f"{x:.{digits}f}"
    return "0." + "0" * digits if text == "-0." + "0" * digits else text


def unit(x, digits=3):
    text = value(x, digits)
    if text.startswith("0."):
        return text[1:]
    if text.startswith("-0."):
        return "-" + text[2:]
    return text


def p_text(p):
    if p < 0.001:
        return "p < .001"
    if p > 0.999:
        return "p > .999"
    return "p = " + unit(p, 3)


rng = np.random.default_rng(20261130)
cases = {"tukey": [], "linear": [], "logistic": []}

for _ in range(6):
    sizes = rng.integers(4, 12, size=rng.integers(3, 6))
    samples = [rng.normal(rng.normal(10, 1.5), 2.0, size=n).round(3) for n in sizes]
    labels = [f"g{i}" for i in range(len(samples))]
    result = stats.tukey_hsd(*samples)
    interval = result.confidence_interval(0.95)
    total = sum(len(s) for s in samples)
    mse = sum(((s - s.mean()) ** 2).sum() for s in samples) / (total - len(samples))
    comparisons = []
    for i in range(len(samples)):
        for j in range(i + 1, len(samples)):
            difference = samples[i].mean() - samples[j].mean()
            se = np.sqrt(mse / 2 * (1 / len(samples[i]) + 1 / len(samples[j])))
            q = abs(difference) / se
            p = float(result.pvalue[i, j])
            low, high = float(interval.low[i, j]), float(interval.high[i, j])
            apa = (f"M_diff = {value(difference)}, CI [{value(low)}, {value(high)}], "
                   f"q = {value(q)}, {p_text(p)}")
            comparisons.append({"a": labels[i], "b": labels[j], "q": q, "p": p, "apa": apa})
    cases["tukey"].append({
        "values": [float(v) for s in samples for v in s],
        "groups": [labels[i] for i, s in enumerate(samples) for _ in s],
        "comparisons": comparisons,
    })

for _ in range(6):
    n = int(rng.integers(5, 40))
    x = rng.uniform(1, 5, size=n).round(3)
    y = (0.2 + rng.uniform(-0.5, 0.5) * x + rng.normal(0, 0.4, size=n)).round(4)
    fit = stats.linregress(x, y)
    apa = (f"b = {value(fit.slope)}, SE = {value(fit.stderr)}, R² = {unit(fit.rvalue ** 2, 2)}, "
           f"{p_text(fit.pvalue)}")
    cases["linear"].append({"x": x.tolist(), "y": y.tolist(), "slope": fit.slope, "p": fit.pvalue, "apa": apa})

while len(cases["logistic"]) < 6:
    n = int(rng.integers(30, 120))
    x = rng.uniform(2, 12, size=n).round(2)
    probability = 1 / (1 + np.exp(-(1.5 - rng.uniform(0.1, 0.6) * x)))
    y = rng.uniform(size=n) < probability
    if y.all() or not y.any():
        continue
    fit = sm.Logit(y.astype(float), sm.add_constant(x)).fit(disp=0, tol=1e-12, maxiter=200)
    slope, se, z, p = fit.params[1], fit.bse[1], fit.tvalues[1], fit.pvalues[1]
    apa = f"b = {value(slope)}, SE = {value(se)}, z = {value(z)}, {p_text(p)}"
    cases["logistic"].append({"x": x.tolist(), "y": y.astype(int).tolist(), "slope": slope, "p": p, "apa": apa})

path = pathlib.Path(__file__).with_name("result_texts.json")
path.write_text(json.dumps(cases, indent=1) + "\n")
