"""Reference values for comparisons of questionnaire scores on Datasets/thumbspace-vs-shift.

SUS per participant and technique (Brooke 1996: odd items score - 1, even items 5 - score,
sum x 2.5), compared across the three techniques with pingouin's repeated-measures ANOVA
(with sphericity) and pairwise paired t-tests (Holm); the single `satisfaction` item with
the Friedman test (scipy; tie-corrected chi-square, Kendall's W = chi2 / (n (k - 1))).

    python3 Tests/ThumbLabTests/Fixtures/analysis/gen_score_comparisons.py

rewrites score_comparisons.json beside this script exactly.
"""

import json
import pathlib

import pandas as pd
import pingouin as pg
import scipy.stats as st

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[3]
ORDER = ["Direct", "Shift", "ThumbSpace"]


def sus_scores(responses):
    sus = responses[responses.instrument == "SUS"].copy()
    sus["item"] = sus["item"].astype(int)
    sus["points"] = [v - 1 if i % 2 == 1 else 5 - v for i, v in zip(sus["item"], sus["value"])]
    return sus.groupby(["participant", "technique"], as_index=False)["points"].sum().assign(
        score=lambda d: d["points"] * 2.5
    )


def main():
    responses = pd.read_csv(ROOT / "Datasets" / "thumbspace-vs-shift" / "responses.csv")
    sus = sus_scores(responses)
    aov = pg.rm_anova(data=sus, dv="score", within="technique", subject="participant", detailed=True,
                      correction=True, effsize="ng2")
    row = aov.iloc[0]
    sphericity = pg.sphericity(sus, dv="score", within="technique", subject="participant")
    posthoc = pg.pairwise_tests(data=sus, dv="score", within="technique", subject="participant",
                                padjust="holm", parametric=True)
    wide = sus.pivot(index="participant", columns="technique", values="score")[ORDER]
    satisfaction = responses[responses.instrument == "satisfaction"].pivot(
        index="participant", columns="technique", values="value")[ORDER]
    chi2, p = st.friedmanchisquare(*[satisfaction[c] for c in ORDER])
    n, k = satisfaction.shape
    out = {
        "generator": "gen_score_comparisons.py",
        "tools": {"pandas": pd.__version__, "pingouin": pg.__version__},
        "sus": {
            "means": {t: float(wide[t].mean()) for t in ORDER},
            "F": float(row["F"]), "df1": float(row["DF"]), "df2": float(aov.iloc[1]["DF"]),
            "p": float(row["p_unc"]), "ges": float(row["ng2"]), "epsilon_gg": float(row["eps"]),
            "mauchly_W": float(sphericity.W), "mauchly_p": float(sphericity.pval),
            "posthoc": [
                {"a": r["A"], "b": r["B"], "t": float(r["T"]), "p_unc": float(r["p_unc"]),
                 "p_holm": float(r["p_corr"])}
                for _, r in posthoc.iterrows()
            ],
        },
        "satisfaction": {"chi2": float(chi2), "df": float(k - 1), "p": float(p), "kendall_w": float(chi2 / (n * (k - 1)))},
    }
    (HERE / "score_comparisons.json").write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
