"""Reference results for the two-condition tests, effect sizes and Shapiro-Wilk.

Draws seeded random cases (paired and independent samples, n from 3 to 80, with and
without ties and zero differences, all three alternatives) and records what scipy and
pingouin report for each test under each explicitly named policy; formula-defined effect
sizes are computed here with numpy. Rewrites two_sample.json beside this file exactly:

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_two_sample.py

Policies are always requested explicitly (scipy's defaults differ from R's):
  wilcoxon: method="exact" only without ties and zeros; method="asymptotic" with
  correction True/False; zero_method "wilcox" and "pratt"; exhaustive sign-flip
  permutation (PermutationMethod(n_resamples=inf)) when at most 14 differences take part.
  mannwhitneyu: method="exact" only without ties; method="asymptotic" with
  use_continuity True/False.
"""

import json
import math
import os

import numpy as np
import pingouin as pg
import scipy
import scipy.stats as st
from scipy.optimize import brentq

SEED = 20260301
CASES_PER_KIND = 125
ALTERNATIVES = ["two-sided", "less", "greater"]
LEVELS = [0.95, 0.90, 0.99]
PERMUTATION_LIMIT = 14


def f(value):
    """A finite float for JSON (None for NaN, which no reference should contain)."""
    value = float(value)
    return value if math.isfinite(value) else None


def noncentral_t_ncp_interval(t, df, level):
    """Noncentrality parameters whose t distributions put t at the 1-a/2 and a/2 quantiles
    (the pivot R's effectsize package inverts for Cohen's d)."""
    alpha = 1 - level

    def solve(target):
        width = 2 + 6 * math.sqrt(1 + t * t / (2 * df))

        def g(c):
            value = st.nct.cdf(t, df, c)
            if not math.isfinite(value):  # scipy's nct fails far in the tail, where the
                value = 0.0 if c > t else 1.0  # probability is 0 or 1 to double precision
            return value - target

        for _ in range(40):
            if g(t - width) > 0 > g(t + width):
                break
            width *= 1.5
        else:
            raise RuntimeError(f"no bracket for the noncentrality parameter (t={t}, df={df})")
        return brentq(g, t - width, t + width, xtol=1e-14, rtol=1e-13)

    return solve(1 - alpha / 2), solve(alpha / 2)


def hedges_correction(df):
    """Hedges & Olkin's approximation J = 1 - 3 / (4 df - 1), as pingouin uses it."""
    return 1 - 3 / (4 * df - 1)


def normal_se_interval(d, se, df, level):
    """pingouin.compute_esci's interval: d +/- t_{df, 1-a/2} * se."""
    crit = st.t.ppf(1 - (1 - level) / 2, df)
    return d - crit * se, d + crit * se


def ttest_entry(result, level, alternative, estimate):
    ci = result.confidence_interval(confidence_level=level)
    return {
        "t": f(result.statistic),
        "df": f(result.df),
        "p": f(result.pvalue),
        "estimate": f(estimate),
        "ci_low": f(ci.low),
        "ci_high": f(ci.high),
    }


def rank_biserial_interval(r, n1, n2, level):
    """Fisher-z interval of the rank-biserial correlation, as R's effectsize computes it."""
    if n2 is None:
        maxw = (n1 * n1 + n1) / 2
        se = math.sqrt((2 * n1**3 + 3 * n1**2 + n1) / 6) / maxw
    else:
        se = math.sqrt((n1 + n2 + 1) / (3 * n1 * n2))
    z = st.norm.ppf(1 - (1 - level) / 2)
    if abs(r) >= 1:
        return None, None
    return math.tanh(math.atanh(r) - z * se), math.tanh(math.atanh(r) + z * se)


