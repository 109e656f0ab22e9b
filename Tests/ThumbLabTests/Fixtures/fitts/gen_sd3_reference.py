"""Per-sequence Fitts measures of gofitts_B01 from its sd3 traces, with numpy.

Ae of a sequence as GoFitts computes it for serial tasks: per trial, a = |to - from|,
dx = (selection - to) . u (u the unit task axis from -> to, the selection point the last
sample of the trace), ae = a + dx + dx of the previous trial when this trial starts at the
previous trial's target, else a + dx. We = 4.133 x SD(dx) (n - 1) with dx from sd1 when
sd1 is imported too ("joined"), from the traces when only sd3 is ("sd3_only"); MT the
mean of sd1's MT(ms) (joined) or of the traces' last t (sd3 only); TP = log2(Ae/We + 1) / MT.

Writes sd3_reference.json beside this script. Run from the package root:
    python3 Tests/ThumbLabTests/Fixtures/fitts/gen_sd3_reference.py
"""

import csv
import json
import math
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def traces():
    with open(os.path.join(HERE, "gofitts_B01.sd3"), newline="") as handle:
        rows = list(csv.reader(handle))
    header = rows[1]
    col = {name: i for i, name in enumerate(header)}
    marker = col["{t_x_y}"]
    sequences = {}
    for row in rows[2:]:
        if len(row) <= marker:
            continue
        key = (int(row[col["Sequence"]]), int(row[col["Trial"]]))
        trial = sequences.setdefault(key[0], {}).setdefault(
            key[1],
            {
                "from": np.array([float(row[col["from_x"]]), float(row[col["from_y"]])]),
                "to": np.array([float(row[col["to_x"]]), float(row[col["to_y"]])]),
                "A": float(row[col["A"]]),
                "W": float(row[col["W"]]),
            },
        )
        trial[row[marker]] = np.array([float(v) for v in row[marker + 1 :] if v != ""])
    return [[seq[t] for t in sorted(seq)] for _, seq in sorted(sequences.items())]


def sd1_sequences():
    with open(os.path.join(HERE, "gofitts_B01.sd1"), newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [rows[i : i + 15] for i in range(0, len(rows), 15)]


def measures(trials, sd1_rows):
    ae, dx = [], []
    for i, trial in enumerate(trials):
        axis = trial["to"] - trial["from"]
        a = float(np.linalg.norm(axis))
        selection = np.array([trial["x="][-1], trial["y="][-1]])
        deviation = float((selection - trial["to"]) @ axis / a)
        value = a + deviation
        if i > 0 and np.linalg.norm(trial["from"] - trials[i - 1]["to"]) <= 0.5:
            value += dx[i - 1]
        ae.append(value)
        dx.append(deviation)
    mean_ae = float(np.mean(ae))
    out = {"A": trials[0]["A"], "W": trials[0]["W"], "Ae": mean_ae}
    joined_dx = np.array([float(r["dx"]) for r in sd1_rows])
    joined_mt = float(np.mean([float(r["MT(ms)"]) for r in sd1_rows]))
    for name, deviations, mt in [
        ("joined", joined_dx, joined_mt),
        ("sd3_only", np.array(dx), float(np.mean([trial["t="][-1] - trial["t="][0] for trial in trials]))),
    ]:
        we = 4.133 * float(np.std(deviations, ddof=1))
        ide = math.log2(mean_ae / we + 1)
        out[name] = {"We": we, "IDe": ide, "MT": mt, "TP": ide / (mt / 1000)}
    return out


def main():
    result = [measures(t, s) for t, s in zip(traces(), sd1_sequences())]
    with open(os.path.join(HERE, "sd3_reference.json"), "w") as handle:
        json.dump({"sequences": result}, handle, indent=2)
        handle.write("\n")


if __name__ == "__main__":
    main()
