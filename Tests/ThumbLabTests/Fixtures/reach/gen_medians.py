"""Median reference for the heatmap's per-cell time sample: seeded samples of times and
their medians by numpy (numpy.median: the middle value, or the mean of the two middle
values). Run from the package root; writes medians.json beside this script."""

import json
import pathlib

import numpy as np

rng = np.random.default_rng(20260601)


def tenths(values):
    """Times as logged in ms with one decimal."""
    return [round(float(v), 1) for v in values]


def lognormal(count):
    return rng.lognormal(mean=6.6, sigma=0.35, size=count)


samples = {
    "single": [742.3],
    "pair": [700.1, 700.4],
    "odd_tenths": tenths(lognormal(101)),
    "even_tenths": tenths(lognormal(100)),
    "whole_ms": [float(v) for v in rng.integers(300, 3000, size=250)],
    "three_levels_even": [float(v) for v in rng.choice([500.0, 600.0, 700.0], size=1000)],
    "equal_middles": [650.5] * 40 + tenths(lognormal(30) + 700) + tenths(600 - lognormal(30) / 10),
    "ascending": sorted(tenths(lognormal(501))),
    "descending": sorted(tenths(lognormal(500)), reverse=True),
    "organ_pipe": sorted(tenths(lognormal(200))) + sorted(tenths(lognormal(201)), reverse=True),
    "negative_and_zero": tenths(rng.normal(0, 50, size=120)) + [0.0, 0.0],
    # Not whole tenths from the 61st time on: the sample turns to doubles midway.
    "finer_midway": tenths(lognormal(60)) + [812.345] + [float(v) for v in lognormal(59)],
    # Beyond 32-bit tenths: doubles from the first of them.
    "beyond_tenths": tenths(lognormal(20)) + [3.5e8, 2.25e9] + tenths(lognormal(21)),
    "large_odd": tenths(lognormal(20_001)),
    "large_even_few_levels": [float(v) for v in rng.integers(400, 420, size=20_000)],
}

reference = {
    "samples": {name: {"values": values, "median": float(np.median(values))} for name, values in samples.items()},
    "tools": {"numpy": np.__version__},
}
path = pathlib.Path(__file__).with_name("medians.json")
path.write_text(json.dumps(reference, sort_keys=True) + "\n")
print(f"wrote {path}: {len(samples)} samples")
