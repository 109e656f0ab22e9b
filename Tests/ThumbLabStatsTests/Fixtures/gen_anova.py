"""Reference results for the ANOVA family, written to anova.json.

Random designs with results from independent implementations:
- one and two within factors (2-5 levels): pingouin 0.7 rm_anova (correction=True),
  pingouin.sphericity and pingouin.epsilon;
- three within factors: statsmodels AnovaRM (F, df and p only);
- balanced mixed designs (one between, one within factor): pingouin 0.7 mixed_anova;
- unbalanced mixed designs (one or two between, one or two within factors): type III sums of
  squares of statsmodels fits to each orthonormal contrast score, summed as car::Anova / afex do;
- unbalanced between-subjects factorial designs: statsmodels anova_lm(typ=3) on an OLS
  fit with sum-to-zero contrasts, C(x, Sum);
- one-way Tukey HSD (unequal group sizes): scipy.stats.tukey_hsd.

Seeded; rerunning rewrites anova.json byte for byte:

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_anova.py
"""

import itertools
import json
import os
import warnings

import numpy as np
import pandas as pd
import pingouin as pg
import scipy
import statsmodels
import statsmodels.api as sm
import statsmodels.formula.api as smf
from scipy import stats
from statsmodels.stats.anova import AnovaRM

warnings.filterwarnings("ignore")
rng = np.random.default_rng(20240604)


def num(x):
    """A JSON number, or None for NaN / missing."""
    if x is None:
        return None
    x = float(x)
    return None if np.isnan(x) else x


def within_values(n, levels):
    """Subject effects plus cell effects plus noise whose spread differs per cell, so that
    sphericity is violated to a random degree."""
    cells = int(np.prod(levels))
    subject = rng.normal(0, rng.uniform(0.5, 3), size=(n, 1))
    effects = rng.normal(0, rng.uniform(0, 1.5), size=cells)
    spread = rng.uniform(0.5, 3, size=cells)
    loadings = rng.normal(0, rng.uniform(0, 1.5), size=cells)
    latent = rng.normal(size=(n, 1))
    values = 10 + subject + effects + latent * loadings + rng.normal(size=(n, cells)) * spread
    return np.round(values, 4)


def long_frame(values, factors, levels, between=None):
    rows = []
    grid = list(np.ndindex(*levels))
    for s in range(values.shape[0]):
        for c, idx in enumerate(grid):
            row = {"S": "s%d" % (s + 1), "Y": values[s, c]}
            for f, i in zip(factors, idx):
                row[f] = "%s%d" % (f.lower(), i + 1)
            if between is not None:
                row["G"] = between[s]
            rows.append(row)
    return pd.DataFrame(rows)


def observations(df, factors):
    return {
        "subject": list(df["S"]),
        "levels": {f: list(df[f]) for f in factors},
        "value": [float(v) for v in df["Y"]],
    }


def term(name, ss, df1, f, p, err_ss, err_df, ges, pes, **extra):
    out = {"name": name, "ss": num(ss), "df": num(df1), "f": num(f), "p": num(p),
           "errorSS": num(err_ss), "errorDF": num(err_df), "ges": num(ges), "pes": num(pes)}
    out.update({k: num(v) for k, v in extra.items()})
    return out


def one_way_within(n, k):
    df = long_frame(within_values(n, [k]), ["A"], [k])
    aov = pg.rm_anova(df, dv="Y", within="A", subject="S", correction=True, detailed=True)
    pes = pg.rm_anova(df, dv="Y", within="A", subject="S", effsize="np2")["np2"][0]
    extra = {}
    if k > 2:
        spher = pg.sphericity(df, dv="Y", within="A", subject="S")
        extra = dict(epsilonGG=pg.epsilon(df, dv="Y", within="A", subject="S", correction="gg"),
                     epsilonHFApplied=pg.epsilon(df, dv="Y", within="A", subject="S", correction="hf"),
                     mauchlyW=spher.W, chiSquare=spher.chi2, mauchlyP=spher.pval,
                     pGG=aov["p_GG_corr"][0])
    t = term("A", aov["SS"][0], aov["DF"][0], aov["F"][0], aov["p_unc"][0], aov["SS"][1],
             aov["DF"][1], aov["ng2"][0], pes, **extra)
    return {"kind": "within", "between": [], "within": ["A"],
            "observations": observations(df, ["A"]), "terms": [t]}


