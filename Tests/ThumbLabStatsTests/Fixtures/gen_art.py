"""Reference ANOVAs of aligned ranks for random between, within and mixed designs.

The alignment follows ARTool (Wobbrock et al. 2011): for each effect, residual from the
full cell means plus the effect estimated by inclusion-exclusion of marginal means, rounded
to 8 decimals, average ranks. The ANOVA of each effect's ranks is computed independently:
statsmodels' type III anova_lm with sum-to-zero contrasts (unbalanced between designs),
pingouin.rm_anova (two within factors) and pingouin.mixed_anova (one between, one within,
equal groups). For the between designs it also records ART-C contrasts (Elkin et al. 2021)
of "A" and "A:B": the term's factors combined, aligned and ranked for the combined factor,
then pairwise differences of equally weighted marginal means tested in the cell-means
linear model with statsmodels' t_test, Holm-adjusted with multipletests. For the within and
mixed designs it records the ART-C t-ratios of every term in the cell-means model with a
random subject intercept fitted by REML (statsmodels MixedLM with Powell's method and tight
tolerances: its default optimizer can stop short of the optimum, which for these balanced
designs equals the ANOVA estimators of the variance components).

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_art.py

rewrites art.json beside this script exactly (seed 20260515).
"""

import itertools
import json
import pathlib
import warnings

import numpy as np
import pandas as pd
import pingouin as pg
import scipy
import statsmodels
import statsmodels.api as sm
import statsmodels.formula.api as smf
from scipy.stats import rankdata
from statsmodels.stats.multitest import multipletests

SEED = 20260515


def aligned_ranks(frame, factors, effect):
    y = frame["y"]
    residual = y - frame.groupby(factors)["y"].transform("mean")
    estimate = np.zeros(len(frame))
    for size in range(len(effect) + 1):
        for subset in itertools.combinations(effect, size):
            sign = (-1) ** (len(effect) - size)
            means = y.mean() if size == 0 else frame.groupby(list(subset))["y"].transform("mean")
            estimate = estimate + sign * np.asarray(means)
    return rankdata(np.round(np.asarray(residual) + estimate, 8))


def response(rng, size, ordinal, shift):
    if ordinal:
        return np.clip(np.rint(rng.normal(4 + shift, 1.6, size=size)), 1, 7)
    return np.exp(rng.normal(shift, 0.5, size=size))


def between_case(rng, index):
    sizes = [int(rng.integers(2, 4)), int(rng.integers(2, 4))] + ([2] if index % 3 == 0 else [])
    factors = ["A", "B", "D"][: len(sizes)]  # "C" would shadow patsy's C()
    rows = []
    for cell in itertools.product(*[range(s) for s in sizes]):
        count = int(rng.integers(2, 7))
        shift = 0.4 * cell[0] - 0.3 * cell[1] * (cell[0] == 0)
        for value in response(rng, count, index % 2 == 0, shift):
            rows.append({**{f: f"{f.lower()}{level + 1}" for f, level in zip(factors, cell)}, "y": float(value)})
    frame = pd.DataFrame(rows)
    frame["subject"] = [f"r{i + 1}" for i in range(len(frame))]
    terms = []
    for size in range(1, len(factors) + 1):
        for effect in itertools.combinations(factors, size):
            frame["rank"] = aligned_ranks(frame, factors, list(effect))
            formula = "rank ~ " + " * ".join(f"C({f}, Sum)" for f in factors)
            table = sm.stats.anova_lm(smf.ols(formula, frame).fit(), typ=3)
            label = ":".join(f"C({f}, Sum)" for f in effect)
            row = table.loc[label]
            terms.append({
                "term": ":".join(effect), "f": float(row["F"]), "df": float(row["df"]),
                "error_df": float(table.loc["Residual", "df"]), "p": float(row["PR(>F)"]),
            })
    contrasts = {term: art_c(frame, factors, term.split(":")) for term in ["A", "A:B"]}
    return {
        "kind": "between", "between": factors, "within": [], "rows": rows_of(frame, factors), "terms": terms,
        "contrasts": contrasts,
    }


def art_c_intercept(frame, factors, term):
    data = frame.copy()
    others = [f for f in factors if f not in term]
    data["combined"] = data[term].astype(str).agg(",".join, axis=1)
    model_factors = others + ["combined"]
    data["rank"] = aligned_ranks(data, model_factors, ["combined"])
    data["cell"] = data[model_factors].astype(str).agg("|".join, axis=1)
    cells = sorted(data["cell"].unique())
    model = smf.mixedlm("rank ~ C(cell) - 1", data, groups=data["subject"])
    fit = model.fit(reml=True, method="powell", maxiter=20000, xtol=1e-12, ftol=1e-14)
    levels = sorted(data["combined"].unique())
    other_cells = len(cells) // len(levels)
    results = []
    for a, b in itertools.combinations(levels, 2):
        weights = np.zeros((1, fit.k_fe))
        for position, cell in enumerate(cells):
            level = cell.split("|")[-1]
            weights[0, position] = (1 if level == a else -1 if level == b else 0) / other_cells
        test = fit.t_test(weights)
        results.append({
            "a": a, "b": b, "estimate": float(np.asarray(test.effect).item()),
            "t": float(np.asarray(test.tvalue).item()),
        })
    return results


