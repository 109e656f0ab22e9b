"""Reference values for ThumbLab's trial cleaning (misses and outliers).

Run from the package root (deterministic; rewrites edge_trials.csv and cleaning.json beside
this script byte for byte):

    python3 Tests/ThumbLabTests/Fixtures/cleaning/gen_cleaning.py

Written from the specification only (not from ThumbLab's Swift code). Conventions:
- Selection: rows with block != 0. Attempts: rows with the same (participant, factors...,
  block, trial) are successive attempts in file order; keep attempt 1 (first attempts).
- trials step: `all` keeps every trial with a time; `hits` keeps hit == 1 and removes the
  others from the time measures with reason `miss`.
- Outliers: one pass within each group = participant x condition (condition = every factor
  of the data: bundled technique, target_size_mm, mobility; edge technique; never block).
  x = time_ms (scale raw) or ln(time_ms) (scale log; only times > 0 take part, a time <= 0
  is in no group and never removed on the log scale). Groups of fewer than 3 participating
  trials (counted after the trials step) are left alone.
    sd:K     |x - mean| > K * SD (SD with n - 1)
    mad:K    |x - median| > K * 1.4826 * MAD, MAD = median(|x - median|); MAD == 0: none
    iqr:K    x < Q1 - K * IQR or x > Q3 + K * IQR, quartiles type 7 (numpy linear)
    range:L-H  time_ms < L or time_ms > H (ms, either bound optional)
  A value exactly on a threshold is kept (only strictly beyond is removed).
- Removed trials leave the time measures only; error rates count every selected trial.
- Log-based time measures (geomean, its CI, the RM-ANOVA on ln time) use the used trials with
  time_ms > 0 (ln of 0 does not exist); raw measures (mean, SD, median) use every used trial.
"""

import json
import math
import statistics
import pathlib
import platform

import numpy as np
import pandas as pd
import pingouin as pg
import scipy
import scipy.stats as ss

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[3]
BUNDLED = ROOT / "Datasets" / "thumbspace-vs-shift" / "trials.csv"
EDGE = HERE / "edge_trials.csv"
MAD_SCALE = 1.4826

FACTORS = {"bundled": ["technique", "target_size_mm", "mobility"], "edge": ["technique"]}

# ---------------------------------------------------------------------------------------
# Edge data. One tuple per participant x technique group: (participant, technique, times,
# indices of misses within the group). Trials are numbered per participant in file order.
EDGE_GROUPS = [
    # (e) ordinary groups of 8-10 trials with outliers on both scales
    ("P1", "Direct", [900, 950, 1000, 1000, 1050, 1100, 1150, 1200, 1250, 3500], [6]),
    # (c) iqr:1.5 fence ties on the raw scale: sorted, Q1 = x[2] = 800, Q3 = x[6] = 1000,
    #     IQR = 200, fences 500 and 1300, both present; 500 is also the range:500- fence
    ("P1", "Shift", [1000, 500, 850, 1300, 800, 950, 700, 1100, 900], []),
    # (f) one time of 0 ms
    ("P2", "Direct", [1100, 0, 1000, 1050, 1150, 1200, 1250, 1300, 1350, 1400, 300], [9]),
    # (c) range:-2000 / range:500-2000 fence tie (2000), and something beyond it
    ("P2", "Shift", [1200, 600, 1000, 1100, 2000, 1300, 1400, 1500, 1600, 2600], [5]),
    # (b) MAD = 0 with a far value (2000): median 500, |x - median| = 0 for five of nine
    ("P3", "Direct", [500, 490, 500, 520, 500, 2000, 500, 510, 500], []),
    # low outlier that the log scale removes
    ("P3", "Shift", [1300, 400, 1200, 1250, 1350, 1400, 1450, 1500, 1550, 1600, 1420, 1380], [2, 10]),
    # (d) 4 trials, 2 of them misses: under hits the group has 2 trials and is left alone
    ("P4", "Direct", [1000, 1050, 1100, 5000], [1, 2]),
    # (a) a group of exactly 2 trials with one extreme value
    ("P4", "Shift", [900, 9000], []),
    ("P5", "Direct", [1150, 1200, 1000, 1100, 1250, 1300, 4000, 1050, 1350, 700], [1]),
    # every trial a miss: under hits P5 has no used Shift time (dropped from the RM-ANOVA)
    ("P5", "Shift", [1200, 1300, 1250], [0, 1, 2]),
]


