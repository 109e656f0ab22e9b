"""A one-handed text-entry study in the shapes other tools write its logs, and the figures
ThumbLab must give from them, computed here independently.

12 participants x 3 postures (one thumb, two thumbs, index finger) x 8 phrases, typed with
errors fixed by backspace and some left in; speed grows with practice. Written as:

- phrases_pandas.csv: pandas' to_csv with its index, one row per phrase: participant,
  posture, presented, transcribed, input_stream ('<' a backspace), time_s, and the logger's
  own WPM counted as |T| / 5 per minute (not |T| - 1);
- logs/P01_thumb_stats.tsv ...: one tab-separated file per participant and posture, three
  '[#]' comment lines and the header on a '[#]' line, '#' as the backspace, the time in
  'input_time(sec)'; participant and posture come from the file name;
- phrases.txt: JSON Lines under .txt, input streams as lists of key names, time in ms.

expected.json holds the measures of every phrase (by participant, posture, phrase number),
pingouin's repeated-measures ANOVA of WPM by posture on the participants' mean WPM per
posture (all phrases, and without phrases 1-2), and per posture the power law of practice
WPM = a n^b, fitted by numpy as least squares of ln WPM on ln n over the posture's mean WPM
per phrase number.

    python3 gen_phrase_logs.py
"""
import json
import os
import random

import numpy as np
import pandas as pd
import pingouin as pg

from gen_measures import PHRASES, measures, replay, stream, transcribe

rng = random.Random(7)
POSTURES = ["thumb", "two-thumbs", "finger"]
SPEED = {"thumb": 2.6, "two-thumbs": 3.4, "finger": 3.0}  # characters per second at phrase 1
rows = []
for p in range(1, 13):
    participant = f"P{p:02d}"
    skill = rng.uniform(0.8, 1.2)
    for posture in POSTURES:
        for n in range(1, 9):
            presented = rng.choice(PHRASES)
            transcribed = transcribe(rng, presented)
            keys = stream(rng, transcribed)
            assert replay(keys) == transcribed
            rate = SPEED[posture] * skill * n ** 0.15 * rng.uniform(0.9, 1.1)
            seconds = round(len(keys) / rate, 3)
            case = measures(presented, transcribed, keys, seconds)
            case.update({"participant": participant, "posture": posture, "phrase": n})
            rows.append(case)

frame = pd.DataFrame(rows)
out = frame[["participant", "posture", "presented", "transcribed", "input_stream", "seconds"]].rename(
    columns={"seconds": "time_s"}
)
out["WPM"] = (frame["transcribed"].str.len() / frame["seconds"] * 60 / 5).round(2)
out.index = out.index * 3 + 1  # row names as pandas keeps them after filtering
out.to_csv("phrases_pandas.csv")

os.makedirs("logs", exist_ok=True)
for (participant, posture), group in frame.groupby(["participant", "posture"], sort=False):
    with open(f"logs/{participant}_{posture}_stats.tsv", "w") as f:
        f.write(f"[#] TextEntry stats\n[#] participant {participant}\n[#] condition {posture}\n")
        f.write("[#]presented\ttranscribed\tinput_stream\tinput_time(sec)\n")
        for row in group.itertuples():
            f.write(f"{row.presented}\t{row.transcribed}\t{row.input_stream.replace('<', '#')}\t{row.seconds}\n")

with open("phrases.txt", "w") as f:
    for row in frame.itertuples():
        keys = ["Backspace" if k == "<" else ("Space" if k == " " else k) for k in row.input_stream]
        f.write(
            json.dumps(
                {
                    "participant": row.participant,
                    "posture": row.posture,
                    "P": row.presented,
                    "T": row.transcribed,
                    "keys": keys,
                    "time_ms": round(row.seconds * 1000, 3),
                }
            )
            + "\n"
        )


def anova(data):
    means = data.groupby(["participant", "posture"], as_index=False)["wpm"].mean()
    table = pg.rm_anova(data=means, dv="wpm", within="posture", subject="participant", correction=False)
    row = table.iloc[0]
    cell = means.groupby("posture")["wpm"].mean()
    return {
        "F": float(row["F"]),
        "df1": float(row["ddof1"]),
        "df2": float(row["ddof2"]),
        "p": float(row["p_unc"] if "p_unc" in row else row["p-unc"]),
        "means": {k: float(v) for k, v in cell.items()},
    }


curves = {}
for posture, group in frame.groupby("posture"):
    by_n = group.groupby("phrase")["wpm"].mean()
    b, ln_a = np.polyfit(np.log(by_n.index.values), np.log(by_n.values), 1)
    curves[posture] = {"a": float(np.exp(ln_a)), "b": float(b), "means": [float(v) for v in by_n.values]}

expected = {
    "phrases": [
        {k: r[k] for k in r if k not in ("input_stream",)} for r in rows
    ],
    "anova_all": anova(frame),
    "anova_after_practice": anova(frame[frame["phrase"] > 2]),
    "msd_error_by_posture": {
        k: float(v)
        for k, v in frame.groupby(["participant", "posture"])["msd_error_rate"].mean().groupby("posture").mean().items()
    },
    "practice_curves": curves,
}
with open("expected.json", "w") as f:
    json.dump(expected, f, indent=1)
    f.write("\n")
