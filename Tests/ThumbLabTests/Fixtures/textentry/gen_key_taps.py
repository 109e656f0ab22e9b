"""A text-entry log whose input streams say where each key was touched, a keyboard layout
file, and the key-press offsets ThumbLab must give from them, computed here independently.

4 participants x 2 postures (one thumb, two thumbs) x 3 phrases, typed on a QWERTY keyboard
of 36 x 54 px keys with errors fixed by backspace. The touch point of each key press is its
key's centre plus a posture's offset: one thumb lands right of and below the centres, more
so towards the right edge; two thumbs land nearer. Written as:

- keys/keyboard.csv: the layout, key,x,y,width,height (centres in px);
- keys/key_taps.jsonl: JSON Lines, one phrase a line, the input stream as a list of key
  events {"key", "x", "y", "t"}; P01's events also give their key's centre (key_x, key_y),
  and one phrase has a '?' that the layout lacks (a tap without a centre);
- keys/expected.json: per posture, the pandas mean and SD (n - 1) of the offsets dx, dy of
  every tap with a centre, over all keys and per key, with the tap and participant counts.

    python3 gen_key_taps.py
"""
import json
import os
import random

import pandas as pd

from gen_measures import PHRASES

rng = random.Random(11)
ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
KEY_W, KEY_H, TOP = 36.0, 54.0, 500.0
layout = {}
for r, letters in enumerate(ROWS):
    left = 18.0 + r * 18.0
    for i, ch in enumerate(letters):
        layout[ch] = (left + i * KEY_W, TOP + r * KEY_H, KEY_W, KEY_H)
layout["Backspace"] = (18.0 + 2 * 18.0 + 7 * KEY_W + 18.0, TOP + 2 * KEY_H, 54.0, KEY_H)
layout["Space"] = (180.0, TOP + 3 * KEY_H, 180.0, KEY_H)
NEIGHBOURS = {ch: [c for row in ROWS for c in row if abs(layout[c][0] - layout[ch][0]) <= KEY_W
                   and abs(layout[c][1] - layout[ch][1]) < 1 and c != ch] for row in ROWS for ch in row}


def touch(key, posture):
    cx, cy = layout[key][:2] if key in layout else (330.0, TOP)
    if posture == "thumb":
        dx, dy = rng.gauss(3.0 + 0.02 * (cx - 180.0), 5.0), rng.gauss(6.0, 6.0)
    else:
        dx, dy = rng.gauss(0.0, 4.0), rng.gauss(3.0, 5.0)
    return round(cx + dx, 1), round(cy + dy, 1)


lines = []
taps = []
for p in range(1, 5):
    participant = f"P{p:02d}"
    for posture in ["thumb", "two-thumbs"]:
        for n, presented in enumerate(rng.sample(PHRASES, 3)):
            if participant == "P02" and posture == "thumb" and n == 1:
                presented = presented + "?"
            keys = []
            for ch in presented:
                name = "Space" if ch == " " else ch
                if ch in NEIGHBOURS and rng.random() < 0.08:
                    keys += [rng.choice(NEIGHBOURS[ch]), "Backspace"]
                keys.append(name)
            events = []
            clock = 0.0
            for key in keys:
                clock += rng.uniform(180, 420)
                x, y = touch(key, posture)
                event = {"key": " " if key == "Space" and rng.random() < 0.5 else key, "x": x, "y": y,
                         "t": round(clock)}
                if participant == "P01" and key in layout:
                    event["key_x"], event["key_y"] = layout[key][:2]
                events.append(event)
                centre = layout.get(key)
                taps.append({"participant": participant, "posture": posture, "key": key, "x": x, "y": y,
                             "cx": centre[0] if centre else None, "cy": centre[1] if centre else None})
            lines.append(json.dumps({"participant": participant, "posture": posture, "presented": presented,
                                     "transcribed": presented, "time_ms": round(clock), "keys": events}))

os.makedirs("keys", exist_ok=True)
with open("keys/keyboard.csv", "w") as f:
    f.write("key,x,y,width,height\n")
    for key, (x, y, w, h) in layout.items():
        f.write(f"{key},{x},{y},{w},{h}\n")
with open("keys/key_taps.jsonl", "w") as f:
    f.write("\n".join(lines) + "\n")

frame = pd.DataFrame(taps)
without = int(frame["cx"].isna().sum())
frame = frame.dropna(subset=["cx"])
frame["dx"] = frame["x"] - frame["cx"]
frame["dy"] = frame["y"] - frame["cy"]


def stats(group):
    return {"taps": int(len(group)), "mean_dx": float(group["dx"].mean()), "mean_dy": float(group["dy"].mean()),
            "sd_dx": float(group["dx"].std(ddof=1)) if len(group) > 1 else None,
            "sd_dy": float(group["dy"].std(ddof=1)) if len(group) > 1 else None}


expected = {"taps_without_centre": without, "postures": {}}
for posture, group in frame.groupby("posture"):
    expected["postures"][posture] = {
        "participants": int(group["participant"].nunique()),
        "all": stats(group),
        "keys": {key: stats(g) for key, g in group.groupby("key")},
    }
with open("keys/expected.json", "w") as f:
    json.dump(expected, f, indent=1, sort_keys=True)
print(len(lines), "phrases,", len(taps), "taps,", without, "without a centre")
