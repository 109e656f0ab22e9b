"""Reference questionnaire scores for ThumbLab's scoring (Analysis/Questionnaires).

Run from the package root (deterministic; rewrites tlx_umux_seq.csv and expected.json beside
this script byte for byte):

    pip install numpy scipy pandas
    python3 Tests/ThumbLabTests/Fixtures/scores/gen_scores.py

Inputs:
- Datasets/thumbspace-vs-shift/responses.csv: SUS (items 1-10) and a one-item Likert set
  `satisfaction`, per participant x technique.
- tlx_umux_seq.csv, written here from a fixed seed: NASA-TLX (some sheets with pairwise
  weights), UMUX-Lite and SEQ per participant x technique, with instrument and item names
  spelt in the ways ThumbLab accepts, and ten invalid sheets.

Scoring rules, implemented here from their sources (not from ThumbLab's code):
- SUS (Brooke 1996): odd items value - 1, even items 5 - value, sum x 2.5. Learnability
  items 4 and 10 (sum x 12.5), usability the other eight (sum x 3.125) (Lewis & Sauro 2009).
  Sauro-Lewis curved grades on the unrounded score; percentile = 100 Phi((x - 68) / 12.5).
- NASA-TLX (Hart & Staveland 1988; Hart 2006): raw = mean of six ratings 0-100; weighted =
  sum(weight x rating) / 15 with whole weights 0-5 summing to 15.
- UMUX-Lite (Lewis, Utesch & Maher 2013): ((i1 - 1) + (i2 - 1)) / 12 x 100; SUS equivalent
  0.65 x score + 22.9.
- SEQ (Sauro & Dumas 2009): the answer, 1-7.
- Likert sets: per item and cell median, q1, q3 (numpy 'linear' = R type 7) and counts; a
  sheet's score is the mean of its items.
Cells: one score per participant and cell (cells = techniques here), mean, SD (ddof 1),
median and the 95% t interval of the mean (scipy.stats.t).

A sheet (one participant in one technique for one instrument) with an invalid answer is
excluded with reasons worded as ThumbLab words them (the wording is the specification; the
checks that find the problems are written here independently). Line numbers count the
header as line 1.
"""

import json
import math
import pathlib
import re

import numpy as np
import pandas as pd
import scipy
import scipy.stats as ss

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[3]
RESPONSES = ROOT / "Datasets" / "thumbspace-vs-shift" / "responses.csv"
SYNTHETIC = HERE / "tlx_umux_seq.csv"
TECHNIQUES = ["Direct", "Shift", "ThumbSpace"]
DIMENSIONS = ["mental", "physical", "temporal", "performance", "effort", "frustration"]
FORM_NAMES = {
    "mental": "Mental Demand",
    "physical": "Physical Demand",
    "temporal": "Temporal Demand",
    "performance": "Performance",
    "effort": "Effort",
    "frustration": "Frustration Level",
}
GRADES = [
    ("A+", 84.1), ("A", 80.8), ("A-", 78.9), ("B+", 77.2), ("B", 74.1), ("B-", 72.6),
    ("C+", 71.1), ("C", 65.0), ("C-", 62.7), ("D", 51.7), ("F", 0.0),
]


# ---------------------------------------------------------------- synthetic data


