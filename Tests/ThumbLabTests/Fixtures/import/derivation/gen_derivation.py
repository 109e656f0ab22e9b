"""A touch-event log with a known timeline, and the trial table its authors' rules give.

The task: after a start tap, targets appear one at a time; a touch-up farther from the
target's centre than its radius is a miss, and the same target stays until it is hit.
After each hit (and after the start tap) a 200 ms success feedback runs before the next
target appears. Each participant runs two sets of trials without a pause or a start tap
between them. The authors' script times every attempt from the touch-up of the previous
successful selection (the start tap counts), across the two sets, minus the 200 ms
feedback; a time below 0 (a tap before the target appeared) has none.

Run from the package root (numpy from PyPI):

    python3 Tests/ThumbLabTests/Fixtures/import/derivation/gen_derivation.py
"""
import csv
import math
import pathlib

import numpy as np

here = pathlib.Path(__file__).parent
rng = np.random.default_rng(408)
FEEDBACK = 200.0
WIDTH = 60.0
events = []
trials = []
for p in range(1, 4):
    participant = f"P{p}"
    clock = 1000.0 * p
    # The start tap.
    events.append([participant, 1, -1, clock, 160.0, 400.0, "down", "", "", "", "start"])
    clock += 70.0
    events.append([participant, 1, -1, clock, 160.0, 400.0, "up", "", "", "", "start"])
    last_hit_up = clock
    for block in (1, 2):
        for number in range(1, 11):
            tx, ty = float(rng.uniform(40, 280)), float(rng.uniform(60, 420))
            appears = last_hit_up + FEEDBACK
            hit = False
            while not hit:
                roll = rng.random()
                if roll < 0.08 and number > 1:
                    # An anticipation: a tap at the old place before the target appeared.
                    down = last_hit_up + float(rng.uniform(60, 120))
                    distance, angle = 3 * WIDTH, 0.0
                elif roll < 0.25:
                    # A miss: outside the circle, often inside the square's corner.
                    down = max(appears, clock) + float(rng.uniform(350, 900))
                    distance, angle = float(rng.uniform(0.52, 0.69)) * WIDTH, math.pi / 4
                else:
                    down = max(appears, clock) + float(rng.uniform(350, 900))
                    distance, angle = float(rng.uniform(0, 0.45)) * WIDTH, float(rng.uniform(0, 2 * math.pi))
                x, y = round(tx + distance * math.cos(angle), 3), round(ty + distance * math.sin(angle), 3)
                up = down + float(rng.uniform(40, 90))
                down, up = round(down, 3), round(up, 3)
                move = round((down + up) / 2, 3)
                for t, phase in ((down, "down"), (move, "move"), (up, "up")):
                    events.append([participant, block, number, t, x, y, phase, round(tx, 3), round(ty, 3), WIDTH,
                                   "target"])
                hit = math.hypot(x - round(tx, 3), y - round(ty, 3)) <= WIDTH / 2
                time = up - last_hit_up - FEEDBACK
                trials.append([participant, block, number, repr(time) if time >= 0 else "", int(hit)])
                clock = up
                if hit:
                    last_hit_up = up

with open(here / "events.csv", "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["participant", "block", "trial", "t", "x", "y", "phase", "target_x", "target_y", "target_w",
                     "role"])
    writer.writerows(events)
with open(here / "expected_trials.csv", "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["participant", "block", "trial", "time_ms", "hit"])
    writer.writerows(trials)