def art_c(frame, factors, term):
    data = frame.copy()
    others = [f for f in factors if f not in term]
    data["combined"] = data[term].astype(str).agg(",".join, axis=1)
    model_factors = others + ["combined"]
    data["rank"] = aligned_ranks(data, model_factors, ["combined"])
    data["cell"] = data[model_factors].astype(str).agg("|".join, axis=1)
    cells = sorted(data["cell"].unique())
    fit = smf.ols("rank ~ C(cell) - 1", data).fit()
    levels = sorted(data["combined"].unique())
    other_cells = len(cells) // len(levels)
    results = []
    for a, b in itertools.combinations(levels, 2):
        weights = np.zeros(len(cells))
        for position, cell in enumerate(cells):
            level = cell.split("|")[-1]
            weights[position] = (1 if level == a else -1 if level == b else 0) / other_cells
        test = fit.t_test(weights)
        results.append({
            "a": a, "b": b, "estimate": float(np.asarray(test.effect).item()),
            "t": float(np.asarray(test.tvalue).item()), "df": float(fit.df_resid),
            "p": float(np.asarray(test.pvalue).item()),
        })
    holm = multipletests([r["p"] for r in results], method="holm")[1]
    for result, adjusted in zip(results, holm):
        result["p_holm"] = float(adjusted)
    return results


def within_case(rng, index):
    sizes = [int(rng.integers(2, 4)), int(rng.integers(2, 4))]
    n = int(rng.integers(6, 16))
    rows = []
    for subject in range(n):
        offset = rng.normal(0, 0.5)
        for a, b in itertools.product(range(sizes[0]), range(sizes[1])):
            value = response(rng, 1, index % 2 == 0, offset + 0.3 * a * (b + 1))[0]
            rows.append({"subject": f"s{subject + 1}", "A": f"a{a + 1}", "B": f"b{b + 1}", "y": float(value)})
    frame = pd.DataFrame(rows)
    names = {"A": "A", "B": "B", "A * B": "A:B"}
    terms = []
    for effect in [["A"], ["B"], ["A", "B"]]:
        frame["rank"] = aligned_ranks(frame, ["A", "B"], effect)
        table = pg.rm_anova(data=frame, dv="rank", within=["A", "B"], subject="subject").set_index("Source")
        source = [key for key, value in names.items() if value == ":".join(effect)][0]
        row = table.loc[source]
        terms.append({
            "term": ":".join(effect), "f": float(row["F"]), "df": float(row["ddof1"]),
            "error_df": float(row["ddof2"]), "p": float(row["p_unc"]),
        })
    contrasts = {term: art_c_intercept(frame, ["A", "B"], term.split(":")) for term in ["A", "A:B"]}
    return {
        "kind": "within", "between": [], "within": ["A", "B"], "rows": rows_of(frame, ["A", "B"]), "terms": terms,
        "intercept_contrasts": contrasts,
    }


def mixed_case(rng, index):
    groups = int(rng.integers(2, 4))
    levels = int(rng.integers(2, 5))
    per_group = int(rng.integers(4, 9))
    rows = []
    for group in range(groups):
        for member in range(per_group):
            offset = rng.normal(0.2 * group, 0.5)
            for level in range(levels):
                value = response(rng, 1, index % 2 == 0, offset + 0.25 * level * (group == 0))[0]
                rows.append({
                    "subject": f"g{group + 1}s{member + 1}", "G": f"g{group + 1}", "W": f"w{level + 1}", "y": float(value),
                })
    frame = pd.DataFrame(rows)
    names = {"G": "G", "W": "W", "Interaction": "G:W"}
    terms = []
    for effect in [["G"], ["W"], ["G", "W"]]:
        frame["rank"] = aligned_ranks(frame, ["G", "W"], effect)
        table = pg.mixed_anova(data=frame, dv="rank", within="W", between="G", subject="subject")
        table = table.set_index("Source")
        source = [key for key, value in names.items() if value == ":".join(effect)][0]
        row = table.loc[source]
        terms.append({
            "term": ":".join(effect), "f": float(row["F"]), "df": float(row["DF1"]),
            "error_df": float(row["DF2"]), "p": float(row["p_unc"]),
        })
    contrasts = {term: art_c_intercept(frame, ["G", "W"], term.split(":")) for term in ["G", "W", "G:W"]}
    return {
        "kind": "mixed", "between": ["G"], "within": ["W"], "rows": rows_of(frame, ["G", "W"]), "terms": terms,
        "intercept_contrasts": contrasts,
    }


def rows_of(frame, factors):
    return [
        {"subject": row["subject"], "levels": {f: row[f] for f in factors}, "y": float(row["y"])}
        for _, row in frame.iterrows()
    ]


def main():
    warnings.simplefilter("ignore")  # MixedLM reports convergence details on stderr
    rng = np.random.default_rng(SEED)
    cases = []
    for index in range(12):
        cases.append(between_case(rng, index))
    for index in range(8):
        cases.append(within_case(rng, index))
    for index in range(8):
        cases.append(mixed_case(rng, index))
    out = {
        "generator": "gen_art.py",
        "seed": SEED,
        "tools": {"scipy": scipy.__version__, "pingouin": pg.__version__, "statsmodels": statsmodels.__version__},
        "cases": cases,
    }
    path = pathlib.Path(__file__).with_name("art.json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