def wilcoxon_entry(x, y, alternative, level):
    d = np.asarray(x) - np.asarray(y)
    nonzero = d[d != 0]
    zeros = int(np.sum(d == 0))
    out = {"zeros": zeros}
    for zero_method in ["wilcox", "pratt"]:
        if zero_method == "wilcox":
            ranks = st.rankdata(np.abs(nonzero))
            used = nonzero
        else:
            ranks_all = st.rankdata(np.abs(d))
            ranks = ranks_all[d != 0]
            used = nonzero
        w_plus = float(np.sum(ranks[used > 0]))
        w_minus = float(np.sum(ranks[used < 0]))
        n_used = len(nonzero) if zero_method == "wilcox" else len(d)
        entry = {"w_plus": w_plus, "w_minus": w_minus, "n_used": n_used}
        _, counts = np.unique(np.abs(d if zero_method == "pratt" else nonzero), return_counts=True)
        has_ties = bool(np.any(counts > 1))
        for correction in [True, False]:
            res = st.wilcoxon(x, y, zero_method=zero_method, correction=correction,
                              alternative=alternative, method="asymptotic")
            z = float(res.zstatistic)
            if alternative == "two-sided":
                # scipy reports -|z| here; the one-sided run on the side of W+ applies the
                # same continuity correction and keeps the sign of z.
                side = "greater" if w_plus > w_minus else "less"
                z = 0.0 if w_plus == w_minus else float(st.wilcoxon(
                    x, y, zero_method=zero_method, correction=correction,
                    alternative=side, method="asymptotic").zstatistic)
            key = "normal_cc" if correction else "normal"
            entry[key] = {"z": f(z), "p": f(res.pvalue)}
        if zero_method == "wilcox" and zeros == 0 and not has_ties:
            res = st.wilcoxon(x, y, alternative=alternative, method="exact")
            entry["exact"] = {"p": f(res.pvalue)}
        if zero_method == "wilcox" and len(nonzero) > 0:
            res = st.wilcoxon(x, y, alternative=alternative, method="exact")
            entry["exact_rounded"] = {"p": f(res.pvalue)}
        # Exhaustive sign flips: of the nonzero differences under "wilcox" (zeros take no
        # part), of all differences under "pratt" (zeros are ranked but flip to themselves).
        flipped = nonzero if zero_method == "wilcox" else d
        if 2 <= len(flipped) <= PERMUTATION_LIMIT:
            res = st.wilcoxon(flipped, zero_method=zero_method, alternative=alternative,
                              method=st.PermutationMethod(n_resamples=np.inf))
            entry["permutation"] = {"p": f(res.pvalue)}
        total = w_plus + w_minus
        rbc = (w_plus - w_minus) / total
        entry["rank_biserial"] = f(rbc)
        low, high = rank_biserial_interval(rbc, len(nonzero), None, level)
        entry["rank_biserial_ci"] = [f(low), f(high)] if low is not None else None
        out[zero_method] = entry
    return out


