"""Reference values for ThumbLabStats' Power: power, solved n and solved effect size.

400 seeded random cases: 160 t tests (one-sample, paired and two-sample; two-sided,
greater and less), 120 one-way ANOVAs and 120 one-way repeated-measures ANOVAs. For each,
the power at the drawn (effect, n, alpha), the exact n that reaches a drawn target power,
and the effect size that reaches it at the drawn n:
- pingouin 0.7 `power_ttest`, `power_anova` (eta_squared = f^2 / (1 + f^2)) and
  `power_rm_anova` (its brenth root finder, xtol 2e-12);
- R's pwr `pwr.t.test` and `pwr.anova.test` (run through Rscript), with n and the effect
  solved by `uniroot(tol = 1e-12)` on pwr's power function rather than pwr's own
  tolerance of 1.2e-4. pwr has no repeated-measures test; those cases are pingouin only.
The script stops if pingouin and pwr disagree by more than 1e-8 on power or 1e-6 on n.
Seeded; rewrites power.json in under a minute.

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_power.py
"""

import json
import os
import random
import subprocess

import numpy as np
import pingouin as pg

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(3131)

R_SCRIPT = r"""
suppressMessages(library(pwr))
d <- read.csv(file("stdin"), stringsAsFactors = FALSE)
out <- t(sapply(seq_len(nrow(d)), function(i) {
  r <- d[i, ]
  if (r$test == "t") {
    pw <- function(n, es) pwr.t.test(n = n, d = es, sig.level = r$alpha, type = r$design,
                                     alternative = r$alternative)$power
  } else {
    pw <- function(n, es) pwr.anova.test(k = r$groups, n = n, f = es, sig.level = r$alpha)$power
  }
  power <- pw(r$n, r$effect)
  n <- uniroot(function(n) pw(n, r$effect) - r$target, c(2, 1e7), tol = 1e-12)$root
  range <- if (r$alternative == "less") c(-50, -1e-9) else c(1e-9, 50)
  es <- uniroot(function(es) pw(r$n, es) - r$target, range, tol = 1e-12)$root
  c(power, n, es)
}))
write.table(format(out, digits = 17), sep = ",", row.names = FALSE, col.names = FALSE, quote = FALSE)
"""

R_DESIGN = {"one-sample": "one.sample", "paired": "paired", "two-sample": "two.sample"}
PG_DESIGN = {"one-sample": "one-sample", "paired": "paired", "two-sample": "two-samples"}
R_ALTERNATIVE = {"two-sided": "two.sided", "greater": "greater", "less": "less"}


def eta2(f):
    return f * f / (1 + f * f)


def f_of(eta):
    return (eta / (1 - eta)) ** 0.5


def pingouin(case, n=None, effect=None, power=None):
    """pingouin's answer for the one argument left None (effect on Cohen's d or f scale)."""
    alpha = case["alpha"]
    if case["test"] == "t":
        return pg.power_ttest(d=effect, n=n, power=power, alpha=alpha,
                              contrast=PG_DESIGN[case["design"]], alternative=case["alternative"])
    eta = None if effect is None else eta2(effect)
    if case["test"] == "anova":
        value = pg.power_anova(eta_squared=eta, k=case["groups"], n=n, power=power, alpha=alpha)
    else:
        value = pg.power_rm_anova(eta_squared=eta, m=case["groups"], n=n, power=power, alpha=alpha,
                                  corr=case["correlation"], epsilon=case["epsilon"])
    return f_of(value) if effect is None and power is not None and n is not None else value


def draw(test):
    case = {"test": test, "alpha": rng.choice([0.01, 0.05, 0.05, 0.1])}
    if test == "t":
        case["design"] = rng.choice(["one-sample", "paired", "two-sample"])
        case["alternative"] = rng.choice(["two-sided", "two-sided", "greater", "less"])
        case["groups"] = 1 if case["design"] == "one-sample" else 2
        effect = round(rng.uniform(0.15, 1.5), 4)
        case["effect"] = -effect if case["alternative"] == "less" else effect
        case["n"] = rng.choice([rng.randint(3, 60), round(rng.uniform(2.5, 40), 2)])
    else:
        case["groups"] = rng.randint(2, 6)
        case["effect"] = round(rng.uniform(0.1, 0.8), 4)
        case["n"] = rng.choice([rng.randint(3, 40), round(rng.uniform(2.5, 30), 2)])
        case["alternative"] = "two-sided"
        if test == "rm-anova":
            case["correlation"] = round(rng.uniform(-0.5, 0.9), 3)
            case["epsilon"] = round(rng.uniform(1 / (case["groups"] - 1), 1), 4)
    return case


cases = []
for test, count in [("t", 160), ("anova", 120), ("rm-anova", 120)]:
    while sum(c["test"] == test for c in cases) < count:
        case = draw(test)
        case["power"] = float(pingouin(case, n=case["n"], effect=case["effect"]))
        floor = float(pingouin(case, n=2, effect=case["effect"]))
        low = max(floor, case["power"] * 0.5, case["alpha"]) + 0.02
        if low >= 0.97:
            continue
        case["target"] = round(rng.uniform(low, 0.97), 4)
        case["n_solved"] = float(pingouin(case, effect=case["effect"], power=case["target"]))
        case["effect_solved"] = float(pingouin(case, n=case["n"], power=case["target"]))
        if not (np.isfinite(case["n_solved"]) and np.isfinite(case["effect_solved"])):
            continue
        cases.append(case)

checked = [c for c in cases if c["test"] != "rm-anova"]
rows = "test,design,alternative,alpha,groups,effect,n,target\n" + "".join(
    f'{"t" if c["test"] == "t" else "anova"},{R_DESIGN.get(c.get("design"), "")},'
    f'{R_ALTERNATIVE[c["alternative"]]},{c["alpha"]!r},{c["groups"]},{c["effect"]!r},{c["n"]!r},'
    f'{c["target"]!r}\n' for c in checked)
output = subprocess.run(["Rscript", "-e", R_SCRIPT], input=rows, capture_output=True, text=True,
                        check=True).stdout
for case, line in zip(checked, output.strip().splitlines()):
    power, n, effect = (float(v) for v in line.split(","))
    case["pwr"] = {"power": power, "n_solved": n, "effect_solved": effect}
    assert abs(power - case["power"]) < 1e-8, (case, power)
    assert abs(n - case["n_solved"]) < 1e-6, (case, n)
    assert abs(effect - case["effect_solved"]) < 1e-6, (case, effect)
assert len(checked) == len(output.strip().splitlines())

versions = subprocess.run(["Rscript", "-e", 'cat(R.version.string, "pwr", format(packageVersion("pwr")))'],
                          capture_output=True, text=True).stdout.strip()
with open(os.path.join(HERE, "power.json"), "w") as out:
    json.dump({"generator": "gen_power.py", "pingouin": pg.__version__, "r": versions, "cases": cases},
              out, indent=1)
print(len(cases), "cases")
