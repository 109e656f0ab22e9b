"""Reference values for ThumbLabStats' distributions and special functions.

Every value is computed by scipy and checked against an independent evaluation in mpmath
at 50 significant digits: the closed forms (incomplete beta and gamma; upper beta tails via
the lower integral with swapped parameters, which avoids cancellation) where mpmath can
evaluate them, otherwise numerical integration of the density. Where the two disagree by
more than 1e-9 relative, the mpmath value is kept and the case is marked "mpmath".
Quantiles from scipy are checked by evaluating the mpmath tail at them and, if they miss,
refined by Newton's method in mpmath. Deterministic; rewrites distributions.json.

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_distributions.py
"""

import json
import math
import os

import mpmath as mp
import numpy as np
import scipy
import scipy.special as sc
import scipy.stats as st

mp.mp.dps = 50
HERE = os.path.dirname(os.path.abspath(__file__))
INF = math.inf
TOL = 1e-9
PROBS = [1e-300, 1e-200, 1e-100, 1e-50, 1e-20, 1e-10, 1e-5, 1e-3, 0.025, 0.1, 0.3, 0.5,
         0.7, 0.9, 0.975, 0.999, 1 - 1e-10]

cases = []


def enc(v):
    if v == INF:
        return "inf"
    if v == -INF:
        return "-inf"
    return float(v)


def agree(a, b, tol=TOL):
    if a == b:
        return True
    return abs(a - b) <= tol * max(abs(a), abs(b))


def add(dist, params, function, x, value, source="scipy"):
    cases.append({"distribution": dist, "params": [enc(p) for p in params],
                  "function": function, "x": enc(x), "expected": enc(float(value)),
                  "source": source})


def checked(value, exact):
    """The scipy value if mpmath agrees, else the mpmath value."""
    value = float(value)
    if exact is None:
        return value, "scipy"
    try:
        reference = float(exact())
    except (mp.libmp.libhyper.NoConvergence, ZeroDivisionError, ValueError):
        return value, "scipy"
    if math.isfinite(reference) and not agree(value, reference):
        return reference, "mpmath"
    return value, "scipy"


def quad_tails(logpdf, median, scale, low, high):
    """(cdf, sf) functions that integrate the tail away from the median by quadrature and
    take the other as its complement (exact enough at 50 digits)."""
    def cdf(x):
        if x <= median:
            return quad_tail(logpdf, x, False, scale, low, high)
        return 1 - quad_tail(logpdf, x, True, scale, low, high)

    def sf(x):
        if x >= median:
            return quad_tail(logpdf, x, True, scale, low, high)
        return 1 - quad_tail(logpdf, x, False, scale, low, high)

    return cdf, sf


def quad_tail(logpdf, x, upper, scale, low, high):
    """∫ of exp(logpdf) from x to the end of the support on one side, by mpmath quadrature
    (30 digits) over intervals of five e-folds of the density, at most one scale unit or
    half the distance already covered, until the density is e^-100 below its peak."""
    with mp.workdps(30):
        x = mp.mpf(x)
        direction = 1 if upper else -1
        points = [x]
        peak = logpdf(x)
        while True:
            here = points[-1]
            probe = mp.mpf(scale) * mp.mpf(10) ** -4
            rate = abs(logpdf(here + direction * probe) - logpdf(here)) / probe
            # Far from x (heavy tails) steps may grow with the distance travelled.
            cap = max(mp.mpf(scale), abs(here - x) / 2)
            step = min(cap, 5 / rate) if rate > 0 else cap
            nxt = here + direction * step
            if (upper and nxt >= high) or (not upper and nxt <= low):
                points.append(mp.mpf(high if upper else low))
                break
            points.append(nxt)
            value = logpdf(nxt)
            peak = max(peak, value)
            if value < peak - 100:
                break
        if not upper:
            points.reverse()
        return mp.quad(lambda t: mp.exp(logpdf(t)), points)


