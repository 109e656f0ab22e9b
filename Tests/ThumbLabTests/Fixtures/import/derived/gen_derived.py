"""Writes the fixtures of `thumblab factor add` and the factors pandas derives from them.

trials.csv        a trial log as pandas writes it after filtering (index kept: row names),
                  screen locations 1-8 coded as numbers, a few trials without a location
participants.csv  demographics with handedness in mixed case; one participant gives none
mapping.csv       location and handedness -> screen column (near/far, mirrored for the
                  left hand) and row, as the CHI folding-phone study's script derives them
groups.csv        participant -> group (a between-subjects factor)
expected.csv      per trial line of trials.csv: column, row and group as pandas' merge gives
                  them (empty where a key is missing)
"""
import numpy as np
import pandas as pd

rng = np.random.default_rng(40)
participants = [f"P{i:02d}" for i in range(1, 9)]
rows = []
for p in participants:
    for technique in ["FOLD", "TOUCHFOLD"]:
        for location in range(1, 9):
            for repetition in range(2):
                rows.append(dict(participant=p, technique=technique, location=location,
                                 time_ms=round(float(rng.lognormal(6.4, 0.3)), 1),
                                 hit=int(rng.random() > 0.1)))
trials = pd.DataFrame(rows)
trials = trials[trials.index % 7 != 3].copy()          # a filtered frame: row names skip
trials["location"] = trials["location"].astype("Int64")
trials.loc[trials.sample(5, random_state=2).index, "location"] = pd.NA
trials.to_csv("trials.csv")                             # index written: the row names

hands = ["right", "Left", "RIGHT", "right", "left", "Right", None, "right"]
demo = pd.DataFrame(dict(participant=participants, age=rng.integers(19, 40, len(participants)),
                         Handedness=hands))
demo.to_csv("participants.csv", index=False)

mapping = []
for location in range(1, 9):
    for hand in ["left", "right"]:
        near = (location % 2 == 1) == (hand == "right")
        mapping.append(dict(location=location, Handedness=hand,
                            column="near" if near else "far", row=(location + 1) // 2))
mapping = pd.DataFrame(mapping)
mapping.to_csv("mapping.csv", index=False)

groups = pd.DataFrame(dict(participant=participants, group=["A", "B"] * 4))
groups.to_csv("groups.csv", index=False)

# The independent derivation: pandas' merge on the same keys, handedness without case.
joined = trials.reset_index(drop=True).copy()
joined["line"] = np.arange(len(joined)) + 2
joined = joined.merge(demo[["participant", "Handedness"]], on="participant", how="left")
joined["hand"] = joined["Handedness"].str.lower()
keyed = mapping.assign(hand=mapping["Handedness"]).drop(columns="Handedness")
joined = joined.merge(keyed, on=["location", "hand"], how="left")
joined = joined.merge(groups, on="participant", how="left")
joined[["line", "column", "row", "group"]].astype({"row": "Int64"}).to_csv("expected.csv", index=False)