def synthetic_rows():
    """Rows (participant, technique, instrument, item, value) for 12 participants."""
    rng = np.random.default_rng(20130427)
    rows = []
    load = {"Direct": 0.0, "Shift": -8.0, "ThumbSpace": 6.0}
    for p in range(1, 13):
        pid = f"P{p:02d}"
        person = rng.normal(0, 10)
        for technique in TECHNIQUES:
            # NASA-TLX: ratings in steps of 5 (a few on the half step), weights for odd participants.
            tlx_name = {1: "TLX", 2: "nasa_tlx"}.get(p, "NASA-TLX")
            ratings = {}
            for index, dim in enumerate(DIMENSIONS):
                raw = 45 + person + load[technique] + 6 * index - 10 + rng.normal(0, 12)
                value = float(np.clip(np.round(raw / 5) * 5, 0, 100))
                if (p + index) % 7 == 0:
                    value += 2.5
                ratings[dim] = value
            for dim in DIMENSIONS:
                item = FORM_NAMES[dim] if p == 4 else dim
                rows.append([pid, technique, tlx_name, item, ratings[dim]])
            if p % 2 == 1:
                weights = dict.fromkeys(DIMENSIONS, 0)
                for a in range(6):
                    for b in range(a + 1, 6):
                        winner = DIMENSIONS[a] if rng.random() < 0.5 + 0.08 * (b - a) else DIMENSIONS[b]
                        weights[winner] += 1
                for dim in DIMENSIONS:
                    item = f"weight_{dim}" if p == 3 else f"{dim}_weight"
                    rows.append([pid, technique, tlx_name, item, weights[dim]])
            # UMUX-Lite: two 7-point items.
            umux_name = "umux_lite" if p == 5 else "UMUX-Lite"
            names = {0: ("1", "2"), 1: ("umux1", "umux2"), 2: ("UMUX_Q1", "UMUX_Q2")}[p % 3]
            for name in names:
                value = int(np.clip(np.round(5 + person / 10 - load[technique] / 8 + rng.normal(0, 1)), 1, 7))
                rows.append([pid, technique, umux_name, name, value])
            # SEQ: one item.
            value = int(np.clip(np.round(5.2 - load[technique] / 8 + rng.normal(0, 1)), 1, 7))
            rows.append([pid, technique, "SEQ", "ease", value])
    frame = pd.DataFrame(rows, columns=["participant", "technique", "instrument", "item", "value"])
    return corrupt(frame)


def corrupt(frame):
    """Ten invalid sheets: out of range, wrong weight sums, missing and repeated items, fractions."""

    def where(pid, technique, instrument, item=None):
        mask = (frame.participant == pid) & (frame.technique == technique)
        mask &= frame.instrument.map(norm) == norm(instrument)
        if item is not None:
            mask &= frame["item"] == item
        return frame.index[mask]

    def set_value(pid, technique, instrument, item, value):
        frame.loc[where(pid, technique, instrument, item), "value"] = value

    set_value("P03", "Shift", "NASA-TLX", "physical", 120)  # rating out of range
    # P05 Direct: weights that sum to 14.
    weight_rows = where("P05", "Direct", "NASA-TLX")
    weight_rows = [i for i in weight_rows if "weight" in frame.at[i, "item"]]
    donor = next(i for i in weight_rows if frame.at[i, "value"] > 0)
    frame.at[donor, "value"] -= 1
    # P09 Shift: a weight of 6 (the others lowered so that the sum stays 15).
    weight_rows = [i for i in where("P09", "Shift", "NASA-TLX") if "weight" in frame.at[i, "item"]]
    mental = next(i for i in weight_rows if frame.at[i, "item"] == "mental_weight")
    needed = 6 - frame.at[mental, "value"]
    for i in weight_rows:
        if i != mental and needed > 0 and frame.at[i, "value"] > 0:
            take = min(needed, frame.at[i, "value"])
            frame.at[i, "value"] -= take
            needed -= take
    frame.at[mental, "value"] = 6
    frame = frame.drop(where("P07", "ThumbSpace", "NASA-TLX", "effort"))  # missing dimension
    frame = duplicate(frame, where("P08", "Direct", "NASA-TLX", "temporal")[0], 55)  # repeated item
    set_value("P02", "ThumbSpace", "UMUX-Lite", "UMUX_Q2", 8)  # out of range
    set_value("P04", "Shift", "UMUX-Lite", "umux1", 3.5)  # not a whole number
    frame = frame.drop(where("P06", "Direct", "UMUX-Lite", "2"))  # missing item
    set_value("P10", "Direct", "SEQ", "ease", 0)  # out of range
    frame = duplicate(frame, where("P01", "Shift", "SEQ", "ease")[0], 6)  # two answers
    return frame.reset_index(drop=True)


def duplicate(frame, index, value):
    """The frame with row `index` repeated right after itself, carrying `value`."""
    copy = frame.loc[[index]].copy()
    copy["value"] = value
    position = frame.index.get_loc(index) + 1
    return pd.concat([frame.iloc[:position], copy, frame.iloc[position:]]).reset_index(drop=True)