class Family:
    """A scipy distribution with mpmath tails and density for checking it."""

    def __init__(self, name, params, frozen, mp_cdf, mp_sf, mp_logpdf, support):
        self.name, self.params, self.frozen = name, params, frozen
        self.mp_cdf, self.mp_sf, self.mp_logpdf = mp_cdf, mp_sf, mp_logpdf
        self.support = support

    def quantile(self, p, upper):
        value = float(self.frozen.isf(p) if upper else self.frozen.ppf(p))
        low, high = self.support
        if p > 0.5:
            # Check and solve with the smaller tail: 1 − p is exact in mpmath.
            p, upper = 1 - mp.mpf(p), not upper
        tail = self.mp_sf if upper else self.mp_cdf
        if value in (low, high) and math.isfinite(value):
            # scipy's quantile sits on the support's edge: right if the nearest double inside
            # the support already lies on the other side of p.
            inside = float(np.nextafter(value, high if value == low else low))
            beyond = tail(inside)
            increasing = not upper
            if (beyond > p) == ((value == low) == increasing):
                return value, "scipy"
        if math.isfinite(value) and low < value < high:
            if agree(float(tail(value)), float(p)):
                return value, "scipy"
            start = mp.mpf(value)
        else:
            start = mp.mpf(float(self.frozen.median()))
        # Newton on ln(tail) in u = ln x on (0, ∞), logit x on (0, 1), asinh x on the line.
        if (low, high) == (0, INF):
            to_x, to_u, dx = mp.exp, mp.log, (lambda x: x)
        elif (low, high) == (0, 1):
            to_x = lambda u: 1 / (1 + mp.exp(-u))
            to_u = lambda x: mp.log(x) - mp.log(1 - x)
            dx = lambda x: x * (1 - x)
        else:
            to_x, to_u, dx = mp.sinh, mp.asinh, (lambda x: mp.sqrt(1 + x * x))
        u = to_u(start)
        target = mp.log(p)
        for _ in range(100):
            x = to_x(u)
            t = tail(x)
            if t <= 0:
                u = (u + to_u(mp.mpf(float(self.frozen.median())))) / 2
                continue
            residual = mp.log(t) - target
            if abs(residual) < mp.mpf(10) ** -14:
                break
            slope = mp.exp(self.mp_logpdf(x)) * dx(x) / t * (-1 if upper else 1)
            step = residual / slope
            limit = max(1, abs(u) / 2)
            u -= max(min(step, limit), -limit)
        return float(to_x(u)), "mpmath"

    def add_cases(self, xs):
        print(self.name, self.params, flush=True)
        for x in xs:
            for function, scipy_value, exact in (
                ("pdf", self.frozen.pdf(x), lambda: mp.exp(self.mp_logpdf(x))),
                ("cdf", self.frozen.cdf(x), lambda: self.mp_cdf(x)),
                ("sf", self.frozen.sf(x), lambda: self.mp_sf(x)),
            ):
                value, source = checked(scipy_value, exact)
                add(self.name, self.params, function, x, value, source)
        for p in PROBS:
            for function, upper in (("quantile", False), ("isf", True)):
                value, source = self.quantile(p, upper)
                add(self.name, self.params, function, p, value, source)

    def tail_points(self):
        points = []
        for p in (1e-300, 1e-100, 1e-10):
            for function in (self.frozen.ppf, self.frozen.isf):
                x = float(function(p))
                if math.isfinite(x) and self.support[0] < x < self.support[1]:
                    points.append(x)
        return points


def normal_family(mean, sd):
    z = lambda x: (mp.mpf(x) - mean) / sd
    return Family("normal", [mean, sd], st.norm(mean, sd),
                  lambda x: mp.ncdf(z(x)), lambda x: mp.ncdf(-z(x)),
                  lambda x: -z(x) ** 2 / 2 - mp.log(sd * mp.sqrt(2 * mp.pi)), (-INF, INF))


def t_family(df):
    if df == INF:
        family = normal_family(0.0, 1.0)
        family.name, family.params = "t", [df]
        return family
    v = mp.mpf(df)
    log_norm = mp.loggamma((v + 1) / 2) - mp.loggamma(v / 2) - mp.log(v * mp.pi) / 2
    logpdf = lambda x: log_norm - (v + 1) / 2 * mp.log1p(mp.mpf(x) ** 2 / v)
    if df <= 1e4:
        def upper(x):
            x = mp.mpf(x)
            return mp.betainc(v / 2, mp.mpf(1) / 2, 0, v / (v + x * x), regularized=True) / 2
        cdf = lambda x: upper(-x) if x <= 0 else 1 - upper(x)
        sf = lambda x: upper(x) if x >= 0 else 1 - upper(-x)
    else:
        cdf, sf = quad_tails(logpdf, 0.0, 1.0, -INF, INF)
    return Family("t", [df], st.t(df), cdf, sf, logpdf, (-INF, INF))


