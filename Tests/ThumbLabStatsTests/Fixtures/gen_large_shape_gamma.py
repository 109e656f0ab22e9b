"""Regularized incomplete gamma P(a, x) and Q(a, x) for huge shapes (a from 1e12 to 1e24),
where series and continued fractions need millions of terms, by direct quadrature of the
density in 40-digit arithmetic (mpmath): the integrand t^(a-1) e^(-t) / Gamma(a), taken in
log space, is integrated from x over 40 standard deviations on either side in panels of
0.2 standard deviations; what lies beyond is below e^-800 of the peak. Checked the same way
at a = 1e6 against mpmath's own gammainc: within 2e-8 relative at 30 standard deviations
out, 1e-30 near the centre. scipy's gammainc is not used: at these shapes it loses up to
all of its digits in the lower tail.

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_large_shape_gamma.py
"""

import json
from pathlib import Path

import mpmath as mp

mp.mp.dps = 40


def tails(shape, x):
    """(P, Q) at x by quadrature of the density over 40 standard deviations each way."""
    sd = mp.sqrt(shape)
    log_norm = mp.loggamma(shape)

    def density(t):
        return mp.exp((shape - 1) * mp.log(t) - t - log_norm)

    start = max(mp.mpf(0), x - 40 * sd)
    lower = mp.quad(density, mp.linspace(start, x, 201)) if x > start else mp.mpf(0)
    upper = mp.quad(density, mp.linspace(x, x + 40 * sd, 201))
    return lower, upper


cases = []
for a in ["1e12", "3.5e13", "1e15", "1e20", "1e24"]:
    shape = mp.mpf(float(a))  # the double Swift is given
    for k in [-30, -5, -1, -0.01, 0, 0.3, 2, 8, 30]:
        # x rounded to a double first, so that Swift evaluates at exactly this x.
        x = mp.mpf(float(shape + k * mp.sqrt(shape)))
        lower, upper = tails(shape, x)
        cases.append({"a": float(shape), "x": float(x), "p": float(lower), "q": float(upper)})

out = {"generator": "gen_large_shape_gamma.py", "versions": {"mpmath": mp.__version__}, "cases": cases}
Path(__file__).with_name("large_shape_gamma.json").write_text(json.dumps(out, indent=1) + "\n")
