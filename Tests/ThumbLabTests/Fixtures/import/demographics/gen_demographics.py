"""Writes a demographics sheet as pandas writes it after filtering (the index, with
gaps, as an unnamed first column) and the Participants figures pandas computes from it.

    python3 gen_demographics.py   # writes participants.csv and expected.json
"""
import json

import numpy as np
import pandas as pd

rng = np.random.default_rng(40)
n = 14
frame = pd.DataFrame(
    {
        "Participant": [f"P{i:02d}" for i in range(1, n + 1)],
        "Age": rng.integers(19, 41, n),
        "Gender": rng.choice(["Female", "Male", "Female", "Male", "Non-binary"], n),
        "Dominant Hand": rng.choice(["Right"] * 5 + ["Left"], n),
        "hand_length_cm": np.round(rng.normal(18.4, 1.1, n), 1),
        "phone_use_years": rng.integers(2, 15, n).astype(float),
    }
)
# A pilot participant is dropped, as a lab's script would, leaving a gap in the index.
frame = frame[frame["Participant"] != "P03"]
# Two values left empty, as a sheet with gaps has them.
frame.loc[frame.index[4], "hand_length_cm"] = np.nan
frame.loc[frame.index[7], "Gender"] = None
frame.to_csv("participants.csv")

# The participants the trial log of the test has: all but P14, plus P20.
with_trials = [p for p in frame["Participant"] if p != "P14"] + ["P20"]
described = frame[frame["Participant"].isin(with_trials)]


def numeric(column):
    values = described[column].dropna()
    return {
        "n": int(values.count()),
        "mean": float(values.mean()),
        "sd": float(values.std(ddof=1)),
        "min": float(values.min()),
        "max": float(values.max()),
    }


def counts(column):
    values = described[column].dropna().value_counts()
    return {str(k): int(v) for k, v in values.items()}


expected = {
    "with_trials": with_trials,
    "participants": len(with_trials),
    "without_trials": ["P14"],
    "without_demographics": ["P20"],
    "Age": numeric("Age"),
    "hand_length_cm": numeric("hand_length_cm"),
    "phone_use_years": numeric("phone_use_years"),
    "Gender": counts("Gender"),
    "Dominant Hand": counts("Dominant Hand"),
}
with open("expected.json", "w") as out:
    json.dump(expected, out, indent=2, sort_keys=True)
    out.write("\n")