def write_synthetic(frame):
    def text(value):
        value = float(value)
        return str(int(value)) if value == int(value) else repr(value)

    lines = ["participant,technique,instrument,item,value"]
    lines += [f"{r.participant},{r.technique},{r.instrument},{r.item},{text(r.value)}" for r in frame.itertuples()]
    SYNTHETIC.write_text("\n".join(lines) + "\n")


# ---------------------------------------------------------------- scoring


def norm(text):
    return re.sub(r"[ _-]", "", str(text).strip().lower())


def kind_of(instrument):
    key = norm(instrument)
    return {"sus": "sus", "nasatlx": "nasa-tlx", "tlx": "nasa-tlx", "umuxlite": "umux-lite", "seq": "seq"}.get(
        key, "likert")


def display(instrument):
    return {"sus": "SUS", "nasa-tlx": "NASA-TLX", "umux-lite": "UMUX-Lite", "seq": "SEQ"}.get(
        kind_of(instrument), str(instrument).strip())


def fmt(value):
    value = float(value)
    return str(int(value)) if math.isfinite(value) and value == round(value) else repr(value)


def listed(items):
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def span(lines):
    lo, hi = min(lines), max(lines)
    return f"line {lo}" if lo == hi else f"lines {lo} to {hi}"


def repeated(label, rows):
    times = "twice" if len(rows) == 2 else f"{len(rows)} times"
    return f"{label} is answered {times}, at lines {listed([str(r.line) for r in rows])}; each item is answered once"


def whole(row, label, lo, hi, rule, problems):
    v = float(row.value)
    if not (lo <= v <= hi):
        problems.append(f"{label} is {fmt(v)} at line {row.line}; {rule} are {lo} to {hi}")
        return None
    if v != round(v):
        problems.append(f"{label} is {fmt(v)} at line {row.line}; {rule} are whole numbers {lo} to {hi}")
        return None
    return int(v)


def numbered(sheet, count, name, problems):
    numbers = "1 and 2" if count == 2 else f"1 to {count}"
    groups = {}
    for row in sheet.itertuples():
        m = re.search(r"(\d+)$", str(row.item).strip())
        if not m:
            problems.append(f"{name} item '{row.item}' at line {row.line} has no item number; "
                            f"{name} items are numbered {numbers}")
            continue
        number = int(m.group(1))
        if not 1 <= number <= count:
            problems.append(f"{name} item '{row.item}' at line {row.line} is not a {name} item; "
                            f"{name} items are numbered {numbers}")
            continue
        groups.setdefault(number, []).append(row)
    found = {}
    for number in range(1, count + 1):
        rows = groups.get(number)
        if rows is None:
            problems.append(f"{name} item {number} is missing (the sheet's answers are at {span(sheet.line)}); "
                            f"a {name} sheet answers items {numbers} once each")
        elif len(rows) > 1:
            problems.append(repeated(f"{name} item {number}", rows))
        else:
            found[number] = rows[0]
    return found


def score_sus(sheet):
    problems = []
    found = numbered(sheet, 10, "SUS", problems)
    values = {}
    for number in range(1, 11):
        if number in found:
            v = whole(found[number], f"SUS item {number}", 1, 5, "SUS items", problems)
            if v is not None:
                values[number] = v
    if problems:
        return None, problems
    item = {n: (v - 1 if n % 2 == 1 else 5 - v) for n, v in values.items()}
    learn = item[4] + item[10]
    usab = sum(item.values()) - learn
    return (sum(item.values()) * 2.5, {"learnability": learn * 12.5, "usability": usab * 3.125}), []


ALIASES = {dim: {dim, norm(FORM_NAMES[dim])} for dim in DIMENSIONS}
ALIASES["performance"].add("ownperformance")


def dimension(item):
    key = norm(item)
    return next((dim for dim in DIMENSIONS if key in ALIASES[dim]), None)


