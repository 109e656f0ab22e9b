"""Reference values for ThumbLab's Fitts' law analysis, computed with numpy and scipy.

Run from the package root:

    python3 Tests/ThumbLabTests/Fixtures/fitts/gen_fitts_reference.py

Writes, beside this script:
- serial_trials.csv: a simulated serial 2D tapping log (3 participants x 2 techniques x
  3 amplitudes x 2 widths x 12 trials) with start, target and touch coordinates in px,
  the start of each trial being the previous selection point and the nominal amplitude
  in its own column;
- reference.json: per-sequence measures of that log (ISO 9241-411 as Soukoreff &
  MacKenzie 2004 codify them), mean-of-means throughput per technique, the regressions
  of MT on IDe and on ID over the A x W means (scipy.stats.linregress), the paired t test
  of the participants' mean throughputs between techniques (scipy.stats.ttest_rel), the same for the
  GoFitts sd1 file in this folder, and one plain linregress case.
The output is deterministic.
"""

import csv
import json
import math
import os

import numpy as np
import scipy
from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))


def sequence_measures(a_nominal, w, ae, dx, mt, missed):
    we = 4.133 * np.std(dx, ddof=1)
    ae_mean = float(np.mean(ae))
    ide = math.log2(ae_mean / we + 1)
    mt_mean = float(np.mean(mt))
    return {
        "A": a_nominal, "W": w, "ID": math.log2(a_nominal / w + 1), "Ae": ae_mean, "We": float(we),
        "IDe": ide, "MT": mt_mean, "ER": 100 * float(np.mean(missed)), "TP": ide / (mt_mean / 1000),
        "trials": len(dx),
    }


def regression(x, y):
    fit = stats.linregress(x, y)
    return {
        "n": len(x), "intercept": float(fit.intercept), "slope": float(fit.slope), "r_squared": float(fit.rvalue**2),
        "slope_se": float(fit.stderr), "intercept_se": float(fit.intercept_stderr), "p": float(fit.pvalue),
    }


def condition_fits(sequences):
    """MT on IDe and on ID over one point per A x W (means of its sequences)."""
    keys = sorted({(s["A"], s["W"]) for s in sequences})
    ide, nominal, mt = [], [], []
    for key in keys:
        group = [s for s in sequences if (s["A"], s["W"]) == key]
        ide.append(np.mean([s["IDe"] for s in group]))
        nominal.append(group[0]["ID"])
        mt.append(np.mean([s["MT"] for s in group]))
    return regression(ide, mt), regression(nominal, mt)


def mean_of_means(sequences, participants):
    per_participant = [np.mean([s["TP"] for s in sequences if s["participant"] == p]) for p in participants]
    values = np.array(per_participant)
    half = stats.t.ppf(0.975, len(values) - 1) * values.std(ddof=1) / math.sqrt(len(values))
    return {"mean": float(values.mean()), "sd": float(values.std(ddof=1)),
            "ci_low": float(values.mean() - half), "ci_high": float(values.mean() + half)}


def simulate():
    rng = np.random.default_rng(20260411)
    rows = []
    centre = np.array([360.0, 640.0])
    for participant in ["P1", "P2", "P3"]:
        for technique, speed in [("Direct", 1.0), ("Offset", 1.25)]:
            for amplitude in [120.0, 240.0, 480.0]:
                for sequence, width in enumerate([30.0, 60.0]):
                    angle0 = rng.uniform(0, 2 * math.pi)
                    previous = centre + amplitude / 2 * np.array([math.cos(angle0), math.sin(angle0)])
                    for trial in range(1, 13):
                        angle = angle0 + math.pi * trial
                        target = centre + amplitude / 2 * np.array([math.cos(angle), math.sin(angle)])
                        spread = width / 4.133 * rng.uniform(0.7, 1.3)
                        touch = target + rng.normal(0, spread, 2)
                        radius = np.linalg.norm(touch - target)
                        index = math.log2(amplitude / width + 1)
                        time = round(speed * (150 + 180 * index) * rng.lognormal(0, 0.15), 1)
                        rows.append({
                            "participant": participant, "technique": technique, "amplitude": int(amplitude), "block": 1, "trial": 12 * sequence + trial,
                            "start_x": round(float(previous[0]), 3), "start_y": round(float(previous[1]), 3),
                            "target_x": round(float(target[0]), 3), "target_y": round(float(target[1]), 3),
                            "target_w": width, "touch_x": round(float(touch[0]), 3),
                            "touch_y": round(float(touch[1]), 3), "time_ms": time,
                            "hit": int(radius <= width / 2),
                        })
                        previous = touch
    return rows


