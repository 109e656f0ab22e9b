"""Reference values for importing lengths in mm: a touch log in mm on a 326 ppi phone,
converted to px with numpy and the hits derived from the px geometry, and the median
target width the unit warning reports for the same widths read as px.

Run from the package root: python3 Tests/ThumbLabTests/Fixtures/import/gen_units.py
"""

import json
import pathlib

import numpy as np

HERE = pathlib.Path(__file__).parent
PPI = 326.0
PX_PER_MM = PPI / 25.4
SCREEN = (640, 1136)  # px

rng = np.random.default_rng(20261130)
n = 60
widths = rng.choice([4.8, 7.2, 9.6, 12.0], size=n)
target_x = np.round(rng.uniform(5, 44, size=n), 2)
target_y = np.round(rng.uniform(5, 83, size=n), 2)
touch_x = np.round(target_x + rng.normal(0, 2.5, size=n), 2)
touch_y = np.round(target_y + rng.normal(0, 2.5, size=n), 2)

lines = ["participant,trial,t_ms,x,y,phase,target_x,target_y,target_w"]
for i in range(n):
    start = 1000 * i
    for t, phase in ((start, "down"), (start + 95, "up")):
        lines.append(
            f"P1,{i + 1},{t},{touch_x[i]:.2f},{touch_y[i]:.2f},{phase},"
            f"{target_x[i]:.2f},{target_y[i]:.2f},{widths[i]:.1f}"
        )
(HERE / "touches_mm.csv").write_text("\n".join(lines) + "\n")

# Conversion and hit test in px: inside the square target_w wide, edges included.
tx, ty, w = target_x * PX_PER_MM, target_y * PX_PER_MM, widths * PX_PER_MM
x, y = touch_x * PX_PER_MM, touch_y * PX_PER_MM
hit = (np.abs(x - tx) <= w / 2) & (np.abs(y - ty) <= w / 2)

reference = {
    "ppi": PPI,
    "px_per_mm": PX_PER_MM,
    "screen_px": SCREEN,
    "trials": [
        {"touch_x": float(a), "touch_y": float(b), "target_x": float(c), "target_y": float(d),
         "target_w": float(e), "hit": bool(f)}
        for a, b, c, d, e, f in zip(x, y, tx, ty, w, hit)
    ],
    "hits": int(hit.sum()),
    # The warning's figures when the mm widths are read as px: the median over every
    # row (each trial's width appears on its down and its up row) and the threshold.
    "median_width_as_px": float(np.median(np.repeat(widths, 2))),
    "warning_threshold_px": min(SCREEN) / 40,
    "tools": {"numpy": np.__version__},
}
(HERE / "units.json").write_text(json.dumps(reference, indent=1) + "\n")
print(f"{n} trials, {int(hit.sum())} hits, median width {reference['median_width_as_px']}")