def score_tlx(sheet):
    problems, ratings_rows, weight_rows = [], {}, {}
    for row in sheet.itertuples():
        key = norm(row.item)
        dim = dimension(row.item)
        wdim = None
        if dim is None and key.startswith("weight"):
            wdim = dimension(key[6:])
        elif dim is None and key.endswith("weight"):
            wdim = dimension(key[:-6])
        if dim:
            ratings_rows.setdefault(dim, []).append(row)
        elif wdim:
            weight_rows.setdefault(wdim, []).append(row)
        else:
            problems.append(f"NASA-TLX item '{row.item}' at line {row.line} is neither a dimension "
                            "(mental, physical, temporal, performance, effort, frustration) "
                            "nor a weight (mental_weight, ..., frustration_weight)")
    ratings = []
    for dim in DIMENSIONS:
        rows = ratings_rows.get(dim)
        if rows is None:
            problems.append(f"NASA-TLX {dim} is missing (the sheet's answers are at {span(sheet.line)}); "
                            "a NASA-TLX sheet rates all six dimensions")
        elif len(rows) > 1:
            problems.append(repeated(f"NASA-TLX {dim}", rows))
        elif not 0 <= float(rows[0].value) <= 100:
            problems.append(f"NASA-TLX {dim} is {fmt(rows[0].value)} at line {rows[0].line}; "
                            "NASA-TLX ratings are 0 to 100")
        else:
            ratings.append(float(rows[0].value))
    weights = None
    if weight_rows:
        lines = [r.line for rows in weight_rows.values() for r in rows]
        weights = []
        for dim in DIMENSIONS:
            rows = weight_rows.get(dim)
            if rows is None:
                problems.append(f"NASA-TLX weight of {dim} is missing (the sheet's weights are at {span(lines)}); "
                                "a weighted sheet has all six weights, a raw one none")
            elif len(rows) > 1:
                problems.append(repeated(f"NASA-TLX weight of {dim}", rows))
            else:
                w = whole(rows[0], f"NASA-TLX weight of {dim}", 0, 5, "NASA-TLX weights", problems)
                if w is not None:
                    weights.append(w)
        if len(weights) == 6 and sum(weights) != 15:
            problems.append(f"NASA-TLX weights sum to {sum(weights)}, not 15, at {span(lines)}; "
                            "the 15 pairwise comparisons give weights that sum to 15")
    if problems:
        return None, problems
    sub = {}
    if weights is not None:
        sub["weighted"] = sum(w * r for w, r in zip(weights, ratings)) / 15
    sub.update(zip(DIMENSIONS, ratings))
    return (sum(ratings) / 6, sub), []


def score_umux(sheet):
    problems = []
    found = numbered(sheet, 2, "UMUX-Lite", problems)
    values = []
    for number in (1, 2):
        if number in found:
            v = whole(found[number], f"UMUX-Lite item {number}", 1, 7, "UMUX-Lite items", problems)
            if v is not None:
                values.append(v)
    if problems:
        return None, problems
    score = ((values[0] - 1) + (values[1] - 1)) / 12 * 100
    return (score, {"sus_equivalent": 0.65 * score + 22.9}), []


def score_seq(sheet):
    if len(sheet) != 1:
        lines = listed([str(line) for line in sheet.line])
        times = "twice" if len(sheet) == 2 else f"{len(sheet)} times"
        return None, [f"SEQ is answered {times} in one condition, at lines {lines}; SEQ has one item, "
                      "so record several tasks as a factor of their own"]
    row = next(sheet.itertuples())
    problems = []
    v = whole(row, f"SEQ item '{row.item}'", 1, 7, "SEQ answers", problems)
    return (None, problems) if v is None else ((float(v), {}), [])


def score_likert(sheet, name, items):
    problems, values = [], []
    names = listed([display_name for _, display_name in items])
    for key, item in items:
        rows = [r for r in sheet.itertuples() if norm(r.item) == key]
        if not rows:
            problems.append(f"{name} item '{item}' is missing (the sheet's answers are at {span(sheet.line)}); "
                            f"each sheet answers the set's items ({names}) once")
        elif len(rows) > 1:
            problems.append(repeated(f"{name} item '{item}'", rows))
        else:
            values.append(float(rows[0].value))
    return (None, problems) if problems else ((sum(values) / len(values), {}), [])