def write_edge_csv():
    lines = ["participant,technique,block,trial,time_ms,hit"]
    counters = {}
    for participant, technique, times, misses in EDGE_GROUPS:
        for i, t in enumerate(times):
            counters[participant] = counters.get(participant, 0) + 1
            lines.append(f"{participant},{technique},1,{counters[participant]},{t},{0 if i in misses else 1}")
    EDGE.write_text("\n".join(lines) + "\n")


# ---------------------------------------------------------------------------------------
def load(data):
    path = BUNDLED if data == "bundled" else EDGE
    raw = pd.read_csv(path, dtype=str, keep_default_na=False)
    factors = FACTORS[data]
    df = pd.DataFrame({"participant": raw["participant"]})
    for f in factors:
        df[f] = raw[f]  # levels kept as the strings of the CSV
    df["block"] = raw["block"].astype(int)
    df["trial"] = raw["trial"].astype(int)
    df["time_ms"] = pd.to_numeric(raw["time_ms"].replace("", np.nan)).astype(float)
    df["hit"] = pd.to_numeric(raw["hit"].replace("", np.nan))
    df = df[df["block"] != 0].copy()
    keys = ["participant"] + factors + ["block", "trial"]
    df["attempt"] = df.groupby(keys, sort=False).cumcount() + 1
    sel = df[df["attempt"] == 1].reset_index(drop=True)
    return sel, factors


def parse_rule(rule):
    kind, arg = rule.split(":")
    if kind == "range":
        low, high = arg.split("-")
        return kind, (float(low) if low else None, float(high) if high else None)
    return kind, float(arg)


def outlier_mask(kind, k, x, t):
    """Boolean mask (removed) for one group's participating trials.

    x: values on the chosen scale, t: time_ms. Also returns the signed margins of every
    decision (statistic - threshold; > 0 means removed, == 0 an exact tie, kept)."""
    if kind == "sd":
        mean, sd = x.mean(), x.std(ddof=1)
        margin = np.abs(x - mean) - k * sd
    elif kind == "mad":
        med = np.median(x)
        mad = np.median(np.abs(x - med))
        if mad == 0:
            return np.zeros(len(x), dtype=bool), None, dict(mad_zero=True)
        margin = np.abs(x - med) - k * MAD_SCALE * mad
    elif kind == "iqr":
        q1, q3 = np.percentile(x, [25, 75])  # type 7
        iqr = q3 - q1
        low, high = q1 - k * iqr, q3 + k * iqr
        margin = np.maximum(low - x, x - high)
    elif kind == "range":
        low, high = k
        lo = (low - t) if low is not None else np.full(len(t), -np.inf)
        hi = (t - high) if high is not None else np.full(len(t), -np.inf)
        margin = np.maximum(lo, hi)
    return margin > 0, margin, {}


