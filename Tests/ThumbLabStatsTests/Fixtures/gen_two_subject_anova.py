"""Reference for a one-way repeated-measures ANOVA with two subjects, where the Huynh-Feldt
epsilon is 0/0 and therefore undefined.

F and its uncorrected and Greenhouse-Geisser p-values from the sums of squares (numpy,
scipy.stats.f), epsilon GG from the eigenvalues of the residual SSP matrix of orthonormal
contrasts, and the Huynh-Feldt numerator and denominator (Lecoutre's form) in exact rational
arithmetic, both 0. pingouin 0.7's rm_anova raises ZeroDivisionError on this design and its
`epsilon(correction="hf")` returns -1.0, a rounding artefact of 0/0.

    python3 Tests/ThumbLabStatsTests/Fixtures/gen_two_subject_anova.py
"""

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import scipy
from scipy import stats

values = [[1.0, 2.5, 4.0], [2.0, 2.9, 6.5]]  # subjects x levels
y = np.array(values)
n, k = y.shape
grand = y.mean()
ss_a = n * ((y.mean(axis=0) - grand) ** 2).sum()
ss_s = k * ((y.mean(axis=1) - grand) ** 2).sum()
ss_e = ((y - grand) ** 2).sum() - ss_a - ss_s
df1, df2 = k - 1, (k - 1) * (n - 1)
f = (ss_a / df1) / (ss_e / df2)

contrasts = np.array([[1, -1, 0], [1, 1, -2]], dtype=float)
contrasts /= np.linalg.norm(contrasts, axis=1)[:, None]
scores = y @ contrasts.T
centered = scores - scores.mean(axis=0)
eigenvalues = np.linalg.eigvalsh(centered.T @ centered)
d = k - 1
epsilon_gg = eigenvalues.sum() ** 2 / (d * (eigenvalues**2).sum())

# With one residual df the SSP matrix has rank 1, so epsilon GG is exactly 1/d.
nu, gg = Fraction(n - 1), Fraction(1, d)
hf_numerator = (nu + 1) * d * gg - 2
hf_denominator = d * (nu - d * gg)

out = {
    "generator": "gen_two_subject_anova.py",
    "versions": {"numpy": np.__version__, "scipy": scipy.__version__},
    "values": values,
    "f": f,
    "df1": df1,
    "df2": df2,
    "p": stats.f.sf(f, df1, df2),
    "epsilonGG": epsilon_gg,
    "pGG": stats.f.sf(f, df1 * epsilon_gg, df2 * epsilon_gg),
    "hfNumerator": float(hf_numerator),
    "hfDenominator": float(hf_denominator),
}
path = Path(__file__).with_name("two_subject_anova.json")
path.write_text(json.dumps(out, indent=1) + "\n")