def chi2_family(df):
    a = mp.mpf(df) / 2
    logpdf = lambda x: (a - 1) * mp.log(mp.mpf(x) / 2) - mp.mpf(x) / 2 - mp.loggamma(a) - mp.log(2)
    if df <= 1e3:
        cdf = lambda x: mp.gammainc(a, 0, mp.mpf(x) / 2, regularized=True)
        sf = lambda x: mp.gammainc(a, mp.mpf(x) / 2, mp.inf, regularized=True)
    else:
        cdf, sf = quad_tails(logpdf, float(st.chi2(df).median()), math.sqrt(2 * df), 0, INF)
    return Family("chi2", [df], st.chi2(df), cdf, sf, logpdf, (0, INF))


def beta_like(name, params, frozen, a, b, to_unit, jacobian_log, support, scale):
    """A distribution whose cdf is I_{to_unit(x)}(a, b)."""
    a, b = mp.mpf(a), mp.mpf(b)
    log_beta = mp.log(mp.beta(a, b))

    def logpdf(x):
        u, w = to_unit(x)
        return (a - 1) * mp.log(u) + (b - 1) * mp.log(w) - log_beta + jacobian_log(x)

    if max(a, b) <= 1e3:
        cdf = lambda x: mp.betainc(a, b, 0, to_unit(x)[0], regularized=True)
        sf = lambda x: mp.betainc(b, a, 0, to_unit(x)[1], regularized=True)
    else:
        cdf, sf = quad_tails(logpdf, float(frozen.median()), scale, *support)
    return Family(name, params, frozen, cdf, sf, logpdf, support)


def f_family(d1, d2):
    def to_unit(x):
        x = mp.mpf(x)
        return d1 * x / (d1 * x + d2), d2 / (d1 * x + d2)

    def jacobian_log(x):
        x = mp.mpf(x)
        return mp.log(mp.mpf(d1) * d2) - 2 * mp.log(d1 * x + d2)

    frozen = st.f(d1, d2)
    scale = float(frozen.std()) if d2 > 4 else 1.0
    return beta_like("f", [d1, d2], frozen, d1 / 2, d2 / 2, to_unit, jacobian_log, (0, INF), scale)


def beta_family(a, b):
    frozen = st.beta(a, b)
    return beta_like("beta", [a, b], frozen, a, b, lambda x: (mp.mpf(x), 1 - mp.mpf(x)),
                     lambda x: 0, (0, 1), float(frozen.std()))


# Normal
for mean, sd in [(0.0, 1.0), (100.0, 15.0)]:
    zs = [-37.5, -30, -20, -10, -5, -2, -1, -0.3, 0, 0.3, 1, 2, 5, 10, 20, 30, 37.5]
    normal_family(mean, sd).add_cases([mean + sd * z for z in zs])

# Student t
for df in [0.7, 1, 2.5, 5, 10, 30, 100, 1e4, 1e6, 1e10, INF]:
    xs = [-200, -40, -10, -3, -1, -0.2, 0, 0.2, 1, 3, 10, 40, 200]
    if df <= 10:
        xs += [1e5, 1e20, 1e150, 1e250]
    family = t_family(df)
    family.add_cases(xs + family.tail_points())

# Chi-square
for df in [0.5, 1, 2, 3, 10, 50, 1000, 1e6, 1e10]:
    family = chi2_family(df)
    scale = max(df, 1.0)
    xs = [f * scale for f in (1e-10, 1e-3, 0.1, 0.5, 1, 1.5, 3, 10, 50)]
    xs += [df + c * math.sqrt(2 * df) for c in (-5, -2, 0.5, 2, 5, 20) if df + c * math.sqrt(2 * df) > 0]
    family.add_cases(xs + family.tail_points())

# F
for d1, d2 in [(1, 1), (2, 5), (3, 24), (2.08, 16.66), (5, 100), (10, 1e6), (1e4, 1e4),
               (1, 1e10), (50, 3), (0.5, 2), (1e6, 1e6)]:
    family = f_family(d1, d2)
    xs = [1e-8, 1e-3, 0.1, 0.5, 0.9, 1, 1.1, 2, 5, 20, 1e3, 1e8]
    family.add_cases(xs + family.tail_points())

# Beta
for a, b in [(0.5, 0.5), (1, 1), (2, 3), (0.1, 5), (50, 20), (1000, 1000), (3, 1e6),
             (1e5, 1e5)]:
    family = beta_family(a, b)
    xs = [1e-10, 1e-5, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 1 - 1e-5]
    mean, sd = family.frozen.mean(), family.frozen.std()
    xs += [mean + c * sd for c in (-4, -1, 0, 1, 4) if 0 < mean + c * sd < 1]
    family.add_cases(xs + family.tail_points())

