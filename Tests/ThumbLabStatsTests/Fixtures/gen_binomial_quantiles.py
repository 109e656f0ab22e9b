"""Reference binomial quantiles (scipy.stats.binom.ppf) for the Swift tests.

Writes binomial_quantiles.json: seeded random (n, p, q) cases plus the edges where a
probability equals a cdf value exactly.

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_binomial_quantiles.py
"""
import json
import pathlib

import numpy as np
from scipy.stats import binom

rng = np.random.default_rng(20261129)
cases = []
for _ in range(200):
    n = int(rng.choice([1, 2, 5, 10, 30, 100, 1000, 100000]))
    p = float(rng.choice([0.001, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, float(rng.uniform(0, 1))]))
    q = float(rng.choice([1e-12, 1e-6, 0.001, 0.025, 0.05, 0.5, 0.95, 0.975, 0.999, float(rng.uniform(0, 1))]))
    cases.append({"n": n, "p": p, "q": q, "k": int(binom.ppf(q, n, p))})
for n, p in [(7, 0.5), (10, 0.3), (20, 0.9)]:
    for k in range(n):
        q = float(binom.cdf(k, n, p))
        cases.append({"n": n, "p": p, "q": q, "k": int(binom.ppf(q, n, p))})

out = pathlib.Path(__file__).with_name("binomial_quantiles.json")
out.write_text(json.dumps(cases, indent=1) + "\n")
