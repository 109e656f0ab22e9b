"""Reference values for end-to-end analyses of Datasets/thumbspace-vs-shift.

Run from the package root (deterministic; rewrites reference.json and between_trials.csv
beside this script byte for byte):

    python3 Tests/ThumbLabTests/Fixtures/analysis/gen_reference.py

Conventions (the ones ThumbLab implements):
- Attempts: rows of trials.csv with the same (participant, technique, target_size_mm,
  mobility, block, trial) are successive attempts in file order. "First attempts" keeps the
  first row of each group, "last attempts" the last row, "all attempts" every row. Every
  scenario uses first attempts unless it says otherwise.
- Aggregation: one value per participant x cell, a cell being a combination of levels of
  the analysed factors (other factors pooled). geomean time: mean(ln time_ms) over the
  participant's trials in the cell; tests run on these log values. error: proportion of the
  participant's trials in the cell with hit == 0 (misses / trials).
- Level descriptives, geomean (back-transformed): n participants, mean = exp(mean of logs),
  sd = exp(sd of logs, n-1) (geometric SD factor), median = exp(median of logs),
  ci_low/ci_high = exp(95% t interval of the mean of the logs). Error and plain means:
  mean, sd (n-1), median, 95% t interval of the per-participant values.
- Wilcoxon signed rank as R's wilcox.test(paired = TRUE): zero differences dropped; exact
  when fewer than 50 remain and there are no ties and no zeros, else normal approximation
  with tie-corrected variance and continuity correction. Ties are judged in exact arithmetic:
  error differences are (misses_a - misses_b) / trials, so equal rationals give equal doubles.
- Adjusted-Wald (Agresti-Coull) interval: z = 1.959963984540054, n~ = n + z^2,
  p~ = (x + z^2/2)/n~, p~ -/+ z sqrt(p~(1-p~)/n~), clipped to [0, 1].
- Huynh-Feldt epsilon with Lecoutre's correction, raw (uncapped):
  ((nu+1) d eGG - 2) / (d (nu - d eGG)), d = k-1, nu = subjects - groups; capped at 1 when
  applied to p_HF. Mixed-design sphericity uses the covariance pooled within groups.
"""

import importlib.util
import itertools
import json
import pathlib
import platform
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pingouin as pg
import scikit_posthocs as sp
import scipy
import scipy.stats as ss
import statsmodels
import statsmodels.formula.api as smf
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[3]
DATA = ROOT / "Datasets" / "thumbspace-vs-shift"
KEYS = ["participant", "technique", "target_size_mm", "mobility", "block", "trial"]
Z = 1.959963984540054
PX_PER_MM = 163 / 25.4
TECHNIQUES = ["Direct", "Shift", "ThumbSpace"]

spec = importlib.util.spec_from_file_location("gen_art", ROOT / "Tests/ThumbLabStatsTests/Fixtures/gen_art.py")
gen_art = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen_art)


def load():
    trials = pd.read_csv(DATA / "trials.csv")
    trials["log_time"] = np.log(trials["time_ms"])
    trials["miss"] = 1 - trials["hit"]
    return trials


def first(trials):
    return trials.drop_duplicates(KEYS, keep="first")


def per_participant(trials, factors, kind):
    """Long frame: participant, factors, value (mean ln time, or misses/trials as a Fraction)."""
    groups = trials.groupby(["participant"] + factors, sort=True)
    if kind == "geomean":
        return groups["log_time"].mean().rename("value").reset_index()
    counts = groups["miss"].agg(["sum", "count"]).reset_index()
    counts["value"] = [Fraction(int(s), int(c)) for s, c in zip(counts["sum"], counts["count"])]
    return counts.drop(columns=["sum", "count"])


def wide(long, factor, levels):
    return long.pivot(index="participant", columns=factor, values="value")[levels]


def t_interval(values):
    values = np.asarray(values, dtype=float)
    n = len(values)
    mean, sd = values.mean(), values.std(ddof=1)
    half = ss.t.ppf(0.975, n - 1) * sd / np.sqrt(n)
    return n, mean, sd, float(np.median(values)), mean - half, mean + half


