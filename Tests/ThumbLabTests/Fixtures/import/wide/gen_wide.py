"""Writes questionnaire sheets in wide form, in the spellings and answer words survey
exports use, and the scores pandas computes from the same answers.

    python3 gen_wide.py   # writes the sheets and expected.json

SUS: score = 2.5 x (sum over odd items of (a - 1) + sum over even items of (5 - a)).
Raw NASA-TLX: the mean of the six ratings on 0-100 (0-20 ratings x 5, 1-21 as (v - 1) x 5).
"""
import json

import numpy as np
import pandas as pd

rng = np.random.default_rng(7)
participants = [f"P{i:02d}" for i in range(1, 9)]
conditions = ["Direct", "Shift"]
expected = {}

SUS_STATEMENTS = [
    "I think that I would like to use this system frequently",
    "I found the system unnecessarily complex",
    "I thought the system was easy to use",
    "I think that I would need the support of a technical person to be able to use this system",
    "I found the various functions in this system were well integrated",
    "I thought there was too much inconsistency in this system",
    "I would imagine that most people would learn to use this system very quickly",
    "I found the system very cumbersome to use",
    "I felt very confident using the system",
    "I needed to learn a lot of things before I could get going with this system",
]
FIVE = ["Strongly disagree", "Disagree", "Neither agree nor disagree", "Agree", "Strongly agree"]
FIVE_SOMEWHAT = ["Strongly disagree", "Somewhat disagree", "Neither agree nor disagree", "Somewhat agree",
                 "Strongly agree"]
SEVEN = ["Strongly disagree", "Disagree", "Somewhat disagree", "Neither agree nor disagree", "Somewhat agree",
         "Agree", "Strongly agree"]


def long_answers(points, items):
    rows = []
    for p in participants:
        for c in conditions:
            rows.append({"participant": p, "technique": c,
                         **{item: int(rng.integers(1, points + 1)) for item in items}})
    return pd.DataFrame(rows)


def sus_scores(frame, columns):
    a = frame[columns].to_numpy(dtype=float)
    odd = (a[:, 0::2] - 1).sum(axis=1)
    even = (5 - a[:, 1::2]).sum(axis=1)
    return 2.5 * (odd + even)


def record(name, frame, scores):
    expected[name] = {f"{p}|{c}": float(s) for p, c, s in zip(frame["participant"], frame["technique"], scores)}


# SUS numbered SUS1..SUS10, numbers.
numbers = long_answers(5, [f"SUS{i}" for i in range(1, 11)])
record("sus_numbered.csv", numbers, sus_scores(numbers, [f"SUS{i}" for i in range(1, 11)]))
numbers.to_csv("sus_numbered.csv", index=False)

# SUS statements as headers (a matrix question's "Question - statement" form), 5-point words.
words = long_answers(5, SUS_STATEMENTS)
record("sus_statements_words.csv", words, sus_scores(words, SUS_STATEMENTS))
shown = words.copy()
for s in SUS_STATEMENTS:
    shown[s] = shown[s].map(lambda a: FIVE[a - 1])
shown.columns = ["participant", "technique"] + [f"Please rate - {s}." for s in SUS_STATEMENTS]
shown.to_csv("sus_statements_words.csv", index=False)

# SUS with "Somewhat" words and no bare agree/disagree: still five points.
somewhat = long_answers(5, SUS_STATEMENTS)
record("sus_somewhat.csv", somewhat, sus_scores(somewhat, SUS_STATEMENTS))
shown = somewhat.copy()
for s in SUS_STATEMENTS:
    shown[s] = shown[s].map(lambda a: FIVE_SOMEWHAT[a - 1].upper() if a == 3 else FIVE_SOMEWHAT[a - 1])
shown.columns = ["participant", "technique"] + [s.lower() for s in SUS_STATEMENTS]
shown.to_csv("sus_somewhat.csv", index=False)

# A 7-point Likert item set in words: the score is the mean of a sheet's items.
likert_items = ["ease", "speed", "comfort"]
seven = long_answers(7, likert_items)
record("likert_seven.csv", seven, seven[likert_items].mean(axis=1))
shown = seven.copy()
for item in likert_items:
    shown[item] = shown[item].map(lambda a: SEVEN[a - 1])
shown.to_csv("likert_seven.csv", index=False)