def two_way_within(n, ka, kb):
    df = long_frame(within_values(n, [ka, kb]), ["A", "B"], [ka, kb])
    aov = pg.rm_anova(df, dv="Y", within=["A", "B"], subject="S", correction=True)
    pes = pg.rm_anova(df, dv="Y", within=["A", "B"], subject="S", effsize="np2")["np2"]
    terms = []
    for i, (name, within) in enumerate([("A", ["A"]), ("B", ["B"]), ("A:B", ["A", "B"])]):
        ms_err = aov["SS"][i] / aov["ddof1"][i] / aov["F"][i]
        extra = {}
        levels = ka if name == "A" else kb if name == "B" else ka * kb
        if aov["ddof1"][i] > 1:
            source = df if name == "A:B" else df.groupby(["S", within[0]], as_index=False)["Y"].mean()
            spher = pg.sphericity(source, dv="Y", within=within, subject="S")
            extra = dict(epsilonGG=aov["eps"][i],
                         epsilonHFApplied=pg.epsilon(source, dv="Y", within=within, subject="S",
                                                     correction="hf"),
                         mauchlyW=aov["W_spher"][i], chiSquare=spher.chi2,
                         mauchlyP=aov["p_spher"][i], pGG=aov["p_GG_corr"][i])
        terms.append(term(name, aov["SS"][i], aov["ddof1"][i], aov["F"][i], aov["p_unc"][i],
                          ms_err * aov["ddof2"][i], aov["ddof2"][i], aov["ng2"][i], pes[i], **extra))
    return {"kind": "within", "between": [], "within": ["A", "B"],
            "observations": observations(df, ["A", "B"]), "terms": terms}