def clean(sel, factors, trials, rule, scale, diag):
    """Returns (used frame, removed frame with reason)."""
    removed = []
    if trials == "hits":
        pool = sel[sel["hit"] == 1]
        miss = sel[sel["hit"] != 1].copy()
        miss["reason"] = "miss"
        removed.append(miss)
    else:
        pool = sel[sel["time_ms"].notna()]
        removed.append(sel[sel["time_ms"].isna()].assign(reason="no time"))
    out_idx = []
    if rule is not None:
        kind, k = parse_rule(rule)
        # A range is in ms whatever the scale, so every timed trial takes part in it.
        on_log = scale == "log" and kind != "range"
        for key, g in pool.groupby(["participant"] + factors, sort=True):
            part = g[g["time_ms"] > 0] if on_log else g
            if len(part) < 3:
                diag["small_groups"].append((key, len(part)))
                continue
            t = part["time_ms"].to_numpy()
            x = np.log(t) if on_log else t
            mask, margin, info = outlier_mask(kind, k, x, t)
            if info.get("mad_zero"):
                diag["mad_zero"].append(key)
            if margin is not None:
                ties = part.index[margin == 0]
                diag["ties"].extend((key, float(part.loc[i, "time_ms"])) for i in ties)
                nz = margin[(margin != 0) & np.isfinite(margin)]
                if len(nz):
                    scale_ref = np.maximum(1.0, np.abs(x if kind != "range" else t))[(margin != 0) & np.isfinite(margin)]
                    diag["min_rel_margin"] = min(diag["min_rel_margin"], float(np.min(np.abs(nz) / scale_ref)))
            out_idx.extend(part.index[mask])
        outl = pool.loc[out_idx].copy()
        outl["reason"] = rule
        removed.append(outl)
    removed = pd.concat(removed)
    used = pool.drop(index=out_idx)
    return used, removed


def fnum(v):
    v = float(v)
    return None if math.isnan(v) else v


def t_interval(values):
    values = np.asarray(values, dtype=float)
    n = len(values)
    mean = values.mean() if n else float("nan")
    if n < 2:
        return n, mean, float("nan"), float("nan")
    half = ss.t.ppf(0.975, n - 1) * values.std(ddof=1) / np.sqrt(n)
    return n, mean, mean - half, mean + half


def log_means(used, by):
    pos = used[used["time_ms"] > 0]
    return pos.assign(lt=np.log(pos["time_ms"])).groupby(by, sort=True)["lt"].mean()


def summary_technique(sel, used):
    logs = log_means(used, ["technique", "participant"])
    rows = []
    for tech in sorted(sel["technique"].unique()):
        s, u = sel[sel["technique"] == tech], used[used["technique"] == tech]
        vals = logs.loc[tech] if tech in logs.index.get_level_values(0) else pd.Series(dtype=float)
        n, mean, low, high = t_interval(vals.to_numpy())
        recorded = s[s["hit"].notna()]
        misses = int((recorded["hit"] == 0).sum())
        rows.append(dict(
            technique=tech, participants=int(s["participant"].nunique()), trials=len(s),
            time_trials=len(u), time_log_trials=int((u["time_ms"] > 0).sum()), time_participants=n,
            time_geomean=fnum(np.exp(mean)), time_ci_low=fnum(np.exp(low)), time_ci_high=fnum(np.exp(high)),
            time_mean=fnum(u["time_ms"].mean()), time_sd=fnum(u["time_ms"].std(ddof=1)),
            time_median=fnum(u["time_ms"].median()),
            misses=misses, error_rate=fnum(misses / len(recorded)) if len(recorded) else None))
    return rows


def rm_anova_technique(sel, used, data):
    techs = sorted(sel["technique"].unique())
    w = log_means(used, ["participant", "technique"]).unstack("technique").reindex(
        index=sorted(sel["participant"].unique()), columns=techs)
    complete = w.dropna()
    long = complete.stack().rename("value").reset_index()
    aov = pg.rm_anova(data=long, dv="value", within="technique", subject="participant",
                      detailed=True, correction=True, effsize="ng2").set_index("Source")
    row, err = aov.loc["technique"], aov.loc["Error"]
    f, df1, df2, p = float(row["F"]), float(row["DF"]), float(err["DF"]), float(row["p_unc"])
    eps = float(row["eps"])
    p_gg = float(row["p_GG_corr"]) if "p_GG_corr" in aov.columns else p  # 2 levels: eps = 1
    assert np.isclose(p_gg, ss.f.sf(f, df1 * eps, df2 * eps), rtol=1e-10)
    out = dict(participants=len(complete), participants_dropped=len(w) - len(complete),
               F=f, df1=df1, df2=df2, p=p, ges=float(row["ng2"]), epsilon_gg=eps, p_gg=p_gg)
    if len(techs) == 2:
        a, b = techs
        res = ss.ttest_rel(complete[a], complete[b])
        out["paired_t"] = dict(a=a, b=b, t=float(res.statistic), df=float(res.df), p=float(res.pvalue))
        assert np.isclose(res.statistic**2, f, rtol=1e-10) and np.isclose(res.pvalue, p, rtol=1e-9)
    return out


