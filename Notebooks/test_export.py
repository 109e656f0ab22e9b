"""`thumblab export` read back by pyarrow and DuckDB, value by value against the database.

Run with ``python -m pytest Notebooks/test_export.py`` (Notebooks/run.sh does). The study
databases are read with Python's sqlite3 module and pandas, not through ThumbLab: the long
views, and each condition's factor levels pivoted from ``condition_long``.
"""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

import thumblab as tl

SHIFT = tl.DATASETS / "thumbspace-vs-shift"

# Participants and levels in three scripts, a slash and spaces; coordinates of 0, -0 and
# below 0; empty cells.
TRICKY = """participant,technique,block,trial,target_x,target_y,target_width,target_height,touch_x,touch_y,start_x,time_ms,hit
Pé 01,Direct,1,1,0,-5.5,20,20,-3.25,0,,812.5,1
Pé 01,Shift “Ω”,1,1,10,20,20,20,11,19,5,901,0
参加者/2,Direct,1,1,-1e-3,0,20,20,0,-0,,700,1
参加者/2,Shift “Ω”,1,1,3,4,20,20,2.5,4.5,1,650.25,1
участник 3,Direct,1,1,1,1,20,20,1,1,2,1200,0
участник 3,Shift “Ω”,1,1,1,1,20,20,1,1,,999.999,1
"""


@pytest.fixture(scope="module")
def bundled(tmp_path_factory) -> Path:
    """The bundled study: trials on their phone, touches and questionnaire answers."""
    db = tmp_path_factory.mktemp("bundled") / "study.sqlite"
    tl.device_add(db, "phone-3.5in", width=320, height=480, ppi=163)
    tl.import_files(db, [SHIFT / "trials.csv", SHIFT / "touches.csv"], device="phone-3.5in")
    tl.import_files(db, SHIFT / "responses.csv")
    return db


