"""Run the ``thumblab`` command from Python and get its results as pandas DataFrames.

A thin layer over the command line: each function runs one ``thumblab`` command on a
study database with ``--format json`` and turns the JSON into DataFrames (the command's
whole JSON object stays available in ``DataFrame.attrs["json"]`` or a result's ``json``
field). Commands run from argument lists, never through a shell, so file names with
spaces or quotes are safe.

    import thumblab as tl
    tl.device_add("study.sqlite", "phone-3.5in", width=320, height=480, ppi=163)
    tl.import_files("study.sqlite", ["trials.csv"], device="phone-3.5in")
    result = tl.compare("study.sqlite", "technique", exclude={"block": 0})
    result.tests[["test", "statistic", "p", "apa"]]

The binary is ``$THUMBLAB``, else ``.build/debug/thumblab`` or ``.build/release/thumblab``
in this repository, else ``thumblab`` on the PATH. A command that fails raises
:class:`ThumbLabError` with its exit status and its error message.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

import pandas as pd

REPOSITORY = Path(__file__).resolve().parent.parent
"""The repository this module belongs to (it holds ``Datasets/`` and ``.build/``)."""

DATASETS = REPOSITORY / "Datasets"
"""The bundled datasets."""

Levels = Mapping[str, "str | int | float | Iterable[str | int | float]"]


class ThumbLabError(RuntimeError):
    """A ``thumblab`` command that exited with a non-zero status.

    ``returncode`` is its exit status (64 wrong use, 65 bad input data, 66 missing file,
    1 anything else), ``stderr`` its error message and ``arguments`` the command line.
    """

    def __init__(self, arguments: list[str], returncode: int, stderr: str, stdout: str = ""):
        self.arguments = arguments
        self.returncode = returncode
        self.stderr = stderr
        self.stdout = stdout
        message = stderr.strip() or stdout.strip() or "no message"
        super().__init__(f"thumblab {' '.join(arguments[1:])} exited with status {returncode}: {message}")


def find_binary() -> str:
    """The ``thumblab`` executable to run.

    ``$THUMBLAB`` when set, else ``.build/debug/thumblab`` or ``.build/release/thumblab``
    in this repository, else ``thumblab`` on the PATH. Raises :class:`FileNotFoundError`
    naming what to build when there is none.
    """
    named = os.environ.get("THUMBLAB")
    if named:
        if not os.access(named, os.X_OK):
            raise FileNotFoundError(f"THUMBLAB names {named}, which is not an executable file")
        return named
    for build in ("debug", "release"):
        candidate = REPOSITORY / ".build" / build / "thumblab"
        if os.access(candidate, os.X_OK):
            return str(candidate)
    on_path = shutil.which("thumblab")
    if on_path:
        return on_path
    raise FileNotFoundError(
        f"no thumblab binary: build it with 'swift build --product thumblab' in {REPOSITORY} "
        "(or 'swift test', which builds it too), or set THUMBLAB to its path"
    )


def run(db: str | os.PathLike | None, *arguments: Any, parse_json: bool = True) -> Any:
    """Runs ``thumblab ARGUMENTS... --db DB`` and returns its parsed JSON output.

    With ``parse_json=False`` it returns the standard output as text and adds no
    ``--format``. Raises :class:`ThumbLabError` when the command fails.
    """
    command = [find_binary(), *(str(argument) for argument in arguments)]
    if parse_json:
        command += ["--format", "json"]
    if db is not None:
        command += ["--db", os.fspath(db)]
    environment = {**os.environ, "NO_COLOR": "1"}
    completed = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    if completed.returncode != 0:
        raise ThumbLabError(command, completed.returncode, completed.stderr, completed.stdout)
    if not parse_json:
        return completed.stdout
    try:
        return json.loads(completed.stdout)
    except json.JSONDecodeError as error:
        raise ThumbLabError(command, 0, f"the output is not JSON ({error}): {completed.stdout[:200]}") from error


def selection_arguments(
    study: str | None = None,
    where: Levels | None = None,
    exclude: Levels | None = None,
    attempts: str | None = None,
    trials: str | None = None,
    outliers: str | None = None,
    outlier_scale: str | None = None,
) -> list[str]:
    """The selection and cleaning options of the analysis commands.

    ``where`` and ``exclude`` map a factor (or ``block``) to one level or a list of them:
    ``exclude={"block": 0}`` gives ``--exclude block=0``. ``trials="hits"`` computes the time
    measures on hit trials only; ``outliers`` is a rule such as ``"sd:3"``, ``"mad:2.5"``,
    ``"iqr:1.5"``, ``"range:150-5000"`` (or ``"none"`` to turn off the study plan's rule),
    judged on ln time unless ``outlier_scale="raw"``.
    """
    arguments: list[str] = []
    if study is not None:
        arguments += ["--study", study]
    for option, filters in (("--where", where), ("--exclude", exclude)):
        for factor, levels in (filters or {}).items():
            values = [levels] if isinstance(levels, (str, int, float)) else list(levels)
            arguments += [option, f"{factor}={','.join(str(value) for value in values)}"]
    for option, value in (
        ("--attempts", attempts),
        ("--trials", trials),
        ("--outliers", outliers),
        ("--outlier-scale", outlier_scale),
    ):
        if value is not None:
            arguments += [option, value]
    return arguments


def _frame(rows: list[dict], result: Any) -> pd.DataFrame:
    frame = pd.DataFrame(rows)
    frame.attrs["json"] = result
    return frame


def _repeated(option: str, values: Iterable[Any] | str | None) -> list[str]:
    if values is None:
        return []
    if isinstance(values, str):
        values = [values]
    return [part for value in values for part in (option, str(value))]


def init(db: str | os.PathLike) -> str:
    """Creates the study database (or migrates an existing one); returns the command's message."""
    return run(db, "init", parse_json=False)


def device_add(
    db: str | os.PathLike,
    name: str,
    *,
    width: int,
    height: int,
    ppi: float | None = None,
    px_per_mm: float | None = None,
) -> dict:
    """Adds a device (screen size in px and its density, by ``ppi`` or ``px_per_mm``)."""
    density = ["--ppi", ppi] if ppi is not None else ["--px-per-mm", px_per_mm]
    return run(db, "device", "add", name, "--width", width, "--height", height, *density)


def import_files(
    db: str | os.PathLike,
    files: Iterable[str | os.PathLike] | str | os.PathLike,
    *,
    study: str | None = None,
    kind: str | None = None,
    mapping: Mapping[str, str] | None = None,
    ignore: Iterable[str] | str | None = None,
    device: str | None = None,
    dry_run: bool = False,
    skip_invalid: bool = False,
) -> pd.DataFrame:
    """Imports log files: one row per file with its batch id, kind, rows, rejected rows and factors.

    ``mapping`` maps a field to the column that holds it (``--map field=column``),
    ``ignore`` names columns that are not factors.
    """
    if isinstance(files, (str, os.PathLike)):
        files = [files]
    arguments: list[Any] = ["import", *(os.fspath(file) for file in files)]
    if study is not None:
        arguments += ["--study", study]
    if kind is not None:
        arguments += ["--kind", kind]
    for field, column in (mapping or {}).items():
        arguments += ["--map", f"{field}={column}"]
    arguments += _repeated("--ignore", ignore)
    if device is not None:
        arguments += ["--device", device]
    if dry_run:
        arguments.append("--dry-run")
    if skip_invalid:
        arguments.append("--skip-invalid")
    result = run(db, *arguments)
    rows = []
    for report in result:
        row = {key: value for key, value in report.items() if key not in ("batch", "columns")}
        row["batch"] = (report.get("batch") or {}).get("id")
        row["columns"] = {entry["column"]: entry.get("field") for entry in report.get("columns", [])}
        rows.append(row)
    return _frame(rows, result)


def undo(db: str | os.PathLike, batch: int) -> dict:
    """Removes one import batch completely; returns the removed batch."""
    return run(db, "undo", int(batch))


def batches(db: str | os.PathLike) -> pd.DataFrame:
    """The imports, one row per batch."""
    result = run(db, "batches")
    return _frame(result, result)


def info(db: str | os.PathLike) -> dict:
    """Counts of studies, participants, trials, touches, responses, batches and rejected rows, and the factors."""
    return run(db, "info")


def summary(
    db: str | os.PathLike,
    by: Iterable[str] | str | None = None,
    *,
    per_participant: bool = False,
    **selection: Any,
) -> pd.DataFrame:
    """Per cell: participants, trials, time (geometric mean with CI, mean, SD, median), error rate, offsets."""
    arguments = ["summary", *_repeated("--by", by), *selection_arguments(**selection)]
    if per_participant:
        arguments.append("--per-participant")
    result = run(db, *arguments)
    return _frame(result["cells"], result)


@dataclass
class Comparison:
    """A ``thumblab compare`` result: per-level descriptives, the tests, the post-hoc tests."""

    levels: pd.DataFrame
    tests: pd.DataFrame
    posthoc: pd.DataFrame
    sentences: list[str]
    json: dict


def compare(
    db: str | os.PathLike,
    factor: Iterable[str] | str,
    *,
    measure: str | None = None,
    levels: Iterable[str] | None = None,
    by: str | None = None,
    test: str | None = None,
    aggregate: str | None = None,
    adjust: str | None = None,
    **selection: Any,
) -> Comparison:
    """Compares a measure (time, error, a column, ``score:INSTRUMENT``) across one or more factors."""
    arguments: list[Any] = ["compare", *_repeated("--factor", factor)]
    if measure is not None:
        arguments += ["--measure", measure]
    if levels is not None:
        arguments += ["--levels", ",".join(levels)]
    for option, value in (("--by", by), ("--test", test), ("--aggregate", aggregate), ("--adjust", adjust)):
        if value is not None:
            arguments += [option, value]
    result = run(db, *arguments, *selection_arguments(**selection))
    tests = [{key: value for key, value in test.items() if key != "effect_size"} for test in result["tests"]]
    for row, test_result in zip(tests, result["tests"]):
        effect = test_result.get("effect_size") or {}
        row["effect_size"] = effect.get("name")
        row["effect_size_value"] = effect.get("value")
    return Comparison(
        levels=pd.DataFrame(result["levels"]),
        tests=pd.DataFrame(tests),
        posthoc=pd.DataFrame(result.get("posthoc", [])),
        sentences=list(result.get("sentences", [])),
        json=result,
    )


def _spatial_arguments(
    grid: str | None, cell_mm: float | None, by: str | None, device: str | None, selection: dict
) -> list[Any]:
    arguments: list[Any] = []
    if grid is not None:
        arguments += ["--grid", grid]
    if cell_mm is not None:
        arguments += ["--cell-mm", cell_mm]
    if by is not None:
        arguments += ["--by", by]
    if device is not None:
        arguments += ["--device", device]
    return arguments + selection_arguments(**selection)


def _heatmap_arguments(
    measure: str | None, position: str | None, min_n: int | None, spatial: list[Any]
) -> list[Any]:
    arguments: list[Any] = ["heatmap"]
    for option, value in (("--measure", measure), ("--position", position), ("--min-n", min_n)):
        if value is not None:
            arguments += [option, value]
    return arguments + spatial


def heatmap(
    db: str | os.PathLike,
    *,
    measure: str | None = None,
    grid: str | None = None,
    cell_mm: float | None = None,
    position: str | None = None,
    by: str | None = None,
    device: str | None = None,
    min_n: int | None = None,
    **selection: Any,
) -> pd.DataFrame:
    """One row per screen cell (and level of ``by``): col, row, bounds, n, hits, error rate, times, offsets.

    ``attrs["json"]`` holds the whole result, with the grid and the device.
    """
    spatial = _spatial_arguments(grid, cell_mm, by, device, selection)
    result = run(db, *_heatmap_arguments(measure, position, min_n, spatial))
    rows = [{"level": heat["level"], **cell} for heat in result["maps"] for cell in heat["cells"]]
    return _frame(rows, result)


def heatmap_figure(
    db: str | os.PathLike,
    out: str | os.PathLike,
    *,
    measure: str | None = None,
    grid: str | None = None,
    cell_mm: float | None = None,
    position: str | None = None,
    by: str | None = None,
    device: str | None = None,
    min_n: int | None = None,
    **selection: Any,
) -> Path:
    """Writes ThumbLab's own heatmap figure (``.svg`` or ``.png``) to ``out``; returns its path."""
    spatial = _spatial_arguments(grid, cell_mm, by, device, selection)
    run(db, *_heatmap_arguments(measure, position, min_n, spatial), "--out", os.fspath(out), parse_json=False)
    return Path(out)


@dataclass
class ReachZones:
    """A ``thumblab reach`` result: one row per device (and level) in ``zones``, every cell in ``cells``."""

    zones: pd.DataFrame
    cells: pd.DataFrame
    json: dict


def _reach_arguments(
    grid: str | None, cell_mm: float | None, by: str | None, time_tolerance: float | None, selection: dict
) -> list[Any]:
    arguments: list[Any] = ["reach", *_spatial_arguments(grid, cell_mm, by, None, selection)]
    if time_tolerance is not None:
        arguments += ["--time-tolerance", time_tolerance]
    return arguments


def reach(
    db: str | os.PathLike,
    *,
    grid: str | None = None,
    cell_mm: float | None = None,
    by: str | None = None,
    time_tolerance: float | None = None,
    **selection: Any,
) -> ReachZones:
    """The cells a thumb taps both fast and accurately, per device; ``cells.in_zone`` marks them."""
    arguments = _reach_arguments(grid, cell_mm, by, time_tolerance, selection)
    result = run(db, *arguments)
    zones = [{key: value for key, value in zone.items() if key != "cells"} for zone in result["zones"]]
    cells = [cell for zone in result["zones"] for cell in zone["cells"]]
    return ReachZones(zones=pd.DataFrame(zones), cells=pd.DataFrame(cells), json=result)


def reach_figure(
    db: str | os.PathLike,
    out: str | os.PathLike,
    *,
    grid: str | None = None,
    cell_mm: float | None = None,
    by: str | None = None,
    time_tolerance: float | None = None,
    **selection: Any,
) -> Path:
    """Writes ThumbLab's own reach-zone figure (``.svg`` or ``.png``) to ``out``; returns its path."""
    arguments = _reach_arguments(grid, cell_mm, by, time_tolerance, selection)
    run(db, *arguments, "--out", os.fspath(out), parse_json=False)
    return Path(out)


def excluded(db: str | os.PathLike, **selection: Any) -> pd.DataFrame:
    """The trials that ``trials="hits"`` and ``outliers=`` remove from the time measures, with the rule."""
    result = run(db, "excluded", *selection_arguments(**selection))
    return _frame(result["trials"], result)


def query(db: str | os.PathLike, sql: str, parameters: Iterable[Any] = ()) -> pd.DataFrame:
    """Runs a read-only SQL query on the study database (tables and ``*_long`` views)."""
    path = Path(db).resolve()
    if not path.exists():
        raise FileNotFoundError(f"no study database at {path}: import logs into it first")
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as connection:
        return pd.read_sql_query(sql, connection, params=tuple(parameters))


def factors(db: str | os.PathLike) -> pd.DataFrame:
    """One row per condition with one column per factor (``condition_long`` pivoted), keyed by ``condition_id``."""
    levels = query(db, "SELECT condition_id, factor, level FROM condition_long")
    return levels.pivot(index="condition_id", columns="factor", values="level").reset_index().rename_axis(None, axis=1)


def trials(db: str | os.PathLike, where: str = "1 = 1", parameters: Iterable[Any] = ()) -> pd.DataFrame:
    """The ``trial_long`` view with one column per factor; ``where`` is an SQL condition on it."""
    rows = query(db, f"SELECT * FROM trial_long WHERE {where}", parameters)
    return rows.merge(factors(db), on="condition_id", how="left")


def output_folder(name: str) -> Path:
    """A fresh-or-existing folder for a notebook's databases and figures.

    ``$THUMBLAB_NOTEBOOK_OUT/NAME`` when set, else ``.build/notebooks/NAME`` in this
    repository: never inside the tracked files.
    """
    root = os.environ.get("THUMBLAB_NOTEBOOK_OUT")
    folder = Path(root) / name if root else REPOSITORY / ".build" / "notebooks" / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def fresh_database(folder: str | os.PathLike, name: str = "study.sqlite") -> Path:
    """The path of a database in ``folder``, with any earlier file of that name (and its WAL) removed."""
    path = Path(folder) / name
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path