def removed_records(removed, factors):
    recs = []
    for _, r in removed.iterrows():
        rec = {"participant": r["participant"]}
        for f in factors:
            rec[f] = r[f]
        rec.update(block=int(r["block"]), trial=int(r["trial"]), attempt=int(r["attempt"]),
                   time_ms=fnum(r["time_ms"]), reason=r["reason"])
        recs.append(rec)
    recs.sort(key=lambda d: (d["participant"], *[d[f] for f in factors], d["block"], d["trial"], d["attempt"]))
    return recs


def run_case(data, sel, factors, trials, rule, scale, name, diag):
    used, removed = clean(sel, factors, trials, rule, scale, diag)
    n_miss = int((removed["reason"] == "miss").sum())
    n_out = int((removed["reason"] == rule).sum()) if rule else 0
    assert len(used) + len(removed) == len(sel)
    return dict(
        name=name, data=data, trials=trials, outliers=rule, scale=scale,
        selected=len(sel), trials_used=len(used), removed_misses=n_miss, removed_outliers=n_out,
        removed_trials=removed_records(removed, factors),
        summary_technique=summary_technique(sel, used),
        rm_anova_technique=rm_anova_technique(sel, used, data),
    ), used


def new_diag():
    return dict(small_groups=[], mad_zero=[], ties=[], min_rel_margin=float("inf"))


SCALED = {"bundled": ["sd:3", "sd:2", "mad:3", "mad:2.5", "iqr:1.5", "iqr:3"],
          "edge": ["sd:2", "sd:1.5", "mad:2", "iqr:1.5", "iqr:3"]}
RANGES = {"bundled": ["range:300-3000", "range:400-", "range:-2500"],
          "edge": ["range:500-2000", "range:500-", "range:-2000"]}


def cases_for(data):
    sel, factors = load(data)
    out, diags = [], {}
    for trials in ["all", "hits"]:
        specs = [(None, "raw", f"{data} none {trials}")]
        for rule in SCALED[data]:
            specs += [(rule, sc, f"{data} {rule} {sc} {trials}") for sc in ["log", "raw"]]
        for rule in RANGES[data]:
            # A range is in ms whatever the scale: every timed trial takes part, 0 ms included.
            specs.append((rule, "raw", f"{data} {rule} {trials}"))
        for rule, scale, name in specs:
            diag = new_diag()
            case, used = run_case(data, sel, factors, trials, rule, scale, name, diag)
            out.append(case)
            diags[name] = (diag, used, case)
            if rule is None or (data == "bundled" and rule.startswith("range")):
                other = "log" if scale == "raw" else "raw"
                alt, _ = run_case(data, sel, factors, trials, rule, other, name, new_diag())
                assert json.dumps({**alt, "scale": scale}) == json.dumps(case), name
    return sel, out, diags


def removed_set(case):
    return {(r["participant"], r["technique"], r["trial"]): r["reason"] for r in case["removed_trials"]}