def analyse_log(rows):
    groups = {}
    for row in rows:
        start = np.array([row["start_x"], row["start_y"]])
        target = np.array([row["target_x"], row["target_y"]])
        touch = np.array([row["touch_x"], row["touch_y"]])
        a = float(np.linalg.norm(target - start))
        axis = (target - start) / a
        dx = float((touch - target) @ axis)
        amplitude = float(row["amplitude"])
        key = (row["participant"], row["technique"], row["block"], amplitude, row["target_w"])
        groups.setdefault(key, []).append((a + dx, dx, row["time_ms"], row["hit"] == 0))
    sequences = []
    for key, trials in groups.items():
        ae, dx, mt, missed = (np.array(v) for v in zip(*trials))
        measures = sequence_measures(key[3], key[4], ae, dx, mt, missed)
        measures.update({"participant": key[0], "technique": key[1]})
        sequences.append(measures)
    return sequences


def main():
    rows = simulate()
    with open(os.path.join(HERE, "serial_trials.csv"), "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0].keys()), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    with open(os.path.join(HERE, "serial_trials.csv")) as handle:
        rows = [{k: (v if k in ("participant", "technique", "amplitude") else float(v)) for k, v in r.items()}
                for r in csv.DictReader(handle)]
    for row in rows:
        row["block"] = int(row["block"])
    log = analyse_log(rows)
    amplitudes = sorted({(s["A"]) for s in log})
    serial = {"sequences": log, "amplitudes": amplitudes, "techniques": {}}
    for technique in ["Direct", "Offset"]:
        sub = [s for s in log if s["technique"] == technique]
        effective, nominal = condition_fits(sub)
        serial["techniques"][technique] = {
            "throughput": mean_of_means(sub, ["P1", "P2", "P3"]), "fit_ide": effective, "fit_id": nominal,
            "participant_fits": {p: regression([s["IDe"] for s in sub if s["participant"] == p],
                                               [s["MT"] for s in sub if s["participant"] == p])
                                 for p in ["P1", "P2", "P3"]},
        }

    per_participant = {
        technique: [float(np.mean([s["TP"] for s in log if s["technique"] == technique and s["participant"] == p]))
                    for p in ["P1", "P2", "P3"]]
        for technique in ["Direct", "Offset"]
    }
    paired = stats.ttest_rel(per_participant["Direct"], per_participant["Offset"])
    serial["compare_throughput"] = {
        "per_participant": per_participant, "t": float(paired.statistic), "df": 2, "p": float(paired.pvalue),
    }

    with open(os.path.join(HERE, "gofitts_B01.sd1")) as handle:
        sd1 = list(csv.DictReader(handle))
    gofitts = []
    for index in range(0, len(sd1), 15):
        chunk = sd1[index:index + 15]
        col = lambda name: np.array([float(r[name]) for r in chunk])
        gofitts.append(sequence_measures(float(chunk[0]["A"]), float(chunk[0]["W"]), col("Ae"), col("dx"),
                                         col("MT(ms)"), col("Errors") > 0))
    effective, nominal = condition_fits(gofitts)
    x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    y = [410.0, 530.0, 655.0, 700.0, 880.0, 905.0]
    reference = {
        "tools": {"numpy": np.__version__, "scipy": scipy.__version__},
        "serial": serial,
        "gofitts_sd1": {"sequences": gofitts, "fit_ide": effective, "fit_id": nominal},
        "linregress": {"x": x, "y": y, "fit": regression(x, y)},
    }
    with open(os.path.join(HERE, "reference.json"), "w") as handle:
        json.dump(reference, handle, indent=1, sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main()
