"""Reference results for the Friedman test and its post-hoc procedures.

Draws seeded random complete-block designs (with and without ties) and records
scipy.stats.friedmanchisquare, pingouin.friedman (method "chisq" and "f") and
scikit-posthocs' Conover (unadjusted and Holm) and Nemenyi p-values, and pairwise
Wilcoxon signed-rank p-values under R's wilcox.test rule (exact below 50 nonzero
differences without ties or zeros, else normal with tie correction and continuity
correction; zeros dropped), unadjusted and Holm-adjusted with statsmodels.

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_friedman.py

rewrites friedman.json beside this script exactly (seed 20260514).
"""

import json
import pathlib

import numpy as np
import pandas as pd
import pingouin as pg
import scikit_posthocs as sp
import scipy
import scipy.stats as ss
from statsmodels.stats.multitest import multipletests

SEED = 20260514
CASES = 60


def draw(rng, index):
    n = int(rng.integers(5, 41))
    k = int(rng.integers(3, 7))
    shift = rng.normal(0, 0.6, size=k)
    if index % 3 == 0:
        # ordinal ratings 1..7: many ties within subjects
        raw = rng.normal(4 + shift, 1.5, size=(n, k))
        values = np.clip(np.rint(raw), 1, 7)
    elif index % 3 == 1:
        # rounded task times: occasional ties
        values = np.round(np.exp(rng.normal(1 + 0.2 * shift, 0.4, size=(n, k))), 1)
    else:
        values = rng.normal(shift, 1.0, size=(n, k))
    return values


def pairs_upper(matrix):
    k = matrix.shape[0]
    return [float(matrix.iloc[i, j]) for i in range(k) for j in range(i + 1, k)]


def wilcoxon_r_default(x, y):
    """Two-sided p of R's wilcox.test(x, y, paired = TRUE) with its default rule."""
    d = np.asarray(x) - np.asarray(y)
    nonzero = d[d != 0]
    ties = len(np.unique(np.abs(nonzero))) < len(nonzero)
    if len(nonzero) < 50 and not ties and len(nonzero) == len(d):
        return float(ss.wilcoxon(x, y, method="exact").pvalue)
    return float(ss.wilcoxon(x, y, zero_method="wilcox", correction=True, method="asymptotic").pvalue)


def pairwise_wilcoxon(values):
    k = values.shape[1]
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    if any(np.all(values[:, i] == values[:, j]) for i, j in pairs):
        return None, None
    p = [wilcoxon_r_default(values[:, i], values[:, j]) for i, j in pairs]
    return p, [float(v) for v in multipletests(p, method="holm")[1]]


def case(values):
    n, k = values.shape
    columns = [f"c{j + 1}" for j in range(k)]
    wide = pd.DataFrame(values, columns=columns)
    chisq = pg.friedman(wide.copy(), method="chisq")
    fmethod = pg.friedman(wide.copy(), method="f")
    scipy_stat, scipy_p = ss.friedmanchisquare(*[values[:, j] for j in range(k)])
    conover = sp.posthoc_conover_friedman(values, p_adjust=None)
    conover_holm = sp.posthoc_conover_friedman(values, p_adjust="holm")
    nemenyi = sp.posthoc_nemenyi_friedman(values)
    wilcoxon_p, wilcoxon_p_holm = pairwise_wilcoxon(values)
    return {
        "values": values.tolist(),
        "scipy_statistic": float(scipy_stat),
        "scipy_p": float(scipy_p),
        "pingouin_w": float(chisq["W"].iloc[0]),
        "pingouin_q": float(chisq["Q"].iloc[0]),
        "pingouin_p": float(chisq["p_unc"].iloc[0]),
        "pingouin_f": float(fmethod["F"].iloc[0]),
        "pingouin_f_df1": float(fmethod["ddof1"].iloc[0]),
        "pingouin_f_df2": float(fmethod["ddof2"].iloc[0]),
        "pingouin_f_p": float(fmethod["p_unc"].iloc[0]),
        "conover_p": pairs_upper(conover),
        "conover_p_holm": pairs_upper(conover_holm),
        "nemenyi_p": pairs_upper(nemenyi),
        "wilcoxon_p": wilcoxon_p,
        "wilcoxon_p_holm": wilcoxon_p_holm,
    }


def main():
    rng = np.random.default_rng(SEED)
    cases = [case(draw(rng, index)) for index in range(CASES)]
    out = {
        "generator": "gen_friedman.py",
        "seed": SEED,
        "tools": {
            "scipy": scipy.__version__,
            "pingouin": pg.__version__,
            "scikit_posthocs": sp.__version__,
            "statsmodels": __import__("statsmodels").__version__,
        },
        "cases": cases,
    }
    path = pathlib.Path(__file__).with_name("friedman.json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