# Binomial
for n, p in [(5, 0.8), (10, 0.5), (20, 0.1), (100, 0.97), (1000, 0.3), (100000, 0.01)]:
    frozen = st.binom(n, p)
    if n <= 20:
        ks = list(range(-1, n + 2))
    else:
        mean, sd = n * p, math.sqrt(n * p * (1 - p))
        ks = sorted({0, 1, n - 1, n} | {int(mean + c * sd) for c in (-30, -8, -3, -1, 0, 1, 3, 8, 30)
                                         if 0 <= int(mean + c * sd) <= n})
    mp_p = mp.mpf(p)
    for k in ks:
        inside = 0 <= k <= n
        pmf = (lambda k=k: mp.binomial(n, k) * mp_p ** k * (1 - mp_p) ** (n - k)) if inside else None
        cdf = (lambda k=k: mp.betainc(n - k, k + 1, 0, 1 - mp_p, regularized=True)) if 0 <= k < n else None
        sf = (lambda k=k: mp.betainc(k + 1, n - k, 0, mp_p, regularized=True)) if 0 <= k < n else None
        for function, value, exact in (("pmf", frozen.pmf(k), pmf), ("cdf", frozen.cdf(k), cdf),
                                       ("sf", frozen.sf(k), sf)):
            value, source = checked(value, exact)
            add("binomial", [n, p], function, k, value, source)

# Studentized range (scipy's integration is slow: keep the grid small). scipy switches to
# the infinite-df formula above df = 1e5, so the large-df case is 5e4 plus df = inf itself.
for k, df in [(2, 5), (3, 10), (4, 20), (6, 60), (10, 120), (20, 30), (3, 2), (5, 5e4), (5, INF)]:
    frozen = st.studentized_range(k, df)
    for q in [0.5, 2, 3.5, 5, 8, 15]:
        add("studentized_range", [k, df], "cdf", q, frozen.cdf(q))
        add("studentized_range", [k, df], "sf", q, frozen.sf(q))
    for p in [0.5, 0.9, 0.95, 0.99]:
        add("studentized_range", [k, df], "quantile", p, frozen.ppf(p))

# Special functions
for x in [1e-300, 1e-10, 0.5, 1, 2.5, 10, 100, 1e5, 1e10, 1e200]:
    add("special", [], "logGamma", x, *checked(sc.gammaln(x), lambda x=x: mp.loggamma(x)))
for a, b in [(0.5, 0.5), (1, 1), (2.5, 7), (10, 10), (1e5, 3), (1e10, 0.5), (1e8, 2e8)]:
    add("special", [a, b], "logBeta", 0,
        *checked(sc.betaln(a, b), lambda a=a, b=b: mp.log(mp.beta(a, b))))
for a, b in [(0.5, 0.5), (2, 3), (10, 20), (0.1, 100), (200, 300), (1e4, 5)]:
    for x in [1e-8, 0.01, 0.2, 0.5, 0.8, 0.999]:
        add("special", [a, b], "betaI", x, *checked(
            sc.betainc(a, b, x), lambda a=a, b=b, x=x: mp.betainc(a, b, 0, x, regularized=True)))
        add("special", [a, b], "betaIc", x, *checked(
            sc.betaincc(a, b, x),
            lambda a=a, b=b, x=x: mp.betainc(b, a, 0, 1 - mp.mpf(x), regularized=True)))
for a in [0.1, 0.5, 1, 3.5, 20, 500, 1e5]:
    for x in [1e-5, 0.1, 1, 3, 20, 100, 1e3, 1.01e5]:
        add("special", [a], "gammaP", x, *checked(
            sc.gammainc(a, x), lambda a=a, x=x: mp.gammainc(a, 0, x, regularized=True)))
        add("special", [a], "gammaQ", x, *checked(
            sc.gammaincc(a, x), lambda a=a, x=x: mp.gammainc(a, x, mp.inf, regularized=True)))
for x in [-26, -5, -1, -1e-5, 0, 1e-8, 0.5, 1, 3, 10, 26]:
    add("special", [], "erf", x, *checked(sc.erf(x), lambda x=x: mp.erf(x)))
    add("special", [], "erfc", x, *checked(sc.erfc(x), lambda x=x: mp.erfc(x)))

out = {"generator": "gen_distributions.py", "scipy": scipy.__version__,
       "mpmath": mp.__version__, "numpy": np.__version__, "cases": cases}
with open(os.path.join(HERE, "distributions.json"), "w") as handle:
    json.dump(out, handle, indent=1, allow_nan=False)
    handle.write("\n")
print(f"{len(cases)} cases, {sum(c['source'] == 'mpmath' for c in cases)} from mpmath")
