"""Tests of thumblab.py against the real thumblab binary on temporary databases.

Run with ``python -m pytest Notebooks/test_thumblab.py`` (Notebooks/run.sh does); the
binary is found as thumblab.find_binary() says. Each figure the module returns is checked
against the same figure recomputed with pandas from the database's tables.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import thumblab as tl

SHIFT = tl.DATASETS / "thumbspace-vs-shift"
REACH = tl.DATASETS / "thumb-reach"


@pytest.fixture(scope="module")
def study(tmp_path_factory) -> Path:
    """The bundled ThumbSpace-vs-Shift trial log on its phone, in a folder whose name has a space."""
    db = tmp_path_factory.mktemp("study") / "my study.sqlite"
    tl.device_add(db, "phone-3.5in", width=320, height=480, ppi=163)
    tl.import_files(db, [SHIFT / "trials.csv"], device="phone-3.5in")
    return db


@pytest.fixture(scope="module")
def reach_study(tmp_path_factory) -> Path:
    """The bundled thumb-reach study, both phones."""
    db = tmp_path_factory.mktemp("reach") / "reach.sqlite"
    tl.device_add(db, "small", width=640, height=1136, ppi=326)
    tl.device_add(db, "large", width=1080, height=2340, ppi=401)
    tl.import_files(db, REACH / "small.csv", study="thumb-reach", device="small")
    tl.import_files(db, REACH / "large.csv", study="thumb-reach", device="large")
    return db


def test_find_binary_uses_the_environment_variable(monkeypatch):
    binary = tl.find_binary()
    monkeypatch.setenv("THUMBLAB", binary)
    assert tl.find_binary() == binary
    monkeypatch.setenv("THUMBLAB", "/nonexistent/thumblab")
    with pytest.raises(FileNotFoundError, match="/nonexistent/thumblab"):
        tl.find_binary()


def test_find_binary_names_what_to_build_when_there_is_none(monkeypatch, tmp_path):
    monkeypatch.delenv("THUMBLAB", raising=False)
    monkeypatch.setattr(tl, "REPOSITORY", tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="swift build --product thumblab"):
        tl.find_binary()


def test_selection_arguments():
    assert tl.selection_arguments(
        study="s", where={"technique": ["Direct", "Shift"]}, exclude={"block": 0}, attempts="all"
    ) == ["--study", "s", "--where", "technique=Direct,Shift", "--exclude", "block=0", "--attempts", "all"]
    assert tl.selection_arguments() == []
    assert tl.selection_arguments(trials="hits", outliers="sd:3", outlier_scale="raw") == [
        "--trials", "hits", "--outliers", "sd:3", "--outlier-scale", "raw",
    ]


def test_import_reports_each_file(study):
    batches = tl.batches(study)
    assert batches["id"].tolist() == [1]
    assert batches["rows"].tolist() == [6902]
    assert batches["device"].tolist() == ["phone-3.5in"]
    facts = tl.info(study)
    assert (facts["trials"], facts["participants"], facts["batches"]) == (6902, 16, 1)
    assert facts["factors"]["default"]["technique"] == ["Direct", "Shift", "ThumbSpace"]


def test_a_failing_command_raises_with_its_status_and_message(tmp_path):
    broken = tmp_path / "broken; name's.csv"
    broken.write_text("participant,time_ms,hit\nP1,812,1\nP1,fast,1\n")
    db = tmp_path / "s.sqlite"
    with pytest.raises(tl.ThumbLabError) as failure:
        tl.import_files(db, broken)
    assert failure.value.returncode == 65
    assert "broken; name's.csv:3" in failure.value.stderr
    assert "fast" in failure.value.stderr
    with pytest.raises(tl.ThumbLabError) as missing:
        tl.info(tmp_path / "none.sqlite")
    assert missing.value.returncode == 66


def test_skip_invalid_records_rejected_rows_and_undo_removes_the_batch(tmp_path):
    messy = tmp_path / "messy log.csv"
    messy.write_text("Subject,Duration (ms),OK?\nA,812,1\nA,n/a,1\nB,780,maybe\nB,640,0\n")
    db = tmp_path / "s.sqlite"
    imported = tl.import_files(
        db, messy, mapping={"participant": "Subject", "time_ms": "Duration (ms)", "hit": "OK?"}, skip_invalid=True
    )
    assert imported.loc[0, ["rows", "rejected", "batch"]].tolist() == [2, 2, 1]
    rejected = tl.query(db, "SELECT line, raw FROM rejected_row ORDER BY line")
    assert rejected["line"].tolist() == [3, 4]
    assert rejected["raw"].tolist() == ["A,n/a,1", "B,780,maybe"]
    removed = tl.undo(db, 1)
    assert removed["id"] == 1
    facts = tl.info(db)
    assert (facts["trials"], facts["rejected"], facts["batches"]) == (0, 0, 0)


def test_summary_matches_the_trials_in_the_database(study):
    cells = tl.summary(study, by="technique", where={"block": [1, 2]}).set_index("technique")
    trials = tl.trials(study, "attempt = 1 AND block IN (1, 2)")
    assert cells["trials"].to_dict() == trials.groupby("technique").size().to_dict()
    error_rate = 1 - trials.groupby("technique")["hit"].mean()
    assert np.allclose(cells["error_rate"], error_rate[cells.index], rtol=1e-12)
    per_participant = trials.assign(ln=np.log(trials["time_ms"])).groupby(["technique", "participant"])["ln"].mean()
    geomean = np.exp(per_participant.groupby("technique").mean())
    assert np.allclose(cells["time_geomean"], geomean[cells.index], rtol=1e-12)
    assert np.allclose(cells["time_median"], trials.groupby("technique")["time_ms"].median()[cells.index])


def test_cleaning_matches_hits_and_an_sd_rule_computed_with_pandas(study):
    cells = tl.summary(study, by="technique", trials="hits", outliers="sd:2.5").set_index("technique")
    trials = tl.trials(study, "attempt = 1")
    condition = ["participant", "condition_id"]
    hits = trials[trials["hit"] == 1].assign(ln=lambda frame: np.log(frame["time_ms"]))
    groups = hits.groupby(condition)["ln"]
    mean, sd, size = groups.transform("mean"), groups.transform("std"), groups.transform("size")
    kept = hits[(size < 3) | ((hits["ln"] - mean).abs() <= 2.5 * sd)]
    assert cells["time_trials"].to_dict() == kept.groupby("technique").size().to_dict()
    per_participant = kept.groupby(["technique", "participant"])["ln"].mean()
    assert np.allclose(cells["time_geomean"], np.exp(per_participant.groupby("technique").mean())[cells.index])
    assert np.allclose(cells["error_rate"], (1 - trials.groupby("technique")["hit"].mean())[cells.index])
    removed = tl.excluded(study, trials="hits", outliers="sd:2.5")
    assert (removed["reason"] == "miss").sum() == (trials["hit"] == 0).sum()
    assert (removed["reason"] == "sd:2.5").sum() == len(hits) - len(kept)


def test_compare_matches_a_repeated_measures_anova_computed_with_numpy(study):
    result = tl.compare(study, "technique", exclude={"block": 3})
    anova = result.tests.set_index("term").loc["technique"]
    assert anova["test"] == "rm-anova"
    trials = tl.trials(study, "attempt = 1 AND block <> 3")
    cells = trials.assign(ln=np.log(trials["time_ms"])).pivot_table(
        index="participant", columns="technique", values="ln", aggfunc="mean"
    )
    n, k = cells.shape
    grand = cells.to_numpy().mean()
    ss_effect = n * ((cells.mean(axis=0) - grand) ** 2).sum()
    ss_subjects = k * ((cells.mean(axis=1) - grand) ** 2).sum()
    ss_error = ((cells.to_numpy() - grand) ** 2).sum() - ss_effect - ss_subjects
    f = (ss_effect / (k - 1)) / (ss_error / ((k - 1) * (n - 1)))
    assert math.isclose(anova["statistic"], f, rel_tol=1e-10)
    assert (anova["df1"], anova["df2"]) == (k - 1, (k - 1) * (n - 1))
    assert math.isclose(anova["ges"], ss_effect / (ss_effect + ss_subjects + ss_error), rel_tol=1e-10)
    levels = result.levels.set_index("level")
    assert np.allclose(levels["mean"], np.exp(cells.mean(axis=0))[levels.index], rtol=1e-12)
    assert len(result.posthoc) == 3 and (result.posthoc["adjust"] == "holm").all()
    assert any(sentence.startswith("Technique ") for sentence in result.sentences)


def test_heatmap_cells_count_the_trials_at_their_target_positions(reach_study):
    cells = tl.heatmap(reach_study, grid="4x7", measure="error", device="small")
    grid = cells.attrs["json"]["grid"]
    assert (grid["columns"], grid["rows"]) == (4, 7)
    assert len(cells) == 28
    trials = tl.trials(reach_study, "device = 'small'")
    column = np.minimum((trials["target_x"] / grid["cell_width"]).astype(int), 3)
    row = np.minimum((trials["target_y"] / grid["cell_height"]).astype(int), 6)
    counts = trials.assign(col=column, row=row).groupby(["col", "row"]).agg(
        n_pandas=("hit", "size"), hits_pandas=("hit", "sum")
    )
    joined = cells.set_index(["col", "row"]).join(counts)
    assert (joined["n"] == joined["n_pandas"]).all()
    assert (joined["hits"] == joined["hits_pandas"]).all()
    assert np.allclose(joined["error_rate"], 1 - joined["hits"] / joined["n"])


def test_heatmap_figure_writes_an_svg(reach_study, tmp_path):
    path = tl.heatmap_figure(reach_study, tmp_path / "map.svg", grid="4x7", device="large")
    assert path.read_text().lstrip().startswith("<?xml")


def test_reach_marks_the_cells_within_both_limits(reach_study):
    result = tl.reach(reach_study, grid="4x7")
    assert sorted(result.zones["device"]) == ["large", "small"]
    cells = result.cells.merge(result.zones[["device", "time_limit", "error_limit"]], on="device")
    rule = (cells["time_geomean"] <= cells["time_limit"]) & (cells["error_rate"] <= cells["error_limit"])
    assert (cells["in_zone"] == rule).all()
    counted = cells.groupby("device")["in_zone"].sum()
    assert counted.to_dict() == result.zones.set_index("device")["zone_cells"].to_dict()


def test_query_is_read_only(study, tmp_path):
    with pytest.raises(pd.errors.DatabaseError):
        tl.query(study, "DELETE FROM trial")
    assert tl.query(study, "SELECT COUNT(*) AS n FROM trial")["n"][0] == 6902
    with pytest.raises(FileNotFoundError, match="import logs"):
        tl.query(tmp_path / "no-such-study.sqlite", "SELECT 1")
