#!/usr/bin/env python3
"""JSON import throughput of thumblab binaries against their CSV import of the same rows.

Writes one seeded trial log three ways (CSV, JSON Lines, a JSON array), imports each into
a fresh database with each given binary (release builds, for instance one of an earlier
commit as the baseline), and prints wall time, rows per second and peak resident memory
per binary and format, with the JSON/CSV ratios measured in the same run. The runs
alternate (each round imports every format with every binary in turn), so that a change in
the machine's load falls on all of them alike; the medians are of the rounds, and CPU
seconds (user + system) beside the wall time are the steadier figure on a busy machine.

    swift build -c release --product thumblab
    python3 Benchmarks/json_import_speed.py [BASELINE] .build/release/thumblab [--rows N] [--runs N]
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import tempfile
import time

COLUMNS = ["participant", "technique", "block", "trial", "target_x", "target_y", "target_w",
           "touch_x", "touch_y", "time_ms", "hit"]


def rows(count, seed=20260412):
    """The trial log: 64 participants x 3 techniques x 5 blocks, log-normal times, ~16% misses."""
    rng = random.Random(seed)
    techniques = ["Direct", "Shift", "ThumbSpace"]
    widths = [3.6, 5.8, 9.6]
    cells = len(techniques) * 5
    per_cell = max(1, -(-count // (64 * cells)))
    for row in range(count):
        cell = (row // per_cell) % cells
        target_x = round(rng.uniform(10, 310), 1)
        target_y = round(rng.uniform(10, 470), 1)
        hit = rng.random() > 0.16
        yield {
            "participant": f"P{row // (per_cell * cells) + 1:02d}",
            "technique": techniques[cell % 3],
            "block": cell // 3 + 1,
            "trial": row % per_cell + 1,
            "target_x": target_x,
            "target_y": target_y,
            "target_w": widths[(row // 7) % 3],
            "touch_x": round(target_x + rng.gauss(0, 4), 1),
            "touch_y": round(target_y + rng.gauss(0, 4), 1),
            "time_ms": round(rng.lognormvariate(6.6, 0.35), 1),
            "hit": hit,
        }


def write_files(folder, count):
    paths = {name: os.path.join(folder, f"trials.{name}") for name in ("csv", "jsonl", "json")}
    with open(paths["csv"], "w") as csv, open(paths["jsonl"], "w") as lines, open(paths["json"], "w") as array:
        csv.write(",".join(COLUMNS) + "\n")
        array.write("[\n")
        for index, row in enumerate(rows(count)):
            csv.write(",".join(str(int(v) if isinstance(v, bool) else v) for v in row.values()) + "\n")
            text = json.dumps(row, separators=(", ", ": "))
            lines.write(text + "\n")
            array.write(("" if index == 0 else ",\n") + "  " + text)
        array.write("\n]\n")
    return paths


def run(binary, path, database):
    start = time.perf_counter()
    child = subprocess.Popen([binary, "import", path, "--db", database],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    output = child.stdout.read().decode() + child.stderr.read().decode()
    if status != 0:
        raise SystemExit(f"import of {path} failed ({status}):\n{output}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("thumblab", nargs="+", help="thumblab binaries to compare")
    parser.add_argument("--rows", type=int, default=2_000_000)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="thumblab-json-speed-") as folder:
        paths = write_files(folder, arguments.rows)
        for name, path in paths.items():
            print(f"{name}: {os.path.getsize(path) / 1e6:.1f} MB, {arguments.rows} rows")
        times = {(binary, name): [] for binary in arguments.thumblab for name in paths}
        cpus = {key: [] for key in times}
        peaks = {key: [] for key in times}
        for index in range(arguments.runs):
            for name, path in paths.items():
                for binary in arguments.thumblab:
                    database = os.path.join(folder, f"{name}-{index}.sqlite")
                    seconds, cpu, peak = run(binary, path, database)
                    for suffix in ("", "-wal", "-shm"):
                        if os.path.exists(database + suffix):
                            os.remove(database + suffix)
                    times[binary, name].append(seconds)
                    cpus[binary, name].append(cpu)
                    peaks[binary, name].append(peak)
        for binary in arguments.thumblab:
            print(binary)
            wall = {name: statistics.median(times[binary, name]) for name in paths}
            cpu = {name: statistics.median(cpus[binary, name]) for name in paths}
            for name in paths:
                print(f"  {name:5}: {wall[name]:6.2f} s wall, {cpu[name]:6.2f} s CPU, median of {arguments.runs}, "
                      f"{arguments.rows / wall[name]:9.0f} rows/s, peak {max(peaks[binary, name]):6.1f} MB")
            for name in ("jsonl", "json"):
                print(f"  ratio {name} / csv: {wall[name] / wall['csv']:.2f} wall, {cpu[name] / cpu['csv']:.2f} CPU")


if __name__ == "__main__":
    main()
