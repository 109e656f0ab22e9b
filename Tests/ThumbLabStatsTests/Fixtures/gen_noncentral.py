"""Reference values for ThumbLabStats' noncentral t and noncentral F distributions.

The reference is mpmath at 30 significant digits, by a route independent of the series
ThumbLabStats sums:
- noncentral t: P(T <= t) = E[Phi(t sqrt(V/nu) - delta)] and P(T > t) = E[Phi(delta -
  t sqrt(V/nu))] with V ~ chi-square(nu), by quadrature over V;
- noncentral F: the Poisson mixture of regularized incomplete beta functions (Johnson, Kotz
  & Balakrishnan 1995, 30.5) evaluated in 30-digit arithmetic over every term above 1e-40.
R's pt(ncp =) / pf(ncp =) (run through Rscript) and scipy's nct / ncf are recorded beside
each case with their absolute error. R's pt switches to a normal approximation above
|delta| = 37.62 and R's pf(ncp =) stops its series at 1e-9, so those are recorded, not used.
Seeded; rewrites noncentral.json in a few minutes.

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_noncentral.py
"""

import csv
import io
import json
import os
import random
import subprocess

import mpmath as mp
import scipy
from scipy import stats

mp.mp.dps = 30
HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(31)


def chi_density(nu):
    logc = -(nu / 2) * mp.log(2) - mp.loggamma(nu / 2)
    return lambda u: mp.exp(logc + (nu / 2 - 1) * mp.log(u) - u / 2) if u > 0 else mp.mpf(0)


def nct_tails(t, nu, delta):
    t, nu, delta = mp.mpf(t), mp.mpf(nu), mp.mpf(delta)
    density = chi_density(nu)
    s = mp.sqrt(2 * nu)
    points = [nu - 12 * s, nu - 4 * s, nu, nu + 4 * s, nu + 12 * s]
    if t != 0 and delta / t > 0:
        # Phi's argument crosses zero at u = nu (delta/t)^2: split there, and a few widths away.
        crossing = nu * (delta / t) ** 2
        width = 2 * mp.sqrt(crossing * nu) / abs(t)
        points += [crossing + k * width for k in (-8, -2, 0, 2, 8)]
    points = [0] + sorted(p for p in points if p > 0) + [mp.inf]
    lower = mp.quad(lambda u: mp.ncdf(t * mp.sqrt(u / nu) - delta) * density(u), points)
    upper = mp.quad(lambda u: mp.ncdf(delta - t * mp.sqrt(u / nu)) * density(u), points)
    return float(lower), float(upper)


def regularized_beta(x, a, b):
    """I_x(a, b), evaluated on the side of the mean where mpmath's series converges."""
    if x <= a / (a + b):
        return mp.betainc(a, b, 0, x, regularized=True)
    return 1 - mp.betainc(b, a, 0, 1 - x, regularized=True)


def ncf_tails(f, d1, d2, lam):
    f, d1, d2, lam = mp.mpf(f), mp.mpf(d1), mp.mpf(d2), mp.mpf(lam)
    x = d1 * f / (d1 * f + d2)
    mean = lam / 2
    mode = int(mp.floor(mean))
    lower = mp.mpf(0)
    upper = mp.mpf(0)

    def term(j):
        w = mp.exp(-mean + j * mp.log(mean) - mp.loggamma(j + 1)) if mean > 0 else mp.mpf(1 if j == 0 else 0)
        return w, regularized_beta(x, d1 / 2 + j, d2 / 2)

    for direction in (1, -1):
        j = mode if direction == 1 else mode - 1
        while j >= 0:
            w, i = term(j)
            lower += w * i
            upper += w * (1 - i)
            if w < mp.mpf("1e-40") and (direction == -1 or j > mean):
                break
            j += direction
    return float(lower), float(upper)


def finite(value):
    """A float, or the string "nan"/"inf"/"-inf" that JSON can hold."""
    value = float(value)
    if value != value:
        return "nan"
    if value in (float("inf"), float("-inf")):
        return "inf" if value > 0 else "-inf"
    return value


