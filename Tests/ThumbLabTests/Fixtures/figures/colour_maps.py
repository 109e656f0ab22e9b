"""Anchors of ThumbLab's colour maps, sampled from matplotlib, and check values.

Writes colour_maps.json: for viridis (matplotlib) and CET-D1A (Kovesi's perceptually
uniform blue-white-red diverging map, registered in matplotlib by colorcet), 33 evenly
spaced anchors as 0-255 sRGB triples (rounded), the CIELAB lightness of each anchor, and
the map's colours at positions between the anchors, for the tests.

matplotlib holds each map as a table of 256 colours and looks a value up by the nearest
lower entry; the continuous map is the straight line through those colours at
0, 1/255, ..., 1, which is what anchors and probes are sampled from here.

Regenerate (from any directory; the JSON is written beside this script):
    pip install matplotlib colorcet && python3 Tests/ThumbLabTests/Fixtures/figures/colour_maps.py
"""

import json
import os
import re

import colorcet  # registers the cet_ maps with matplotlib
import matplotlib
import numpy as np

ANCHORS = 33
PROBES = [0.0, 0.013, 0.1, 0.25, 0.3333, 0.45, 0.49, 0.5, 0.51, 0.55, 0.62, 0.75, 0.9, 0.97, 1.0]


def lightness(rgb):
    """CIELAB L* of sRGB values in 0...1 (D65)."""
    c = np.asarray(rgb, dtype=float)
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    y = linear @ np.array([0.2126, 0.7152, 0.0722])
    f = np.where(y > (6 / 29) ** 3, np.cbrt(y), y / (3 * (6 / 29) ** 2) + 4 / 29)
    return 116 * f - 16


def continuous(cmap, t):
    """The map at positions t: linear through its N lookup colours."""
    table = cmap(np.arange(cmap.N))[:, :3]
    grid = np.linspace(0, 1, len(table))
    return np.stack([np.interp(t, grid, table[:, k]) for k in range(3)], axis=1)


def sample(name):
    cmap = matplotlib.colormaps[name]
    positions = np.linspace(0, 1, ANCHORS)
    anchors = continuous(cmap, positions)
    probes = continuous(cmap, np.array(PROBES))
    return {
        "matplotlib_name": name,
        "anchors": [[int(round(v * 255)) for v in rgb] for rgb in anchors],
        "anchor_lightness": [round(float(v), 3) for v in lightness(anchors)],
        "probes": [
            {"t": t, "rgb": [round(float(v * 255), 4) for v in rgb]} for t, rgb in zip(PROBES, probes)
        ],
    }


maps = {"viridis": sample("viridis"), "diverging": sample("cet_CET_D1A")}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "colour_maps.json"), "w") as out:
    text = json.dumps({"matplotlib": matplotlib.__version__, "colorcet": colorcet.__version__, "maps": maps}, indent=1)
    # One colour per line: join the numbers of innermost arrays.
    text = re.sub(r"\[\s+([-0-9.,\s]+?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    out.write(text + "\n")
