"""Reference results for the Kruskal-Wallis H test.

Draws seeded random one-way designs (2 to 6 groups of 1 to 30 values, equal and unequal
sizes; continuous values, rounded times with occasional ties, and ordinal ratings and
small counts with many ties; some with large shifts for p-values far in the tail) and
records scipy.stats.kruskal (H corrected for ties, p from chi-square with k - 1 df), the
mean rank of each group (scipy.stats.rankdata, average ties), and H computed exactly in
rational arithmetic (ranks are multiples of 1/2, so H is a ratio of integers) and rounded
once to a double, as an independent check of scipy's floating-point H.

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_kruskal.py

rewrites kruskal.json beside this script exactly (seed 20260611).
"""

import json
import pathlib
from fractions import Fraction

import numpy as np
import scipy
import scipy.stats as ss

SEED = 20260611
CASES = 60


def sizes(rng, k, index):
    if index % 5 == 0:
        # equal sizes
        return [int(rng.integers(1, 31))] * k
    if index % 5 == 1:
        # small and very unequal, singletons allowed
        return [int(rng.integers(1, 6)) for _ in range(k)]
    return [int(rng.integers(1, 31)) for _ in range(k)]


def draw_once(rng, index):
    k = int(rng.integers(2, 7))
    ns = sizes(rng, k, index)
    scale = 3.0 if index % 10 == 9 else 0.6
    shift = rng.normal(0, scale, size=k)
    kind = index % 4
    samples = []
    for n, s in zip(ns, shift):
        if kind == 0:
            # continuous: no ties
            values = rng.normal(s, 1.0, size=n)
        elif kind == 1:
            # ordinal ratings 1..7: many ties
            values = np.clip(np.rint(rng.normal(4 + 1.5 * s, 1.5, size=n)), 1, 7)
        elif kind == 2:
            # task times rounded to 0.1 s: occasional ties
            values = np.round(np.exp(rng.normal(1 + 0.2 * s, 0.4, size=n)), 1)
        else:
            # error counts 0..4: heavy ties
            values = np.clip(np.rint(rng.normal(1.5 + s, 1.0, size=n)), 0, 4)
        samples.append([float(v) for v in values])
    return samples


def draw(rng, index):
    while True:
        samples = draw_once(rng, index)
        pooled = [v for sample in samples for v in sample]
        if len(set(pooled)) > 1:
            return samples


def exact_h(samples):
    """Tie-corrected H in exact rational arithmetic, rounded once to a double."""
    pooled = [v for sample in samples for v in sample]
    ordered = sorted(pooled)
    rank = {}
    tie_sum = 0
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and ordered[end + 1] == ordered[start]:
            end += 1
        rank[ordered[start]] = Fraction(start + end + 2, 2)
        t = end - start + 1
        tie_sum += t * t * t - t
        start = end + 1
    n = len(pooled)
    between = sum(Fraction(sum((rank[v] for v in sample), Fraction(0)) ** 2, len(sample)) for sample in samples)
    h = Fraction(12, n * (n + 1)) * between - 3 * (n + 1)
    correction = 1 - Fraction(tie_sum, n * n * n - n)
    return float(h / correction)


def case(samples):
    statistic, p = ss.kruskal(*samples)
    pooled = np.concatenate([np.asarray(sample) for sample in samples])
    ranks = ss.rankdata(pooled)
    mean_ranks = []
    start = 0
    for sample in samples:
        mean_ranks.append(float(np.mean(ranks[start : start + len(sample)])))
        start += len(sample)
    return {
        "samples": samples,
        "scipy_h": float(statistic),
        "scipy_p": float(p),
        "exact_h": exact_h(samples),
        "mean_ranks": mean_ranks,
    }


def main():
    rng = np.random.default_rng(SEED)
    cases = [case(draw(rng, index)) for index in range(CASES)]
    out = {
        "generator": "gen_kruskal.py",
        "seed": SEED,
        "tools": {"scipy": scipy.__version__, "numpy": np.__version__},
        "cases": cases,
    }
    path = pathlib.Path(__file__).with_name("kruskal.json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