def edge_checks(sel, diags):
    def case(name):
        return diags[name][2]

    def trial_of(p, tech, time):
        rows = sel[(sel.participant == p) & (sel.technique == tech) & (sel.time_ms == time)]
        assert len(rows) == 1
        return (p, tech, int(rows.iloc[0]["trial"]))

    # (c) iqr:1.5 raw: fences exactly 500 and 1300 in binary floating point, both kept
    g = np.sort(sel[(sel.participant == "P1") & (sel.technique == "Shift")]["time_ms"].to_numpy())
    q1, q3 = np.percentile(g, [25, 75])
    assert (q1, q3) == (800.0, 1000.0) and q1 - 1.5 * (q3 - q1) == 500.0 and q3 + 1.5 * (q3 - q1) == 1300.0
    for trials in ["all", "hits"]:
        d = diags[f"edge iqr:1.5 raw {trials}"][0]
        assert (("P1", "Shift"), 500.0) in d["ties"] and (("P1", "Shift"), 1300.0) in d["ties"]
        rem = removed_set(case(f"edge iqr:1.5 raw {trials}"))
        assert trial_of("P1", "Shift", 500.0) not in rem and trial_of("P1", "Shift", 1300.0) not in rem
        # on the log scale the lower fence is above ln 500: 500 removed there
        assert trial_of("P1", "Shift", 500.0) in removed_set(case(f"edge iqr:1.5 log {trials}"))
        # (c) range ties: 500 and 2000 kept, 490 and 2600 removed
        for rule in ["range:500-2000", "range:500-", "range:-2000"]:
            rem = removed_set(case(f"edge {rule} {trials}"))
            assert trial_of("P1", "Shift", 500.0) not in rem and trial_of("P2", "Shift", 2000.0) not in rem
        assert trial_of("P2", "Shift", 2600.0) in removed_set(case(f"edge range:-2000 {trials}"))
        assert trial_of("P3", "Direct", 490.0) in removed_set(case(f"edge range:500- {trials}"))
        # (b) MAD 0: nothing removed from P3 Direct by mad (both scales); sd:2 does remove 2000
        for sc in ["log", "raw"]:
            assert ("P3", "Direct") in diags[f"edge mad:2 {sc} {trials}"][0]["mad_zero"]
            assert not any(k[:2] == ("P3", "Direct") for k in removed_set(case(f"edge mad:2 {sc} {trials}")))
        assert trial_of("P3", "Direct", 2000.0) in removed_set(case(f"edge sd:2 raw {trials}"))
        # (a) the 2-trial group keeps its 9000 ms under every rule
        for name, c in diags.items():
            if name.startswith("edge") and c[2]["outliers"]:
                assert trial_of("P4", "Shift", 9000.0) not in removed_set(c[2]), name
        # (f) 0 ms: never removed on the log scale; on the raw scale an ordinary value
        zero = trial_of("P2", "Direct", 0.0)
        for name, c in diags.items():
            if name.startswith("edge") and c[2]["scale"] == "log":
                assert zero not in removed_set(c[2]), name
        for rule in ["sd:2", "mad:2", "iqr:1.5"]:
            assert zero in removed_set(case(f"edge {rule} raw {trials}")), rule
        # a range is in ms on either scale: 0 ms is below 500 ms
        assert zero in removed_set(case(f"edge range:500-2000 {trials}"))
    # (d) P4 Direct: under all the 5000 ms is removed (group of 4); under hits 2 trials: kept
    for rule in ["mad:2 raw", "iqr:1.5 raw", "range:500-2000"]:
        assert trial_of("P4", "Direct", 5000.0) in removed_set(case(f"edge {rule} all"))
        assert trial_of("P4", "Direct", 5000.0) not in removed_set(case(f"edge {rule} hits"))
    assert (("P4", "Direct"), 2) in diags["edge mad:2 raw hits"][0]["small_groups"]
    # (e) sd/mad/iqr remove something on both scales in at least 3 participants' groups
    for trials in ["all", "hits"]:
        for rule in ["sd:2", "mad:2", "iqr:1.5"]:
            for sc in ["log", "raw"]:
                who = {k[0] for k in removed_set(case(f"edge {rule} {sc} {trials}"))}
                assert len(who) >= 3, (rule, sc, trials, who)
    # no accidental ties: exact ties only where designed (iqr:1.5 raw, P1 Shift) and on range
    # bounds (ms); every other decision is at least 1e-6 (relative) away from its threshold
    for name, (d, _, c) in diags.items():
        if c["outliers"] and not c["outliers"].startswith("range"):
            expected = [(("P1", "Shift"), 500.0), (("P1", "Shift"), 1300.0)] if name.startswith("edge iqr:1.5 raw") else []
            assert sorted(d["ties"]) == expected, (name, d["ties"])
        assert d["min_rel_margin"] > 1e-6, (name, d["min_rel_margin"])
    # RM-ANOVA: P5 dropped under hits (no used Shift time)
    assert case("edge none all")["rm_anova_technique"]["participants_dropped"] == 0
    assert case("edge none hits")["rm_anova_technique"]["participants_dropped"] == 1
    # hand check of one geomean: Direct, none, all (0 ms left out of the logs)
    d = sel[(sel.technique == "Direct") & (sel.time_ms > 0)]
    m = [np.mean(np.log(d[d.participant == p]["time_ms"])) for p in sorted(d.participant.unique())]
    row = case("edge none all")["summary_technique"][0]
    assert row["technique"] == "Direct" and np.isclose(row["time_geomean"], np.exp(np.mean(m)), rtol=1e-14)
    assert row["time_trials"] == len(sel[sel.technique == "Direct"]) and row["time_median"] == statistics.median(
        t for p, tech, times, _ in EDGE_GROUPS if tech == "Direct" for t in times)