def describe(values, geomean):
    n, mean, sd, median, low, high = t_interval(values)
    out = dict(n=n, mean=mean, sd=sd, median=median, ci_low=low, ci_high=high)
    if geomean:
        out.update({k: float(np.exp(v)) for k, v in out.items() if k != "n"})
        out.update(log_mean=mean, log_sd=sd)
    return {k: (int(v) if k == "n" else float(v)) for k, v in out.items()}


def signed_rank_exact_p(wplus, n):
    """R's exact two-sided p: 2 min(P(V <= v), P(V >= v)) by counting sign patterns."""
    counts = np.zeros(n * (n + 1) // 2 + 1)
    counts[0] = 1
    for r in range(1, n + 1):
        counts[r:] = counts[r:] + counts[:-r].copy()
    probs = counts / counts.sum()
    v = int(round(wplus))
    return min(1.0, 2 * min(probs[: v + 1].sum(), probs[v:].sum()))


def wilcoxon_r(x, y):
    """R's wilcox.test(x, y, paired = TRUE), default rule, implemented by hand and checked on scipy."""
    d = np.asarray(x, dtype=float) - np.asarray(y, dtype=float)
    zeros = int(np.sum(d == 0))
    d = d[d != 0]
    n = len(d)
    ranks = ss.rankdata(np.abs(d))
    wplus, wminus = float(ranks[d > 0].sum()), float(ranks[d < 0].sum())
    _, tie_sizes = np.unique(np.abs(d), return_counts=True)
    ties = bool(np.any(tie_sizes > 1))
    out = dict(n_nonzero=n, zeros=zeros, ties=ties, V=wplus, W_minus=wminus,
               rank_biserial=(wplus - wminus) / (wplus + wminus))
    if n < 50 and not ties and zeros == 0:
        out.update(method="exact", p=signed_rank_exact_p(wplus, n))
        check = ss.wilcoxon(x, y, method="exact").pvalue
    else:
        sigma = np.sqrt(n * (n + 1) * (2 * n + 1) / 24 - np.sum(tie_sizes**3 - tie_sizes) / 48)
        z = wplus - n * (n + 1) / 4
        z = (z - np.sign(z) * 0.5) / sigma
        out.update(method="normal, tie-corrected variance, continuity correction", z=float(z),
                   p=float(2 * min(ss.norm.cdf(z), ss.norm.sf(z))))
        res = ss.wilcoxon(x, y, zero_method="wilcox", correction=True, method="approx")
        check = res.pvalue
        assert np.isclose(abs(res.zstatistic), abs(z), rtol=1e-12, atol=0), (res.zstatistic, z)
    assert np.isclose(check, out["p"], rtol=1e-10, atol=0), (check, out["p"])
    return out


def paired_t(x, y):
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    res = ss.ttest_rel(x, y)
    d = x - y
    return dict(t=float(res.statistic), df=float(res.df), p=float(res.pvalue),
                mean_diff=float(d.mean()), sd_diff=float(d.std(ddof=1)), d_z=float(d.mean() / d.std(ddof=1)))


def paired(trials, kind):
    data = trials[trials["technique"].isin(["Direct", "Shift"])]
    w = wide(per_participant(data, ["technique"], kind), "technique", ["Direct", "Shift"])
    direct, shift = w["Direct"].astype(float).to_numpy(), w["Shift"].astype(float).to_numpy()
    diff = np.array([float(a - b) for a, b in zip(w["Direct"], w["Shift"])])  # exact for Fractions
    shapiro = ss.shapiro(diff)
    wilcoxon = wilcoxon_r(diff, np.zeros(len(diff)))
    if kind == "error":  # what float(misses/trials) differences give: ties in exact arithmetic can split
        naive = wilcoxon_r(direct, shift)
        wilcoxon["float_differences"] = {k: naive[k] for k in ["ties", "V", "method", "z", "p"] if k in naive}
    return dict(
        levels={lv: describe(w[lv].astype(float), kind == "geomean") for lv in ["Direct", "Shift"]},
        paired_t=paired_t(direct, shift),
        shapiro_diff=dict(W=float(shapiro.statistic), p=float(shapiro.pvalue)),
        wilcoxon=wilcoxon,
        values={p: {lv: float(w.loc[p, lv]) for lv in ["Direct", "Shift"]} for p in w.index},
    )


def mann_whitney_exact_p(u, m, n):
    """R's exact two-sided p for untied data: 2 min(P(U <= u), P(U >= u)) over all rank subsets."""
    counts = np.bincount([sum(c) - m * (m - 1) // 2 for c in itertools.combinations(range(m + n), m)])
    probs = counts / counts.sum()
    return min(1.0, 2 * min(probs[: int(u) + 1].sum(), probs[int(u):].sum()))


def sphericity(matrix, groups):
    """Mauchly's W, p and GG / HF (Lecoutre, raw) epsilons from the covariance pooled within groups."""
    n, k = matrix.shape
    d = k - 1
    contrasts = np.linalg.qr(np.column_stack([np.ones(k), np.eye(k)[:, :d]]))[0][:, 1:]
    centred = matrix.copy()
    for g in np.unique(groups):
        centred[groups == g] -= centred[groups == g].mean(axis=0)
    nu = n - len(np.unique(groups))
    e = contrasts.T @ (centred.T @ centred) @ contrasts / nu
    gg = np.trace(e) ** 2 / (d * np.trace(e @ e))
    hf = ((nu + 1) * d * gg - 2) / (d * (nu - d * gg))
    w = np.linalg.det(e) / (np.trace(e) / d) ** d
    chi2 = -(nu - (2 * d * d + d + 2) / (6 * d)) * np.log(w)
    dof = d * (d + 1) / 2 - 1
    return dict(mauchly_W=float(w), mauchly_chi2=float(chi2), mauchly_df=float(dof),
                mauchly_p=float(ss.chi2.sf(chi2, dof)), epsilon_gg=float(gg), epsilon_hf=float(hf))


def rm_anova_time(trials):
    long = per_participant(trials, ["technique"], "geomean")
    w = wide(long, "technique", TECHNIQUES)
    aov = pg.rm_anova(data=long, dv="value", within="technique", subject="participant",
                      detailed=True, correction=True, effsize="ng2").set_index("Source")
    row, err = aov.loc["technique"], aov.loc["Error"]
    spher = sphericity(w.to_numpy(), np.zeros(len(w)))
    assert np.isclose(spher["epsilon_gg"], row["eps"], rtol=1e-10)
    assert np.isclose(min(spher["epsilon_hf"], 1), pg.epsilon(long, dv="value", within="technique",
                                                              subject="participant", correction="hf"), rtol=1e-10)
    assert np.isclose(spher["mauchly_W"], row["W_spher"], rtol=1e-10)
    df1, df2, f = float(row["DF"]), float(err["DF"]), float(row["F"])
    hf = min(spher["epsilon_hf"], 1.0)
    out = dict(levels={lv: describe(w[lv], True) for lv in TECHNIQUES},
               F=f, df1=df1, df2=df2, p=float(row["p_unc"]), ges=float(row["ng2"]),
               pes=float(row["SS"] / (row["SS"] + err["SS"])), ss=float(row["SS"]), ss_error=float(err["SS"]),
               **spher, mauchly_p_pingouin=float(row["p_spher"]),
               p_gg=float(row["p_GG_corr"]), p_hf=float(ss.f.sf(f, df1 * hf, df2 * hf)))
    assert np.isclose(out["p_gg"], ss.f.sf(f, df1 * spher["epsilon_gg"], df2 * spher["epsilon_gg"]), rtol=1e-10)
    post = pg.pairwise_tests(data=long, dv="value", within="technique", subject="participant",
                             padjust="holm", parametric=True)
    pairs = [(a, b) for a, b in itertools.combinations(TECHNIQUES, 2)]
    wil = [wilcoxon_r(w[a], w[b]) for a, b in pairs]
    holm = multipletests([x["p"] for x in wil], method="holm")[1]
    out["posthoc"] = []
    for (a, b), wx, wh in zip(pairs, wil, holm):
        r = post[(post["A"] == a) & (post["B"] == b)].iloc[0]
        out["posthoc"].append(dict(a=a, b=b, t=float(r["T"]), df=float(r["dof"]), p_unc=float(r["p_unc"]),
                                   p_holm=float(r["p_corr"]), wilcoxon_V=wx["V"], wilcoxon_method=wx["method"],
                                   wilcoxon_p_unc=wx["p"], wilcoxon_p_holm=float(wh)))
    out["values"] = {p: {lv: float(w.loc[p, lv]) for lv in TECHNIQUES} for p in w.index}
    return out


def friedman_time(trials):
    long = per_participant(trials, ["technique"], "geomean")
    w = wide(long, "technique", TECHNIQUES)
    fr = pg.friedman(data=long, dv="value", within="technique", subject="participant").iloc[0]
    chi2, p = ss.friedmanchisquare(*[w[lv] for lv in TECHNIQUES])
    assert np.isclose(chi2, fr["Q"], rtol=1e-12) and np.isclose(p, fr["p_unc"], rtol=1e-10)
    # Conover (1999, eq. 5.8.6) as scikit-posthocs posthoc_conover_friedman / ThumbLab friedmanConover.
    values = w.to_numpy()
    n, k = values.shape
    ranks = ss.rankdata(values, axis=1)
    sums = ranks.sum(axis=0)
    s2 = (np.sum(ranks**2) - n * k * (k + 1) ** 2 / 4) / (k - 1)
    t2 = np.sum((sums - n * (k + 1) / 2) ** 2) / s2
    df = (n - 1) * (k - 1)
    scale = np.sqrt(s2 * 2 * n * (k - 1) / df * (1 - t2 / (n * (k - 1))))
    pairs = list(itertools.combinations(range(k), 2))
    t = [abs(sums[i] - sums[j]) / scale for i, j in pairs]
    p_unc = [float(2 * ss.t.sf(v, df)) for v in t]
    p_holm = multipletests(p_unc, method="holm")[1]
    ref = sp.posthoc_conover_friedman(values, p_adjust=None)
    ref_holm = sp.posthoc_conover_friedman(values, p_adjust="holm")
    for (i, j), pu, ph in zip(pairs, p_unc, p_holm):
        assert np.isclose(ref.iloc[i, j], pu, rtol=1e-10) and np.isclose(ref_holm.iloc[i, j], ph, rtol=1e-10)
    return dict(chi2=float(fr["Q"]), df=float(fr["ddof1"]), p=float(fr["p_unc"]), kendall_w=float(fr["W"]),
                rank_sums={lv: float(s) for lv, s in zip(TECHNIQUES, sums)},
                conover=[dict(a=TECHNIQUES[i], b=TECHNIQUES[j], t=float(tv), df=float(df), p_unc=pu, p_holm=float(ph))
                         for (i, j), tv, pu, ph in zip(pairs, t, p_unc, p_holm)])


def art_time(trials):
    frame = per_participant(trials, ["mobility", "technique"], "geomean").rename(columns={"value": "y"})
    factors = ["mobility", "technique"]
    names = {"mobility": "mobility", "technique": "technique", "mobility:technique": "mobility * technique"}
    terms = []
    for effect in [["mobility"], ["technique"], ["mobility", "technique"]]:
        frame["rank"] = gen_art.aligned_ranks(frame, factors, effect)
        table = pg.rm_anova(data=frame, dv="rank", within=factors, subject="participant").set_index("Source")
        row = table.loc[names[":".join(effect)]]
        terms.append(dict(term=":".join(effect), F=float(row["F"]), df1=float(row["ddof1"]),
                          df2=float(row["ddof2"]), p=float(row["p_unc"])))
    return dict(terms=terms, contrasts_technique=art_c_within(frame.drop(columns="rank"), factors, ["technique"]))


def art_c_within(frame, factors, term):
    """ART-C for a complete balanced within design, subject random intercept.

    Ranks as gen_art.art_c_intercept. With balanced data the REML variance components equal
    the ANOVA estimators, so a within-subject contrast has variance MS_E * sum(w^2) with MS_E
    the residual mean square of rank ~ subject + cell and df (n-1)(cells-1) (subjects and
    residual pool if MS_subject < MS_E). gen_art's MixedLM fit is kept as a check (t_mixedlm).
    """
    frame = frame.rename(columns={"participant": "subject"})
    mixed = {(c["a"], c["b"]): c for c in gen_art.art_c_intercept(frame, factors, term)}
    data = frame.copy()
    others = [f for f in factors if f not in term]
    data["combined"] = data[term].astype(str).agg(",".join, axis=1)
    data["rank"] = gen_art.aligned_ranks(data, others + ["combined"], ["combined"])
    cells = "C(combined)" + "".join(f" * C({o})" for o in others)
    full, no_subject = smf.ols(f"rank ~ C(subject) + {cells}", data).fit(), smf.ols(f"rank ~ {cells}", data).fit()
    ms_subject = (no_subject.ssr - full.ssr) / (no_subject.df_resid - full.df_resid)
    mse, df = full.mse_resid, full.df_resid
    if ms_subject < mse:
        mse, df = no_subject.mse_resid, no_subject.df_resid
    n, levels = data["subject"].nunique(), sorted(data["combined"].unique())
    other_cells = data.groupby(factors).ngroups // len(levels)
    means = data.groupby("combined")["rank"].mean()  # equal cell sizes: equally weighted cell means
    se = float(np.sqrt(mse * 2 / (n * other_cells)))
    out = []
    for a, b in itertools.combinations(levels, 2):
        estimate = float(means[a] - means[b])
        t = estimate / se
        assert np.isclose(mixed[(a, b)]["t"], t, rtol=1e-6) and np.isclose(mixed[(a, b)]["estimate"], estimate)
        out.append(dict(a=a, b=b, estimate=estimate, se=se, df=float(df), t=t,
                        p_unc=float(2 * ss.t.sf(abs(t), df)), t_mixedlm=mixed[(a, b)]["t"]))
    for c, h in zip(out, multipletests([c["p_unc"] for c in out], method="holm")[1]):
        c["p_holm"] = float(h)
    return out


def write_between_csv():
    lines = (DATA / "trials.csv").read_text().splitlines()
    out = [lines[0] + ",group,cohort"]
    for line in lines[1:]:
        number = int(line.split(",", 1)[0][1:])
        group = "A" if number <= 8 else "B"
        cohort = "c1" if number <= 5 else "c2" if number <= 10 else "c3"
        out.append(f"{line},{group},{cohort}")
    (HERE / "between_trials.csv").write_text("\n".join(out) + "\n")


def between(trials):
    data = pd.read_csv(HERE / "between_trials.csv")
    data["log_time"] = np.log(data["time_ms"])
    data["miss"] = 1 - data["hit"]
    data = first(data)
    per = data.groupby("participant").agg(value=("log_time", "mean"), group=("group", "first"),
                                          cohort=("cohort", "first"), misses=("miss", "sum"), trials=("miss", "size"))
    a, b = per.loc[per.group == "A", "value"].to_numpy(), per.loc[per.group == "B", "value"].to_numpy()
    welch, student = ss.ttest_ind(a, b, equal_var=False), ss.ttest_ind(a, b, equal_var=True)
    na, nb = len(a), len(b)
    pooled = np.sqrt(((na - 1) * a.var(ddof=1) + (nb - 1) * b.var(ddof=1)) / (na + nb - 2))
    d = (a.mean() - b.mean()) / pooled
    assert np.isclose(d, pg.compute_effsize(a, b, eftype="cohen"), rtol=1e-12)
    ranks = ss.rankdata(np.concatenate([a, b]))
    u = float(ranks[:na].sum() - na * (na + 1) / 2)
    assert len(np.unique(np.concatenate([a, b]))) == na + nb  # no ties: R uses the exact distribution
    mw = ss.mannwhitneyu(a, b, alternative="two-sided", method="exact")
    assert mw.statistic == u and np.isclose(mw.pvalue, mann_whitney_exact_p(u, na, nb), rtol=1e-12)
    cohorts = [per.loc[per.cohort == c, "value"].to_numpy() for c in ["c1", "c2", "c3"]]
    kw = ss.kruskal(*cohorts)
    table = pg.anova(data=per.reset_index(), dv="value", between="cohort", detailed=True)
    aov, within = table.iloc[0], table.iloc[1]
    err_a = per.loc[per.group == "A", "misses"] / per.loc[per.group == "A", "trials"]
    err_b = per.loc[per.group == "B", "misses"] / per.loc[per.group == "B", "trials"]
    ew = ss.ttest_ind(err_a, err_b, equal_var=False)
    n = len(per)
    return dict(
        group_levels={g: describe(v, True) for g, v in [("A", a), ("B", b)]},
        welch=dict(t=float(welch.statistic), df=float(welch.df), p=float(welch.pvalue)),
        student=dict(t=float(student.statistic), df=float(student.df), p=float(student.pvalue)),
        cohen_d=float(d), hedges_g=float(d * (1 - 3 / (4 * (na + nb) - 9))),
        mann_whitney=dict(U=u, p=float(mw.pvalue), method="exact", rank_biserial=2 * u / (na * nb) - 1),
        cohort_levels={c: describe(v, True) for c, v in zip(["c1", "c2", "c3"], cohorts)},
        kruskal=dict(H=float(kw.statistic), df=float(len(cohorts) - 1), p=float(kw.pvalue), epsilon_squared=float(kw.statistic / (n - 1))),
        anova=dict(F=float(aov["F"]), df1=float(aov["DF"]), df2=float(within["DF"]), p=float(aov["p_unc"]),
                   eta_squared=float(aov["np2"])),
        error_welch=dict(t=float(ew.statistic), df=float(ew.df), p=float(ew.pvalue),
                         mean_A=float(err_a.mean()), mean_B=float(err_b.mean())),
        values={p: dict(group=r.group, cohort=r.cohort, mean_log_time=float(r.value), misses=int(r.misses),
                        trials=int(r.trials)) for p, r in per.iterrows()},
    )


def mixed_anova(trials):
    long = per_participant(trials, ["technique"], "geomean")
    long["group"] = np.where(long["participant"].str[1:].astype(int) <= 8, "A", "B")
    aov = pg.mixed_anova(data=long, dv="value", within="technique", subject="participant", between="group",
                         correction=True, effsize="ng2").set_index("Source")
    w = wide(long, "technique", TECHNIQUES)
    groups = np.where(w.index.str[1:].astype(int) <= 8, "A", "B")
    spher = sphericity(w.to_numpy(), groups)
    out = {}
    for source, name in [("group", "group"), ("technique", "technique"), ("Interaction", "group:technique")]:
        r = aov.loc[source]
        out[name] = dict(F=float(r["F"]), df1=float(r["DF1"]), df2=float(r["DF2"]), p=float(r["p_unc"]),
                         ges=float(r["ng2"]), ss=float(r["SS"]))
        if name != "group":
            eps = spher["epsilon_gg"]
            hf = min(spher["epsilon_hf"], 1.0)
            out[name].update(spher, p_gg=float(ss.f.sf(r["F"], r["DF1"] * eps, r["DF2"] * eps)),
                             p_hf=float(ss.f.sf(r["F"], r["DF1"] * hf, r["DF2"] * hf)))
    t = aov.loc["technique"]
    out["technique"].update(pingouin_epsilon_gg=float(t["eps"]), pingouin_mauchly_W=float(t["W_spher"]),
                            pingouin_mauchly_p=float(t["p_spher"]), pingouin_p_gg=float(t["p_GG_corr"]))
    return out


def adjusted_wald(x, n):
    nt = n + Z**2
    pt = (x + Z**2 / 2) / nt
    half = Z * np.sqrt(pt * (1 - pt) / nt)
    low, high = max(0.0, pt - half), min(1.0, pt + half)
    ref = proportion_confint(x, n, alpha=0.05, method="agresti_coull")
    assert np.allclose([low, high], ref, rtol=1e-12, atol=1e-15)
    return float(low), float(high)


def rate(frame):
    x, n = int(frame["miss"].sum()), len(frame)
    low, high = adjusted_wald(x, n)
    return dict(trials=n, misses=x, rate=x / n, ci_low=low, ci_high=high)


def error_rates(trials):
    return {lv: rate(trials[trials.technique == lv]) for lv in TECHNIQUES}


def summary_technique_size(trials):
    logs = trials.groupby(["technique", "target_size_mm", "participant"])["log_time"].mean()
    rows = []
    for (tech, size), cell in trials.groupby(["technique", "target_size_mm"], sort=True):
        n, mean, _, _, low, high = t_interval(logs.loc[(tech, size)])
        dx = cell["touch_x"] - cell["target_x"]
        dy = cell["touch_y"] - cell["target_y"]
        r = rate(cell)
        row = dict(technique=tech, target_size_mm=float(size), participants=n, trials=len(cell),
                   time_geomean=float(np.exp(mean)), time_ci_low=float(np.exp(low)), time_ci_high=float(np.exp(high)),
                   time_mean=float(cell.time_ms.mean()), time_sd=float(cell.time_ms.std(ddof=1)),
                   time_median=float(cell.time_ms.median()), misses=r["misses"], error_rate=r["rate"],
                   error_ci_low=r["ci_low"], error_ci_high=r["ci_high"])
        for name, v in [("dx", dx), ("dy", dy)]:
            row[f"offset_{name}_px"], row[f"offset_{name}_sd_px"] = float(v.mean()), float(v.std(ddof=1))
            row[f"offset_{name}_mm"] = float(v.mean() / PX_PER_MM)
            row[f"offset_{name}_sd_mm"] = float(v.std(ddof=1) / PX_PER_MM)
        rows.append(row)
    return rows


def attempts(trials):
    chosen = dict(first=first(trials), last=trials.drop_duplicates(KEYS, keep="last"), all=trials)
    return {name: {lv: rate(data[data.technique == lv]) for lv in TECHNIQUES} for name, data in chosen.items()}


def exclude_shift_rm(trials):
    data = trials[trials.technique != "Shift"]
    long = per_participant(data, ["technique"], "geomean")
    w = wide(long, "technique", ["Direct", "ThumbSpace"])
    aov = pg.rm_anova(data=long, dv="value", within="technique", subject="participant", detailed=True)
    row, err = aov.iloc[0], aov.iloc[1]
    out = dict(levels={lv: describe(w[lv], True) for lv in w.columns}, paired_t=paired_t(w["Direct"], w["ThumbSpace"]),
               rm_anova=dict(F=float(row["F"]), df1=float(row["DF"]), df2=float(err["DF"]), p=float(row["p_unc"]),
                             ges=float(row["ng2"])))
    assert np.isclose(out["paired_t"]["t"] ** 2, out["rm_anova"]["F"], rtol=1e-10)
    return out


def main():
    warnings.simplefilter("ignore")  # MixedLM convergence chatter
    write_between_csv()
    trials = load()
    f = first(trials)
    out = dict(
        generator="gen_reference.py",
        dataset="Datasets/thumbspace-vs-shift/trials.csv",
        tools={"python": platform.python_version(), "numpy": np.__version__, "pandas": pd.__version__,
               "scipy": scipy.__version__, "pingouin": pg.__version__, "scikit_posthocs": sp.__version__,
               "statsmodels": statsmodels.__version__},
        counts=dict(rows=len(trials), first_attempts=len(f), participants=int(f.participant.nunique())),
        paired_time=paired(f, "geomean"),
        paired_error=paired(f, "error"),
        rm_anova_time=rm_anova_time(f),
        friedman_time=friedman_time(f),
        art_time=art_time(f),
        between=between(trials),
        mixed_anova=mixed_anova(f),
        error_rates=error_rates(f),
        summary_technique_size=summary_technique_size(f),
        attempts=attempts(trials),
        exclude_shift_rm=exclude_shift_rm(f),
    )
    (HERE / "reference.json").write_text(json.dumps(out, indent=1, allow_nan=False) + "\n")


if __name__ == "__main__":
    main()