def mixed(per_group, groups, k):
    n = per_group * groups
    labels = ["g%d" % (i // per_group + 1) for i in range(n)]
    values = within_values(n, [k])
    shift = rng.normal(0, 1, size=(groups, k))
    for s in range(n):
        values[s] += np.round(shift[s // per_group], 4)
    df = long_frame(values, ["T"], [k], between=labels)
    aov = pg.mixed_anova(df, dv="Y", within="T", between="G", subject="S", correction=True,
                         effsize="ng2")
    pes = pg.mixed_anova(df, dv="Y", within="T", between="G", subject="S", effsize="np2")["np2"]
    terms = []
    for i, name in enumerate(["G", "T", "G:T"]):
        err_ss = aov["SS"][i] / aov["DF1"][i] / aov["F"][i] * aov["DF2"][i]
        extra = {}
        if i > 0 and k > 2:
            extra = dict(epsilonGG=aov["eps"][i], mauchlyW=aov["W_spher"][i],
                         mauchlyP=aov["p_spher"][i], pGG=aov["p_GG_corr"][i])
        terms.append(term(name, aov["SS"][i], aov["DF1"][i], aov["F"][i], aov["p_unc"][i],
                          err_ss, aov["DF2"][i], aov["ng2"][i], pes[i], **extra))
    return {"kind": "mixed", "between": ["G"], "within": ["T"],
            "observations": observations(df, ["G", "T"]), "terms": terms}


def between_factorial(levels):
    factors = ["A", "B", "D"][: len(levels)]  # "C" would shadow patsy's C()
    rows = []
    for idx in np.ndindex(*levels):
        size = int(rng.integers(2, 9))
        effect = rng.normal(0, 1)
        for _ in range(size):
            row = {f: "%s%d" % (f.lower(), i + 1) for f, i in zip(factors, idx)}
            row["Y"] = round(float(20 + effect + rng.normal(0, 2)), 4)
            rows.append(row)
    df = pd.DataFrame(rows)
    df["S"] = ["r%d" % (i + 1) for i in range(len(df))]
    formula = "Y ~ " + " * ".join("C(%s, Sum)" % f for f in factors)
    table = sm.stats.anova_lm(smf.ols(formula, data=df).fit(), typ=3)
    res_ss, res_df = table.loc["Residual", "sum_sq"], table.loc["Residual", "df"]
    terms = []
    for source, row in table.iterrows():
        if source in ("Intercept", "Residual"):
            continue
        name = ":".join(part[2] for part in source.split(":"))
        ss = row["sum_sq"]
        terms.append(term(name, ss, row["df"], row["F"], row["PR(>F)"], res_ss, res_df,
                          ss / (ss + res_ss), ss / (ss + res_ss)))
    # R's term order: by size, then in factor order (A, B, D, A:B, A:D, B:D, A:B:D).
    terms.sort(key=lambda t: (t["name"].count(":"), [factors.index(f) for f in t["name"].split(":")]))
    return {"kind": "between", "between": factors, "within": [],
            "observations": observations(df, factors), "terms": terms}


def helmert(k):
    """Orthonormal Helmert contrasts, k x (k - 1)."""
    matrix = np.zeros((k, k - 1))
    for j in range(1, k):
        matrix[:j, j - 1] = 1 / np.sqrt(j * (j + 1))
        matrix[j, j - 1] = -j / np.sqrt(j * (j + 1))
    return matrix


def multivariate_reference(values, groups, between, within, levels):
    """car::Anova's multivariate method rebuilt from statsmodels: for each subset W of the
    within factors, project every subject's cells on the orthonormal contrasts of W
    (averaging over the other within factors), fit a type III OLS with sum-to-zero contrasts
    to each contrast score and sum the sums of squares over the scores (afex's SS are the
    traces of these hypothesis matrices)."""
    subsets = [()] + [tuple(c) for size in range(1, len(within) + 1)
                      for c in itertools.combinations(range(len(within)), size)]
    rows, errors = [], {}
    for subset in subsets:
        transform = np.ones((1, 1))
        for i, k in enumerate(levels):
            part = helmert(k) if i in subset else np.ones((k, 1)) / np.sqrt(k)
            transform = np.kron(transform, part)
        scores = values @ transform
        ss, dfs = {}, {}
        for column in range(scores.shape[1]):
            frame = groups.copy()
            frame["Z"] = scores[:, column]
            formula = "Z ~ " + " * ".join("C(%s, Sum)" % f for f in between)
            table = sm.stats.anova_lm(smf.ols(formula, data=frame).fit(), typ=3)
            for source, row in table.iterrows():
                ss[source] = ss.get(source, 0) + row["sum_sq"]
                dfs[source] = dfs.get(source, 0) + row["df"]
        within_names = [within[i] for i in subset]
        errors[subset] = (ss.pop("Residual"), dfs.pop("Residual"))
        for source in ss:
            if source == "Intercept" and not subset:
                continue
            between_names = [] if source == "Intercept" else [part[2] for part in source.split(":")]
            rows.append((":".join(between_names + within_names), ss[source], dfs[source], subset,
                         (subsets.index(subset), len(between_names),
                          [between.index(f) for f in between_names])))
    total_error = sum(e[0] for e in errors.values())
    terms = []
    # afex/car order: by within term (size, then factor order), then by between term
    # (G, H, G:H, T, G:T, H:T, G:H:T, U, ...).
    for name, ss, df1, subset, _ in sorted(rows, key=lambda r: r[4]):
        err_ss, err_df = errors[subset]
        f = ss / df1 / (err_ss / err_df)
        terms.append(term(name, ss, df1, f, stats.f.sf(f, df1, err_df), err_ss, err_df,
                          ss / (ss + total_error), ss / (ss + err_ss)))
    return terms


def unbalanced_mixed(sizes, within_levels):
    """Unbalanced split-plot design: between factors with unequal cell sizes (``sizes`` has
    one entry per between cell, the first between factor varying slowest), within factors
    with ``within_levels`` levels."""
    between_levels = [2, len(sizes) // 2] if len(sizes) >= 4 else [len(sizes)]
    between = ["G", "H"][: len(between_levels)]
    within = ["T", "U"][: len(within_levels)]
    cells = list(np.ndindex(*between_levels))
    labels = [{f: "%s%d" % (f.lower(), i + 1) for f, i in zip(between, cells[c])}
              for c, size in enumerate(sizes) for _ in range(size)]
    values = within_values(sum(sizes), within_levels)
    grid = list(np.ndindex(*within_levels))
    rows = []
    for s, subject_labels in enumerate(labels):
        for c, idx in enumerate(grid):
            row = {"S": "s%d" % (s + 1), "Y": values[s, c], **subject_labels}
            row.update({f: "%s%d" % (f.lower(), i + 1) for f, i in zip(within, idx)})
            rows.append(row)
    df = pd.DataFrame(rows)
    groups = pd.DataFrame(labels)
    terms = multivariate_reference(values, groups, between, within, within_levels)
    return {"kind": "mixed", "between": between, "within": within, "unbalanced": True,
            "observations": observations(df, between + within), "terms": terms}


def three_way_within(n, levels):
    """Three within factors; statsmodels AnovaRM (univariate, F tests only)."""
    factors = ["A", "B", "D"]
    df = long_frame(within_values(n, levels), factors, levels)
    # AnovaRM looks for the subject's name inside "C(A, Sum)", so "S" would match "Sum".
    renamed = df.rename(columns={"S": "participant"})
    table = AnovaRM(renamed, depvar="Y", subject="participant", within=factors).fit().anova_table
    terms = []
    for source, row in table.iterrows():
        terms.append({"name": source, "df": num(row["Num DF"]), "f": num(row["F Value"]),
                      "p": num(row["Pr > F"]), "errorDF": num(row["Den DF"])})
    terms.sort(key=lambda t: (t["name"].count(":"), [factors.index(f) for f in t["name"].split(":")]))
    return {"kind": "within", "between": [], "within": factors,
            "observations": observations(df, factors), "terms": terms}


def tukey(groups):
    samples = [np.round(rng.normal(rng.normal(0, 1.5), 2, size=int(rng.integers(3, 16))), 4)
               for _ in range(groups)]
    result = stats.tukey_hsd(*samples)
    ci = result.confidence_interval(0.95)
    pairs = []
    for i in range(groups):
        for j in range(i + 1, groups):
            pairs.append({"a": "g%d" % (i + 1), "b": "g%d" % (j + 1),
                          "difference": num(result.statistic[i, j]), "p": num(result.pvalue[i, j]),
                          "ciLow": num(ci.low[i, j]), "ciHigh": num(ci.high[i, j])})
    return {"groups": ["g%d" % (i + 1) for i in range(groups)],
            "values": [[float(v) for v in s] for s in samples], "pairs": pairs}


designs = []
for _ in range(18):
    designs.append(one_way_within(int(rng.integers(5, 61)), int(rng.integers(2, 6))))
for _ in range(14):
    ka, kb = int(rng.integers(2, 6)), int(rng.integers(2, 5))
    designs.append(two_way_within(int(rng.integers(max(5, ka * kb - 3), 41)), ka, kb))
for _ in range(4):
    levels = [int(rng.integers(2, 4)) for _ in range(3)]
    designs.append(three_way_within(int(rng.integers(5, 25)), levels))
for _ in range(12):
    groups = int(rng.integers(2, 5))
    designs.append(mixed(int(rng.integers(3, 16)), groups, int(rng.integers(2, 6))))
for _ in range(6):
    sizes = [int(rng.integers(3, 12)) for _ in range(int(rng.integers(2, 4)))]
    designs.append(unbalanced_mixed(sizes, [int(rng.integers(2, 6))]))
for _ in range(4):
    sizes = [int(rng.integers(2, 7)) for _ in range(4)]
    designs.append(unbalanced_mixed(sizes, [int(rng.integers(2, 4)), int(rng.integers(2, 4))]))
for _ in range(12):
    designs.append(between_factorial([int(rng.integers(2, 5)) for _ in range(int(rng.integers(1, 4)))]))
for number, design in enumerate(designs, start=1):
    design["id"] = "%s-%d" % (design["kind"], number)

tukeys = [tukey(int(rng.integers(3, 7))) for _ in range(8)]

out = {
    "generator": "gen_anova.py",
    "versions": {"pingouin": pg.__version__, "scipy": scipy.__version__,
                 "statsmodels": statsmodels.__version__, "numpy": np.__version__},
    "designs": designs,
    "tukey": tukeys,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "anova.json")
with open(path, "w") as handle:
    json.dump(out, handle, indent=None, separators=(",", ":"))
    handle.write("\n")
print("wrote %d designs and %d Tukey cases to %s" % (len(designs), len(tukeys), path))
