"""Reference values for ThumbLabStats' descriptives, proportion intervals and p-value
adjustment, from numpy, scipy and statsmodels on seeded random samples.

Quantiles come from numpy's methods named after Hyndman & Fan's types (1 inverted_cdf ...
9 normal_unbiased); numpy has no tolerance for np landing on an order statistic, so every
quantile is also computed with a transcription of R's quantile.default and the case records
whether numpy agreed (the R value is the one kept). Adjusted-Wald intervals are computed from
their formula in numpy and compared with statsmodels' agresti_coull. Deterministic (seed
20261129); rewrites descriptives.json.

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_descriptives.py
"""

import json
import math
import os

import numpy as np
import scipy
import scipy.stats as st
import statsmodels
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261129)

NUMPY_METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
                 "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
                 "normal_unbiased"]


def r_quantile(x, p, kind):
    """R's quantile.default(x, p, type = kind) for one probability."""
    x = np.sort(np.asarray(x, dtype=float))
    n = len(x)
    fuzz = 4 * np.finfo(float).eps
    if kind <= 3:
        nppm = n * p - 0.5 if kind == 3 else n * p
        j = math.floor(nppm + fuzz)
        if kind == 1:
            h = 1.0 if nppm > j else 0.0
        elif kind == 2:
            h = 1.0 if nppm > j else 0.5
        else:
            h = 1.0 if (nppm != j or j % 2 == 1) else 0.0
    else:
        a, b = {4: (0, 1), 5: (0.5, 0.5), 6: (0, 0), 7: (1, 1), 8: (1 / 3, 1 / 3),
                9: (3 / 8, 3 / 8)}[kind]
        nppm = a + p * (n + 1 - a - b)
        j = math.floor(nppm + fuzz)
        h = nppm - j
        if abs(h) < fuzz:
            h = 0.0
    padded = np.concatenate([[x[0], x[0]], x, [x[-1], x[-1]]])
    lower, upper = padded[j + 1], padded[j + 2]
    if h == 0 or lower == upper:
        return float(lower)
    if h == 1:
        return float(upper)
    return float((1 - h) * lower + h * upper)


def draw_sample(index):
    n = int(rng.integers(3, 81))
    kind = index % 5
    if kind == 0:
        x = rng.normal(rng.uniform(-50, 50), rng.uniform(0.1, 20), n)
    elif kind == 1:
        x = rng.lognormal(rng.uniform(0, 3), rng.uniform(0.1, 1), n)
    elif kind == 2:
        x = rng.integers(1, 8, n).astype(float)  # Likert-like, many ties
    elif kind == 3:
        x = np.round(rng.gamma(2.0, 400.0, n), 0) + 1  # task times in ms, some ties
    else:
        x = rng.standard_t(3, n) * 5
    return [float(v) for v in x]


samples = []
numpy_disagreements = 0
for index in range(240):
    x = draw_sample(index)
    arr = np.asarray(x)
    n = len(x)
    level = float(rng.choice([0.95, 0.9, 0.99, round(float(rng.uniform(0.5, 0.999)), 3)]))
    probs = [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0, round(float(rng.uniform()), 4),
             (int(rng.integers(0, n + 1))) / n]
    quantiles = {}
    for kind in range(1, 10):
        values = []
        for p in probs:
            r_value = r_quantile(x, p, kind)
            numpy_value = float(np.quantile(arr, p, method=NUMPY_METHODS[kind - 1]))
            if not math.isclose(r_value, numpy_value, rel_tol=1e-12, abs_tol=1e-12):
                numpy_disagreements += 1
            values.append(r_value)
        quantiles[str(kind)] = values
    mean = float(np.mean(arr))
    sd = float(np.std(arr, ddof=1))
    se = sd / math.sqrt(n)
    low, high = st.t.interval(level, n - 1, loc=mean, scale=se)
    case = {
        "values": x, "level": level, "n": n, "mean": mean, "sd": sd,
        "variance": float(np.var(arr, ddof=1)), "se": float(st.sem(arr)),
        "median": float(np.median(arr)), "min": float(arr.min()), "max": float(arr.max()),
        "iqr": float(st.iqr(arr)), "ci_low": float(low), "ci_high": float(high),
        "probs": probs, "quantiles": quantiles,
        "trimmed": {str(t): float(st.trim_mean(arr, t)) for t in (0.05, 0.1, 0.2, 0.25, 0.4)},
    }
    if arr.min() > 0:
        logs = np.log(arr)
        log_low, log_high = st.t.interval(level, n - 1, loc=logs.mean(), scale=st.sem(logs))
        case["geomean"] = float(st.gmean(arr))
        case["geomean_low"] = float(math.exp(log_low))
        case["geomean_high"] = float(math.exp(log_high))
    samples.append(case)

proportions = []
agresti_coull_disagreements = 0
for index in range(220):
    n = int(rng.integers(1, 201)) if index % 4 else int(rng.integers(1, 16))
    x = int(rng.choice([0, n, int(rng.integers(0, n + 1))], p=[0.1, 0.1, 0.8]))
    level = float(rng.choice([0.95, 0.9, 0.99, round(float(rng.uniform(0.5, 0.999)), 3)]))
    z = st.norm.isf((1 - level) / 2)
    n_adj = n + z * z
    p_adj = (x + z * z / 2) / n_adj
    half = z * math.sqrt(p_adj * (1 - p_adj) / n_adj)
    wald = (max(0.0, p_adj - half), min(1.0, p_adj + half))
    ac = proportion_confint(x, n, alpha=1 - level, method="agresti_coull")
    if not (math.isclose(ac[0], wald[0], abs_tol=1e-12) and math.isclose(ac[1], wald[1], abs_tol=1e-12)):
        agresti_coull_disagreements += 1
    wilson = proportion_confint(x, n, alpha=1 - level, method="wilson")
    exact = proportion_confint(x, n, alpha=1 - level, method="beta")
    proportions.append({
        "successes": x, "trials": n, "level": level,
        "adjusted_wald": [float(v) for v in wald],
        "wilson": [float(v) for v in wilson],
        "clopper_pearson": [float(v) for v in exact],
    })

adjustments = []
METHODS = {"holm": "holm", "bonferroni": "bonferroni", "hochberg": "simes-hochberg",
           "BH": "fdr_bh", "BY": "fdr_by"}
for index in range(200):
    m = int(rng.integers(2, 31))
    p = rng.beta(0.4, 1.5, m)
    if index % 3 == 0:
        p[rng.integers(0, m, max(1, m // 4))] = p[0]  # ties
    if index % 7 == 0:
        p = p * 1e-6
    p = [float(v) for v in p]
    adjustments.append({
        "p": p,
        "adjusted": {name: [float(v) for v in multipletests(p, method=method)[1]]
                     for name, method in METHODS.items()},
    })

out = {
    "generator": "gen_descriptives.py", "numpy": np.__version__, "scipy": scipy.__version__,
    "statsmodels": statsmodels.__version__,
    "numpy_quantile_disagreements_with_r": numpy_disagreements,
    "agresti_coull_disagreements_with_adjusted_wald": agresti_coull_disagreements,
    "samples": samples, "proportions": proportions, "adjustments": adjustments,
}
with open(os.path.join(HERE, "descriptives.json"), "w") as handle:
    json.dump(out, handle, indent=1, allow_nan=False)
    handle.write("\n")
print(f"{len(samples)} samples, {len(proportions)} proportions, {len(adjustments)} p-vectors; "
      f"numpy/R quantile disagreements {numpy_disagreements}, "
      f"agresti_coull/adjusted-Wald disagreements {agresti_coull_disagreements}")
