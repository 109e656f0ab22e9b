"""Synthetic studies for `thumblab order-effects`, and pingouin's figures on them.

Twelve participants (P01..P12) meet Direct, Shift and ThumbSpace in the six sequences of
the Williams design for three levels (the square 0 1 2, 1 2 0, 2 0 1 and its mirror), two
participants per sequence. The level at position j (from 0) runs as block j + 1, twelve
trials each, so that the data show the order. ln time = 6.8 + technique + position effect
+ participant + noise (sd 0.25); misses with probability 0.08.

- order_planted.csv: a practice effect of -0.12 ln ms per position (about 11% faster each);
- order_none.csv: no position effect.

For each, one value per participant and cell (the mean of ln time, as ThumbLab's geomean),
pingouin's rm_anova over position (1..3) and mixed_anova with sequence (between) and
technique (within) are written to order_effects_pingouin.json. gen_order_effects_afex.R
computes afex's type III figures on the same files.

    python3 Tests/ThumbLabTests/Fixtures/planning/gen_order_studies.py
"""
import json
import os

import numpy as np
import pandas as pd
import pingouin as pg

HERE = os.path.dirname(os.path.abspath(__file__))
LEVELS = ["Direct", "Shift", "ThumbSpace"]
SQUARE = [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
SEQUENCES = SQUARE + [row[::-1] for row in SQUARE]
TECHNIQUE = {"Direct": 0.0, "Shift": 0.15, "ThumbSpace": 0.3}


def study(name, position_effect, seed):
    rng = np.random.default_rng(seed)
    rows = []
    for index in range(12):
        participant = f"P{index + 1:02d}"
        order = [LEVELS[i] for i in SEQUENCES[index % 6]]
        intercept = rng.normal(0, 0.2)
        for position, level in enumerate(order):
            for trial in range(1, 13):
                log_time = 6.8 + TECHNIQUE[level] + position_effect * position + intercept + rng.normal(0, 0.25)
                hit = int(rng.random() >= 0.08)
                rows.append((participant, level, position + 1, trial, round(float(np.exp(log_time)), 1), hit))
    frame = pd.DataFrame(rows, columns=["participant", "technique", "block", "trial", "time_ms", "hit"])
    frame.to_csv(os.path.join(HERE, f"{name}.csv"), index=False)
    return frame


def figures(frame):
    frame = frame.copy()
    frame["log_time"] = np.log(frame["time_ms"])
    frame["position"] = frame["block"].astype(str)
    orders = frame.sort_values(["block", "trial"]).groupby("participant")["technique"].apply(
        lambda s: ">".join(dict.fromkeys(s)))
    frame["sequence"] = frame["participant"].map(orders)
    by_position = frame.groupby(["participant", "position"], as_index=False)["log_time"].mean()
    rm = pg.rm_anova(data=by_position, dv="log_time", within="position", subject="participant",
                     correction=True, detailed=False)
    cells = frame.groupby(["participant", "sequence", "technique"], as_index=False)["log_time"].mean()
    mixed = pg.mixed_anova(data=cells, dv="log_time", within="technique", between="sequence",
                           subject="participant", correction=False)
    return {
        "position": {
            "F": float(rm["F"][0]), "df1": float(rm["ddof1"][0]), "df2": float(rm["ddof2"][0]),
            "p": float(rm["p_unc"][0]), "ges": float(rm["ng2"][0]), "epsilon_gg": float(rm["eps"][0]),
        },
        "mixed": {
            str(source): {"F": float(f), "df1": float(d1), "df2": float(d2), "p": float(p), "pes": float(np2)}
            for source, f, d1, d2, p, np2 in zip(mixed["Source"], mixed["F"], mixed["DF1"], mixed["DF2"],
                                                 mixed["p_unc"], mixed["np2"])
        },
    }


out = {"generator": "gen_order_studies.py", "pingouin": pg.__version__}
for name, effect, seed in [("order_planted", -0.12, 31), ("order_none", 0.0, 32)]:
    out[name] = figures(study(name, effect, seed))
with open(os.path.join(HERE, "order_effects_pingouin.json"), "w") as handle:
    json.dump(out, handle, indent=2)
    handle.write("\n")