def figures(values):
    values = np.asarray(values, dtype=float)
    n = len(values)
    if n == 0:
        return dict(n=0, mean=None, sd=None, median=None, ci_low=None, ci_high=None)
    if n == 1:
        return dict(n=1, mean=float(values[0]), sd=None, median=float(values[0]), ci_low=None, ci_high=None)
    mean, sd = float(values.mean()), float(values.std(ddof=1))
    half = float(ss.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    return dict(n=n, mean=mean, sd=sd, median=float(np.median(values)), ci_low=mean - half, ci_high=mean + half)


def grade(score):
    return next(name for name, low in GRADES if score >= low)


def percentile(score):
    return float(100 * ss.norm.cdf(score, loc=68, scale=12.5))


def score_file(path, label):
    frame = pd.read_csv(path, dtype={"item": str})
    frame["line"] = np.arange(len(frame)) + 2
    frame["key"] = frame.instrument.map(lambda t: kind_of(t) if kind_of(t) != "likert" else "likert:" + norm(t))
    results = []
    for key in frame.key.drop_duplicates():
        rows = frame[frame.key == key]
        name = display(rows.instrument.iloc[0])
        kind = kind_of(rows.instrument.iloc[0])
        items = list(dict.fromkeys(norm(i) for i in rows["item"]))
        items = [(k, next(i for i in rows["item"] if norm(i) == k)) for k in items]
        scored, excluded = [], []
        for (pid, technique), sheet in rows.groupby(["participant", "technique"], sort=False):
            if kind == "sus":
                result, problems = score_sus(sheet)
            elif kind == "nasa-tlx":
                result, problems = score_tlx(sheet)
            elif kind == "umux-lite":
                result, problems = score_umux(sheet)
            elif kind == "seq":
                result, problems = score_seq(sheet)
            else:
                result, problems = score_likert(sheet, name, items)
            if problems:
                excluded.append((int(sheet.line.min()), pid, technique, "; ".join(problems)))
            else:
                scored.append((pid, technique, result[0], result[1]))
        order = {t: i for i, t in enumerate(TECHNIQUES)}
        scored.sort(key=lambda s: (s[0], order[s[1]]))
        participants = []
        for pid, technique, score, sub in scored:
            entry = {"participant": pid, "technique": technique, "score": score, "subscores": sub}
            if kind == "sus":
                entry.update(percentile=percentile(score), grade=grade(score))
            participants.append(entry)
        cells = []
        names = list(dict.fromkeys(n for s in scored for n in s[3]))
        for technique in TECHNIQUES:
            members = [s for s in scored if s[1] == technique]
            cell = {"technique": technique, **figures([s[2] for s in members])}
            cell["grade"] = grade(cell["mean"]) if kind == "sus" and members else None
            if kind == "sus" and members:
                cell["percentile"] = percentile(cell["mean"])
            cell["subscales"] = {n: figures([s[3][n] for s in members if n in s[3]]) for n in names}
            cells.append(cell)
        result = {
            "file": label, "instrument": name, "kind": kind, "factors": ["technique"],
            "sheets": int(rows.groupby(["participant", "technique"]).ngroups),
            "participants": participants, "cells": cells,
            "excluded": [{"participant": p, "technique": t, "reason": r} for _, p, t, r in sorted(excluded)],
        }
        if kind == "likert":
            result["items"] = likert_items(rows, items)
        results.append(result)
    return results


def likert_items(rows, items):
    out = []
    for key, name in items:
        for technique in TECHNIQUES:
            answers = rows[(rows["item"].map(norm) == key) & (rows.technique == technique)]
            counts = answers.groupby("participant")["value"].transform("count")
            answers = answers[counts == 1]  # an item answered twice in a sheet does not count
            if answers.empty:
                continue
            values = answers.value.to_numpy(dtype=float)
            q1, median, q3 = (float(q) for q in np.quantile(values, [0.25, 0.5, 0.75], method="linear"))
            distribution = {fmt(v): int(c) for v, c in sorted(answers.value.value_counts().items())}
            out.append({"item": name, "technique": technique, "n": len(values),
                        "participants": int(answers.participant.nunique()),
                        "median": median, "q1": q1, "q3": q3, "distribution": distribution})
    return out


def main():
    write_synthetic(synthetic_rows())
    cases = score_file(RESPONSES, "Datasets/thumbspace-vs-shift/responses.csv")
    cases += score_file(SYNTHETIC, "Tests/ThumbLabTests/Fixtures/scores/tlx_umux_seq.csv")
    document = {
        "tools": {"numpy": np.__version__, "pandas": pd.__version__, "scipy": scipy.__version__},
        "cases": cases,
    }
    (HERE / "expected.json").write_text(json.dumps(document, indent=1) + "\n")


if __name__ == "__main__":
    main()