@pytest.fixture(scope="module")
def tricky(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("tricky")
    (folder / "trials.csv").write_text(TRICKY, encoding="utf-8")
    db = folder / "tricky.sqlite"
    tl.import_files(db, folder / "trials.csv")
    return db


def export(db: Path, folder: Path, *arguments: str) -> Path:
    tl.run(db, "export", "--out", folder, *arguments, parse_json=False)
    return folder


def expected(db: Path, view: str) -> pd.DataFrame:
    """The view's rows with each factor's level as a column, from sqlite3 and pandas."""
    with sqlite3.connect(db) as connection:
        rows = pd.read_sql_query(f"SELECT * FROM {view}", connection)
        levels = pd.read_sql_query("SELECT condition_id, factor, level FROM condition_long", connection)
    wide = levels.pivot(index="condition_id", columns="factor", values="level").reset_index()
    return rows.merge(wide, on="condition_id", how="left").sort_values("id").reset_index(drop=True)


def same(actual: pd.DataFrame, wanted: pd.DataFrame, where: str) -> None:
    """Every column of `wanted` in `actual`, value by value: nulls where the database has
    NULL, exact numbers, text byte for byte."""
    assert len(actual) == len(wanted), where
    for column in wanted.columns:
        assert column in actual.columns, f"{where}: no column {column}"
        for index, (got, want) in enumerate(zip(actual[column].tolist(), wanted[column].tolist())):
            missing = want is None or (isinstance(want, float) and math.isnan(want))
            if missing:
                assert got is None or got is pd.NA or (isinstance(got, float) and math.isnan(got)), (
                    f"{where} {column}[{index}]: {got!r}")
            else:
                assert got == want, f"{where} {column}[{index}]: {got!r} != {want!r}"


@pytest.mark.parametrize("fixture", ["bundled", "tricky"])
def test_pyarrow_and_duckdb_read_every_value_of_every_table(fixture, request, tmp_path):
    db = request.getfixturevalue(fixture)
    folder = export(db, tmp_path / "export")
    for table, view in [("trial", "trial_long"), ("touch", "touch_long"), ("response", "response_long")]:
        wanted = expected(db, view)
        path = folder / table / f"{table}.parquet"
        arrow = pq.read_table(path).to_pandas().sort_values("id").reset_index(drop=True)
        same(arrow, wanted, f"{fixture} {table} (pyarrow)")
        duck = duckdb.sql(f"SELECT * FROM read_parquet('{path}') ORDER BY id").df()
        same(duck, wanted, f"{fixture} {table} (DuckDB)")
    with sqlite3.connect(db) as connection:
        participants = pd.read_sql_query(
            "SELECT s.name AS study, p.label AS participant FROM participant p JOIN study s ON s.id = p.study_id "
            "ORDER BY s.name, p.label", connection)
    same(pq.read_table(folder / "participant" / "participant.parquet").to_pandas(), participants, "participants")
    with sqlite3.connect(db) as connection:
        devices = pd.read_sql_query("SELECT name, width_px, height_px, px_per_mm, scale FROM device ORDER BY name", connection)
    if len(devices):
        same(pq.read_table(folder / "device" / "device.parquet").to_pandas(), devices, "devices")
    else:
        assert not (folder / "device").exists()


def test_types_nulls_and_statistics(tricky, tmp_path):
    folder = export(tricky, tmp_path / "export")
    file = pq.ParquetFile(folder / "trial" / "trial.parquet")
    schema = file.schema_arrow
    assert str(schema.field("id").type) == "int64"
    assert str(schema.field("touch_x").type) == "double"
    assert str(schema.field("participant").type) == "string"
    assert schema.field("start_x").nullable
    metadata = {key.decode(): value.decode() for key, value in file.metadata.metadata.items()}
    assert metadata["thumblab.table"] == "trial" and "tricky" not in metadata["thumblab.studies"]
    assert '"sha256"' in metadata["thumblab.provenance"]
    group = file.metadata.row_group(0)
    touch_x = group.column(schema.get_field_index("touch_x")).statistics
    assert touch_x.min == -3.25 and touch_x.max == 11
    start_x = group.column(schema.get_field_index("start_x")).statistics
    assert start_x.null_count == 3
    assert group.column(0).compression == "GZIP"
    table = pq.read_table(folder / "trial" / "trial.parquet")
    assert sorted(set(table.column("participant").to_pylist())) == ["Pé 01", "участник 3", "参加者/2"]
    assert min(table.column("target_x").to_pylist()) == -0.001


def test_participant_partitions_read_back_as_a_hive_dataset(tricky, bundled, tmp_path):
    for db in (tricky, bundled):
        folder = export(db, tmp_path / db.stem, "--partition", "participant")
        wanted = expected(db, "trial_long")
        arrow = ds.dataset(folder / "trial", format="parquet", partitioning="hive").to_table().to_pandas()
        same(arrow.sort_values("id").reset_index(drop=True), wanted, f"{db.stem} partitioned (pyarrow)")
        duck = duckdb.sql(
            f"SELECT * FROM read_parquet('{folder}/trial/*/*.parquet', hive_partitioning = true) ORDER BY id").df()
        same(duck, wanted, f"{db.stem} partitioned (DuckDB)")


def test_a_million_rows_make_row_groups_of_about_a_million(tmp_path):
    rows = 1_100_000
    lines = ["participant,technique,trial,time_ms,hit"]
    lines += [f"P{i % 40:02d},{'AB'[i % 2]},{i},{500 + i % 977},{i % 3 != 0:d}" for i in range(rows)]
    (tmp_path / "big.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    db = tmp_path / "big.sqlite"
    tl.import_files(db, tmp_path / "big.csv")
    folder = export(db, tmp_path / "export")
    file = pq.ParquetFile(folder / "trial" / "trial.parquet")
    assert file.metadata.num_rows == rows
    assert [file.metadata.row_group(i).num_rows for i in range(file.metadata.num_row_groups)] == [1 << 20, rows - (1 << 20)]
    total = duckdb.sql(
        f"SELECT count(*), sum(time_ms), sum(hit) FROM read_parquet('{folder}/trial/trial.parquet')").fetchall()[0]
    with sqlite3.connect(db) as connection:
        assert total == connection.execute("SELECT count(*), sum(time_ms), sum(hit) FROM trial").fetchone()


def test_csv_export_holds_the_same_rows(tricky, tmp_path):
    folder = export(tricky, tmp_path / "export", "--format", "csv")
    frame = pd.read_csv(folder / "trial" / "trial.csv").sort_values("id").reset_index(drop=True)
    wanted = expected(tricky, "trial_long")
    same(frame[["participant", "technique", "touch_x", "touch_y", "start_x", "time_ms"]], wanted[
        ["participant", "technique", "touch_x", "touch_y", "start_x", "time_ms"]], "tricky trial (CSV)")