def r_values(kind, rows):
    """pt/pf with ncp for each row, lower and upper tails, via Rscript."""
    header = "q,a,b,c\n"
    body = "".join(",".join(repr(float(v)) for v in row) + "\n" for row in rows)
    if kind == "t":
        expr = "cbind(pt(d$q, d$a, d$b), pt(d$q, d$a, d$b, lower.tail = FALSE))"
    else:
        expr = "cbind(pf(d$q, d$a, d$b, d$c), pf(d$q, d$a, d$b, d$c, lower.tail = FALSE))"
    script = f"d <- read.csv(file('stdin')); suppressWarnings(v <- {expr}); write.table(format(v, digits = 17), sep = ',', row.names = FALSE, col.names = FALSE, quote = FALSE)"
    out = subprocess.run(["Rscript", "-e", script], input=header + body, capture_output=True,
                         text=True, check=True).stdout
    return [tuple(float(v) for v in line.split(",")) for line in out.strip().splitlines()]


def r_version():
    out = subprocess.run(["Rscript", "-e", "cat(R.version.string)"], capture_output=True, text=True)
    return out.stdout.strip()


t_cases = []
for df in [1, 2.5, 6, 15, 40, 200, 3000, 1e5]:
    for delta in [-40, -6, -1.5, 0, 0.4, 1, 2.5, 5, 12, 38, 60, 150, 400]:
        points = {-30.0, -3.0, -0.5, 0.0, 0.7, 1.5, 2.2, 4.0}
        points |= {round(delta * k, 6) for k in (0.5, 1.0, 1.3)}
        points |= {round(delta + s, 6) for s in (-4.0, 3.0)}
        for t in sorted(points):
            t_cases.append((t, df, delta))
t_cases = rng.sample(t_cases, 500)

f_cases = []
for d1 in [1, 2, 3.5, 7, 20]:
    for d2 in [1, 3, 10, 45.5, 200, 5000]:
        for lam in [0, 0.5, 3, 10, 40, 150, 600, 3000]:
            mean = (d1 + lam) / d1 * (d2 / (d2 - 2) if d2 > 2 else 1)
            critical = stats.f.isf(0.05, d1, d2)
            for f in [mean * k for k in (0.05, 0.5, 1.0, 2.0, 5.0)] + [critical]:
                f_cases.append((round(f, 8), d1, d2, lam))
f_cases = rng.sample(f_cases, 400)

r_t = r_values("t", [(t, df, delta, 0) for t, df, delta in t_cases])
r_f = r_values("f", f_cases)

cases = []
for (t, df, delta), (r_lower, r_upper) in zip(t_cases, r_t):
    lower, upper = nct_tails(t, df, delta)
    cases.append({"distribution": "t", "x": t, "params": [df, delta], "cdf": lower, "sf": upper,
                  "scipy_cdf": finite(stats.nct.cdf(t, df, delta)),
                  "scipy_sf": finite(stats.nct.sf(t, df, delta)),
                  "r_cdf": finite(r_lower), "r_sf": finite(r_upper)})
for (f, d1, d2, lam), (r_lower, r_upper) in zip(f_cases, r_f):
    lower, upper = ncf_tails(f, d1, d2, lam)
    if lam == 0:
        s_lower, s_upper = float(stats.f.cdf(f, d1, d2)), float(stats.f.sf(f, d1, d2))
    else:
        s_lower, s_upper = float(stats.ncf.cdf(f, d1, d2, lam)), float(stats.ncf.sf(f, d1, d2, lam))
    cases.append({"distribution": "f", "x": f, "params": [d1, d2, lam], "cdf": lower, "sf": upper,
                  "scipy_cdf": finite(s_lower), "scipy_sf": finite(s_upper), "r_cdf": finite(r_lower), "r_sf": finite(r_upper)})


def worst(kind, source, condition=lambda c: True):
    errors = [max(abs(float(c[source + "_cdf"]) - c["cdf"]), abs(float(c[source + "_sf"]) - c["sf"]))
              for c in cases if c["distribution"] == kind and condition(c)]
    errors = [e for e in errors if e == e]
    return max(errors)


summary = {
    "scipy_nct_max_abs_error": worst("t", "scipy"),
    "r_pt_max_abs_error_small_delta": worst("t", "r", lambda c: abs(c["params"][1]) <= 37.62),
    "r_pt_max_abs_error_large_delta": worst("t", "r", lambda c: abs(c["params"][1]) > 37.62),
    "scipy_ncf_max_abs_error": worst("f", "scipy"),
    "r_pf_max_abs_error": worst("f", "r"),
}
with open(os.path.join(HERE, "noncentral.json"), "w") as out:
    json.dump({"generator": "gen_noncentral.py", "mpmath": mp.__version__, "scipy": scipy.__version__,
               "r": r_version(), "summary": summary, "cases": cases}, out, indent=1)
print(json.dumps(summary, indent=1))