# NASA-TLX, three spellings and scales.
TLX = ["mental", "physical", "temporal", "performance", "effort", "frustration"]
for name, headers, scale in [
    ("tlx_snake_0_20.csv", ["mental_demand", "physical_demand", "temporal_demand", "performance", "effort",
                            "frustration"], "0-20"),
    ("tlx_camel_0_100.csv", ["MentalDemand", "PhysicalDemand", "TemporalDemand", "Performance", "Effort",
                             "Frustration"], "0-100"),
    ("tlx_spaced_1_21.csv", ["TLX Mental Demand", "TLX Physical Demand", "TLX Temporal Demand",
                             "TLX Own Performance", "TLX Effort", "TLX Frustration Level"], "1-21"),
]:
    rows = []
    for p in participants:
        for c in conditions:
            if scale == "0-100":
                values = rng.integers(0, 21, 6) * 5
                values[0] = 100 if p == "P01" else values[0]
            elif scale == "0-20":
                values = rng.integers(0, 21, 6)
            else:
                values = rng.integers(1, 22, 6)
            rows.append({"participant": p, "technique": c, **dict(zip(headers, values))})
    frame = pd.DataFrame(rows)
    ratings = frame[headers].to_numpy(dtype=float)
    stored = {"0-100": ratings, "0-20": ratings * 5, "1-21": (ratings - 1) * 5}[scale]
    record(name, frame, stored.mean(axis=1))
    frame.to_csv(name, index=False)

# A Qualtrics export of the SUS: item ids as headers, the question texts and import ids in
# the two rows under them, metadata columns, ResponseId as the participant, words as answers.
qualtrics = long_answers(5, SUS_STATEMENTS)
qualtrics["participant"] = qualtrics["participant"].map(lambda p: "R_" + p * 3)
record("qualtrics_sus.csv", qualtrics, sus_scores(qualtrics, SUS_STATEMENTS))
metadata = ["StartDate", "EndDate", "Status", "IPAddress", "Progress", "Duration (in seconds)", "Finished",
            "RecordedDate", "ResponseId", "RecipientLastName", "RecipientFirstName", "RecipientEmail",
            "ExternalReference", "LocationLatitude", "LocationLongitude", "DistributionChannel", "UserLanguage"]
texts = ["Start Date", "End Date", "Response Type", "IP Address", "Progress", "Duration (in seconds)", "Finished",
         "Recorded Date", "Response ID", "Recipient Last Name", "Recipient First Name", "Recipient Email",
         "External Data Reference", "Location Latitude", "Location Longitude", "Distribution Channel",
         "User Language"]
ids = [f'{{"ImportId":"{name[0].lower() + name[1:]}"}}' for name in metadata]
rows = []
for index, (p, c) in enumerate(zip(qualtrics["participant"], qualtrics["technique"])):
    meta = [f"2026-11-0{1 + index % 9} 10:{index:02d}:00", f"2026-11-0{1 + index % 9} 10:{index + 5:02d}:00",
            "IP Address", f"10.0.0.{index}", "100", str(300 + index), "True", "2026-11-01 11:00:00", p, "", "",
            "", "", "40.0", "-105.2", "anonymous", "EN"]
    answers = [FIVE[a - 1] for a in qualtrics.loc[index, SUS_STATEMENTS]]
    rows.append(meta + [c] + answers)
header = metadata + ["technique"] + [f"Q1_{i}" for i in range(1, 11)]
questions = texts + ["technique"] + [f"Please rate your agreement - {s}" for s in SUS_STATEMENTS]
importids = ids + ['{"ImportId":"technique"}'] + [f'{{"ImportId":"QID1_{i}"}}' for i in range(1, 11)]
pd.DataFrame([questions, importids] + rows, columns=header).to_csv("qualtrics_sus.csv", index=False)

# A Google Forms export of the NASA-TLX on 0-100: Timestamp first, grid headers.
forms = []
for index, p in enumerate(participants):
    for c in conditions:
        forms.append({"Timestamp": f"2026/11/0{1 + index % 9} 10:{index:02d}:00 AM GMT+1", "Participant ID": p,
                      "technique": c, **{f"Workload [{d.capitalize()}]": int(rng.integers(0, 21)) * 5 for d in TLX}})
forms_frame = pd.DataFrame(forms)
forms_frame.loc[0, "Workload [Mental]"] = 95
forms_frame = forms_frame.rename(columns={"Participant ID": "participant"})
record("forms_tlx.csv", forms_frame, forms_frame[[f"Workload [{d.capitalize()}]" for d in TLX]].mean(axis=1))
forms_frame.rename(columns={"participant": "Participant ID"}).to_csv("forms_tlx.csv", index=False)

# One subscale compared on its own: the mean physical demand (0-100) per technique.
snake = pd.read_csv("tlx_snake_0_20.csv")
expected["tlx_snake_0_20.csv#physical"] = {
    t: float(v) for t, v in (snake["physical_demand"] * 5).groupby(snake["technique"]).mean().items()
}

with open("expected.json", "w") as out:
    json.dump(expected, out, indent=1, sort_keys=True)
    out.write("\n")
