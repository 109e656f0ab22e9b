"""Checks that the Spark job's heatmap and summary agree with ThumbLab's to a relative 1e-9.

    python Scripts/spark/compare_with_thumblab.py spark.json heatmap.json summary.json

`heatmap.json` is `thumblab heatmap --format json`, `summary.json` is `thumblab summary
--format json` (every factor, first attempts: both defaults). Exits non-zero naming each
figure that differs.
"""

from __future__ import annotations

import json
import math
import sys


def close(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, str) or isinstance(b, str):
        return str(a) == str(b)
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def compare(ours: list[dict], theirs: list[dict], keys: list[str], what: str) -> list[str]:
    problems = []
    index = {tuple(str(cell[k]) for k in keys): cell for cell in theirs}
    if len(index) != len(ours):
        problems.append(f"{what}: {len(ours)} cells on Spark, {len(index)} in ThumbLab")
    for cell in ours:
        other = index.get(tuple(str(cell[k]) for k in keys))
        if other is None:
            problems.append(f"{what}: cell {[cell[k] for k in keys]} is not in ThumbLab's")
            continue
        where = f"{what} {[cell[k] for k in keys]}"
        for name in sorted(set(other) - set(cell) - {"x0", "y0", "x1", "y1"}):
            problems.append(f"{where} {name}: ThumbLab has it, Spark does not")
        for name, value in cell.items():
            if name not in other:
                problems.append(f"{where} {name}: Spark has it, ThumbLab does not")
            elif not close(value, other[name]):
                problems.append(f"{where} {name}: Spark {value!r}, ThumbLab {other[name]!r}")
    return problems


def main() -> None:
    spark, heatmap, summary = (json.load(open(path, encoding="utf-8")) for path in sys.argv[1:4])
    cells = heatmap["maps"][0]["cells"]
    problems = compare(spark["heatmap"], cells, ["col", "row"], "heatmap")
    problems += compare(spark["summary"], summary["cells"], summary["factors"], "summary")
    checked = sum(len(cell) for cell in spark["heatmap"] + spark["summary"])
    if problems:
        sys.exit("\n".join(problems[:40]) + f"\n{len(problems)} figures differ")
    print(f"Spark and ThumbLab agree on {checked} figures of {len(spark['heatmap'])} heatmap cells "
          f"and {len(spark['summary'])} summary cells to a relative 1e-9")


if __name__ == "__main__":
    main()