def bundled_checks(sel, diags):
    assert len(sel) == 5184
    for name, (d, used, case) in diags.items():
        assert not d["ties"] or case["outliers"].startswith("range"), (name, d["ties"][:3])
        assert case["rm_anova_technique"]["participants_dropped"] == 0
        assert d["min_rel_margin"] > 1e-9, (name, d["min_rel_margin"])


def to_json(obj):
    """Indented JSON, except that each removed trial is one compact line (the bundled hits
    cases list about a thousand misses each)."""
    compact = {}

    def mark(case):
        case = dict(case)
        rows = []
        for row in case["removed_trials"]:
            key = f"@@row{len(compact)}@@"
            compact[key] = json.dumps(row, separators=(",", ":"), allow_nan=False)
            rows.append(key)
        case["removed_trials"] = rows
        return case

    marked = {**obj, "cases": [mark(case) for case in obj["cases"]]}
    text = json.dumps(marked, indent=1, allow_nan=False)
    for key, row in compact.items():
        text = text.replace(json.dumps(key), row, 1)
    return text + "\n"


def main():
    write_edge_csv()
    cases = []
    for data in ["bundled", "edge"]:
        sel, out, diags = cases_for(data)
        (bundled_checks if data == "bundled" else edge_checks)(sel, diags)
        for name, (d, _, _) in diags.items():
            if d["ties"] or d["min_rel_margin"] < 1e-6:
                print(f"{name}: exact ties {len(d['ties'])}, closest non-tie margin {d['min_rel_margin']:.3g}")
        cases += out
    # The misses of the bundled study (1,014) are listed once, in "bundled none hits"; the
    # other bundled hits cases list their outliers alone (their miss count stays).
    for case in cases:
        case["removed_trials_listed"] = "all"
        if case["data"] == "bundled" and case["trials"] == "hits" and case["outliers"] is not None:
            case["removed_trials"] = [row for row in case["removed_trials"] if row["reason"] != "miss"]
            case["removed_trials_listed"] = "outliers"
    tools = {"python": platform.python_version(), "numpy": np.__version__, "pandas": pd.__version__,
             "scipy": scipy.__version__, "pingouin": pg.__version__}
    (HERE / "cleaning.json").write_text(to_json({"tools": tools, "cases": cases}))


if __name__ == "__main__":
    main()
