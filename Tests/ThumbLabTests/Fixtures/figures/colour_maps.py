"""Anchors of ThumbLab's colour maps, sampled from matplotlib, and check values.

Writes colour_maps.json: for viridis (matplotlib) and CET-D1A (Kovesi's perceptually
uniform blue-white-red diverging map, registered in matplotlib by colorcet), 33 evenly
spaced anchors as 0-255 sRGB triples (rounded), the CIELAB lightness of each anchor, and
the colours matplotlib gives at a few positions between the anchors, for the tests.

Regenerate: pip install matplotlib colorcet && python3 colour_maps.py
"""

import json
import re

import colorcet  # noqa: F401  (registers the cet_ maps with matplotlib)
import matplotlib
import numpy as np

ANCHORS = 33
PROBES = [0.0, 0.1, 0.25, 0.3333, 0.5, 0.62, 0.75, 0.9, 0.97, 1.0]


def lightness(rgb):
    """CIELAB L* of sRGB values in 0...1 (D65)."""
    c = np.asarray(rgb, dtype=float)
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    y = linear @ np.array([0.2126, 0.7152, 0.0722])
    f = np.where(y > (6 / 29) ** 3, np.cbrt(y), y / (3 * (6 / 29) ** 2) + 4 / 29)
    return 116 * f - 16


def sample(name):
    cmap = matplotlib.colormaps[name]
    positions = np.linspace(0, 1, ANCHORS)
    anchors = cmap(positions)[:, :3]
    probes = cmap(np.array(PROBES))[:, :3]
    return {
        "matplotlib_name": name,
        "anchors": [[int(round(v * 255)) for v in rgb] for rgb in anchors],
        "anchor_lightness": [round(float(v), 3) for v in lightness(anchors)],
        "probes": [
            {"t": t, "rgb": [round(float(v * 255), 4) for v in rgb]} for t, rgb in zip(PROBES, probes)
        ],
    }


maps = {"viridis": sample("viridis"), "diverging": sample("cet_CET_D1A")}
with open("colour_maps.json", "w") as out:
    text = json.dumps({"matplotlib": matplotlib.__version__, "maps": maps}, indent=1)
    # One colour per line: join the numbers of innermost arrays.
    text = re.sub(r"\[\s+([-0-9.,\s]+?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    out.write(text + "\n")