def paired_case(rng, index):
    n = int(rng.integers(3, 81))
    style = index % 3
    while True:
        if style == 0:  # continuous, no ties expected
            x = np.round(rng.normal(10, 2, n), 3)
            y = np.round(x - rng.normal(rng.choice([0.0, 0.5, -0.8]), 1.5, n), 3)
        elif style == 1:  # Likert-like: many ties and zeros
            x = rng.integers(1, 8, n).astype(float)
            y = np.clip(x + rng.integers(-2, 3, n), 1, 7).astype(float)
        else:  # continuous with some exact zero differences and tied magnitudes
            x = np.round(rng.normal(50, 10, n), 1)
            y = np.round(x + rng.choice([-2.0, -1.0, 0.0, 1.0, 1.5, 3.0], n) + rng.normal(0.4, 2, n).round(0), 1)
            mask = rng.random(n) < 0.15
            y[mask] = x[mask]
        d = x - y
        if np.count_nonzero(d) >= 1 and np.std(d) > 0 and np.std(x) > 0 and np.std(y) > 0:
            break
    alternative = ALTERNATIVES[index % 3 if style != 0 else (index // 3) % 3]
    level = LEVELS[(index // 7) % 3]
    mu = float(np.round(np.mean(x) + rng.normal(0, 1), 2))
    case = {"id": f"paired-{index}", "x": x.tolist(), "y": y.tolist(), "alternative": alternative,
            "level": level, "mu": mu}
    case["one_sample_t"] = ttest_entry(st.ttest_1samp(x, mu, alternative=alternative), level, alternative,
                                       np.mean(x) - mu)
    case["paired_t"] = ttest_entry(st.ttest_rel(x, y, alternative=alternative), level, alternative, np.mean(d))
    case["wilcoxon"] = wilcoxon_entry(x, y, alternative, level)
    # Paired effect sizes, from their formulas.
    sd_d = np.std(d, ddof=1)
    d_z = np.mean(d) / sd_d
    df = n - 1
    j = hedges_correction(df)
    lo, hi = noncentral_t_ncp_interval(d_z * math.sqrt(n), df, level)
    se = math.sqrt(1 / n + d_z**2 / (2 * n))
    nlo, nhi = normal_se_interval(d_z, se, df, level)
    d_av = (np.mean(x) - np.mean(y)) / math.sqrt((np.var(x, ddof=1) + np.var(y, ddof=1)) / 2)
    case["effect_sizes"] = {
        "d_z": f(d_z), "g_z": f(d_z * j),
        "d_z_ci_noncentral": [f(lo / math.sqrt(n)), f(hi / math.sqrt(n))],
        "g_z_ci_noncentral": [f(j * lo / math.sqrt(n)), f(j * hi / math.sqrt(n))],
        "d_z_ci_normal": [f(nlo), f(nhi)],
        "d_av": f(d_av),
        "d_av_pingouin": f(pg.compute_effsize(x, y, paired=True, eftype="cohen")),
        "g_av_pingouin": f(pg.compute_effsize(x, y, paired=True, eftype="hedges")),
    }
    return case


def independent_case(rng, index):
    m = int(rng.integers(3, 81))
    n = int(rng.integers(3, 81))
    style = index % 2
    while True:
        if style == 0:
            x = np.round(rng.normal(0, 1, m), 4)
            y = np.round(rng.normal(rng.choice([0.0, 0.4, -0.7]), rng.choice([1.0, 2.0]), n), 4)
        else:
            x = rng.integers(1, 8, m).astype(float)
            y = np.clip(rng.integers(1, 8, n) + rng.integers(-1, 2, n), 1, 7).astype(float)
        if np.std(x) > 0 and np.std(y) > 0:
            break
    alternative = ALTERNATIVES[(index // 2) % 3]
    level = LEVELS[(index // 5) % 3]
    case = {"id": f"independent-{index}", "x": x.tolist(), "y": y.tolist(), "alternative": alternative,
            "level": level}
    diff = np.mean(x) - np.mean(y)
    case["student_t"] = ttest_entry(st.ttest_ind(x, y, equal_var=True, alternative=alternative), level,
                                    alternative, diff)
    case["welch_t"] = ttest_entry(st.ttest_ind(x, y, equal_var=False, alternative=alternative), level,
                                  alternative, diff)
    pooled = np.concatenate([x, y])
    _, counts = np.unique(pooled, return_counts=True)
    has_ties = bool(np.any(counts > 1))
    ranks = st.rankdata(pooled)
    u_x = float(np.sum(ranks[:m]) - m * (m + 1) / 2)
    mw = {"u": u_x, "ties": has_ties}
    for correction in [True, False]:
        res = st.mannwhitneyu(x, y, alternative=alternative, method="asymptotic", use_continuity=correction)
        assert abs(res.statistic - u_x) < 1e-9
        # The standardized U of x, with the continuity correction toward the mean.
        mean = m * n / 2
        sigma = math.sqrt(m * n / 12 * ((m + n + 1) - np.sum(counts**3 - counts) / ((m + n) * (m + n - 1))))
        shift = 0.0
        if correction:
            shift = {"greater": 0.5, "less": -0.5}.get(alternative, math.copysign(0.5, u_x - mean) if u_x != mean else 0.0)
        z = (u_x - mean - shift) / sigma
        mw["normal_cc" if correction else "normal"] = {"z": f(z), "p": f(res.pvalue)}
    if not has_ties:
        res = st.mannwhitneyu(x, y, alternative=alternative, method="exact")
        mw["exact"] = {"p": f(res.pvalue)}
    grid = x[:, None] - y[None, :]
    mw["cles"] = f(np.mean(np.where(grid == 0, 0.5, grid > 0)))
    mw["rank_biserial"] = f(2 * u_x / (m * n) - 1)
    lo, hi = rank_biserial_interval(mw["rank_biserial"], m, n, level)
    mw["rank_biserial_ci"] = [f(lo), f(hi)] if lo is not None else None
    case["mann_whitney"] = mw
    df = m + n - 2
    sp = math.sqrt(((m - 1) * np.var(x, ddof=1) + (n - 1) * np.var(y, ddof=1)) / df)
    d = diff / sp
    j = hedges_correction(df)
    scale = math.sqrt(1 / m + 1 / n)
    lo, hi = noncentral_t_ncp_interval(d / scale, df, level)
    se = math.sqrt((m + n) / (m * n) + d**2 / (2 * (m + n)))
    nlo, nhi = normal_se_interval(d, se, df, level)
    glo, ghi = normal_se_interval(d * j, math.sqrt((m + n) / (m * n) + (d * j) ** 2 / (2 * (m + n))), df, level)
    case["effect_sizes"] = {
        "cohen_d": f(d), "hedges_g": f(d * j),
        "cohen_d_pingouin": f(pg.compute_effsize(x, y, paired=False, eftype="cohen")),
        "hedges_g_pingouin": f(pg.compute_effsize(x, y, paired=False, eftype="hedges")),
        "cohen_d_ci_noncentral": [f(lo * scale), f(hi * scale)],
        "hedges_g_ci_noncentral": [f(j * lo * scale), f(j * hi * scale)],
        "cohen_d_ci_normal": [f(nlo), f(nhi)],
        "hedges_g_ci_normal": [f(glo), f(ghi)],
    }
    return case


def shapiro_cases(rng):
    sizes = [3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 20, 25, 30, 40, 50, 80, 100, 150, 200, 500, 1000, 2000, 5000]
    cases = []
    for index, n in enumerate(sizes):
        kind = ["normal", "exponential", "uniform", "rounded"][index % 4]
        if kind == "normal":
            x = np.round(rng.normal(5, 2, n), 6)
        elif kind == "exponential":
            x = np.round(rng.exponential(1.5, n), 6)
        elif kind == "uniform":
            x = np.round(rng.uniform(-3, 3, n), 6)
        else:
            x = np.round(rng.normal(0, 1, n), 1)
        if np.ptp(x) == 0:
            x[0] += 1
        res = st.shapiro(x)
        cases.append({"id": f"shapiro-{index}-n{n}", "x": x.tolist(), "w": f(res.statistic), "p": f(res.pvalue)})
    return cases


def main():
    rng = np.random.default_rng(SEED)
    paired = [paired_case(rng, i) for i in range(CASES_PER_KIND)]
    independent = [independent_case(rng, i) for i in range(CASES_PER_KIND)]
    shapiro = shapiro_cases(rng)
    document = {
        "generator": "gen_two_sample.py",
        "seed": SEED,
        "versions": {"numpy": np.__version__, "scipy": scipy.__version__, "pingouin": pg.__version__},
        "paired": paired,
        "independent": independent,
        "shapiro_wilk": shapiro,
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "two_sample.json")
    with open(path, "w") as handle:
        json.dump(document, handle, indent=None, separators=(",", ":"))
        handle.write("\n")


if __name__ == "__main__":
    main()
