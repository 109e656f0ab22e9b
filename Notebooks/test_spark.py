"""The Spark job of Scripts/spark agrees with `thumblab heatmap` and `thumblab summary`.

Run with ``python -m pytest Notebooks/test_spark.py`` (Notebooks/run.sh does). Needs Java
17 (package openjdk-17-jre-headless, which .ci/run installs) for Spark's local mode. On the
bundled study and on a generated study of a million trials, `thumblab export` writes the
Parquet files, the job computes the heatmap and the summary from them, and every figure,
medians included, must equal ThumbLab's to a relative 1e-9.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import thumblab as tl

SHIFT = tl.DATASETS / "thumbspace-vs-shift"
SPARK = Path(__file__).resolve().parent.parent / "Scripts" / "spark"


def agree(db: Path, folder: Path, *export_arguments: str) -> str:
    """Exports `db`, runs the Spark job and the comparison; returns the comparison's line."""
    export = folder / "export"
    tl.run(db, "export", "--out", export, *export_arguments, parse_json=False)
    heatmap, summary = folder / "heatmap.json", folder / "summary.json"
    heatmap.write_text(tl.run(db, "heatmap", "--format", "json", parse_json=False), encoding="utf-8")
    summary.write_text(tl.run(db, "summary", "--format", "json", parse_json=False), encoding="utf-8")
    factors = ",".join(json.loads(summary.read_text(encoding="utf-8"))["factors"])
    job = subprocess.run([sys.executable, SPARK / "thumblab_spark.py", export, "--factors", factors],
                         capture_output=True, text=True, check=False)
    assert job.returncode == 0, job.stderr[-3000:]
    spark = folder / "spark.json"
    spark.write_text(job.stdout, encoding="utf-8")
    check = subprocess.run([sys.executable, SPARK / "compare_with_thumblab.py", spark, heatmap, summary],
                           capture_output=True, text=True, check=False)
    assert check.returncode == 0, check.stderr[-3000:]
    return check.stdout


def test_spark_agrees_with_thumblab_on_the_bundled_study(tmp_path):
    db = tmp_path / "study.sqlite"
    tl.device_add(db, "phone-3.5in", width=320, height=480, ppi=163)
    tl.import_files(db, [SHIFT / "trials.csv"], device="phone-3.5in")
    line = agree(db, tmp_path)
    assert "24 heatmap cells and 18 summary cells" in line


def test_spark_agrees_with_thumblab_on_a_million_partitioned_trials(tmp_path):
    random.seed(7)
    rows = ["participant,technique,posture,block,trial,target_x,target_y,touch_x,touch_y,time_ms,hit"]
    index = 0
    while len(rows) <= 1_000_000:
        participant, trial = divmod(index, 25_000)
        index += 1
        # Every tenth trial is tried twice: the import numbers the second row attempt 2.
        for _ in range(2 if trial % 10 == 9 else 1):
            x, y = random.uniform(0, 1080), random.uniform(0, 2340)
            time = "" if trial % 997 == 0 else f"{random.lognormvariate(6.8, 0.35):.3f}"
            rows.append(
                f"P{participant:02d},{'ABC'[trial % 3]},{'sit' if trial % 2 else 'walk'},{trial // 500},{trial},"
                f"{x:.2f},{y:.2f},{x + random.gauss(2, 9):.2f},{y + random.gauss(6, 9):.2f},{time},"
                f"{int(random.random() > 0.1)}")
    (tmp_path / "million.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    db = tmp_path / "million.sqlite"
    tl.device_add(db, "phone", width=1080, height=2340, ppi=401)
    tl.import_files(db, tmp_path / "million.csv", device="phone")
    line = agree(db, tmp_path, "--partition", "participant")
    assert "24 heatmap cells and 6 summary cells" in line
