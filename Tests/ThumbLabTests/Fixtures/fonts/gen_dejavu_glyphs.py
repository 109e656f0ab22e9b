"""Glyph ids and advances of DejaVu Sans and DejaVu Sans Bold for a sample of characters, read
with fontTools from Debian's fonts-dejavu-core, to check the TrueType reader of the figure
PDFs against: each character's glyph id (0 where the font has none), its advance in font
units, and whether its glyph is composite with the glyph ids of its parts.

    python3 gen_dejavu_glyphs.py [/usr/share/fonts/truetype/dejavu]
"""
import json
import sys

from fontTools.ttLib import TTFont

FOLDER = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu"
SAMPLE = "ab η²G (p) \\é−⌫ÅçØ→≥µ–漢"
out = {}
for key, file in [("regular", "DejaVuSans.ttf"), ("bold", "DejaVuSans-Bold.ttf")]:
    font = TTFont(f"{FOLDER}/{file}")
    cmap = font.getBestCmap()
    glyf = font["glyf"]
    order = font.getGlyphOrder()
    chars = []
    for ch in SAMPLE:
        name = cmap.get(ord(ch))
        gid = font.getGlyphID(name) if name else 0
        glyph = glyf[order[gid]]
        parts = [font.getGlyphID(c.glyphName) for c in glyph.components] if glyph.isComposite() else []
        chars.append({"char": ch, "glyph": gid, "advance": font["hmtx"][order[gid]][0], "parts": parts})
    out[key] = {"units_per_em": font["head"].unitsPerEm, "glyphs": font["maxp"].numGlyphs,
                "ascent": font["hhea"].ascent, "descent": font["hhea"].descent,
                "cap_height": getattr(font["OS/2"], "sCapHeight", None),
                "bbox": [font["head"].xMin, font["head"].yMin, font["head"].xMax, font["head"].yMax],
                "characters": chars}
with open("dejavu_glyphs.json", "w") as f:
    json.dump(out, f, indent=1, ensure_ascii=False)
