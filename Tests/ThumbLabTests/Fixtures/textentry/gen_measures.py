"""Text-entry measures per phrase, computed independently of ThumbLab, for its tests.

Random phrase pairs and keystroke streams: presented phrases of 25-45 characters, each
transcribed with substitutions, omissions and insertions left in, and typed with errors
that were noticed and fixed with a backspace ('<' in the stream). For each case it writes
the minimum string distance, the WPM, the MSD error rate, and from the stream the KSPC,
the keystroke classes C, INF, IF, F and the total, corrected and uncorrected error rates
and AdjWPM, with the formulas of

- MacKenzie 2002 (WPM = (|T| - 1) / t x 60 / 5, t in seconds);
- Soukoreff & MacKenzie 2001 (MSD error rate = MSD(P, T) / max(|P|, |T|));
- Soukoreff & MacKenzie 2003 (C = max(|P|, |T|) - MSD, INF = MSD, F = fixes in IS,
  IF = |IS| - |T| - F; total = (INF + IF) / (C + INF + IF), corrected = IF / (...),
  uncorrected = INF / (...); KSPC = |IS| / |T|);
- AdjWPM = WPM x (1 - uncorrected error rate).

    python3 gen_measures.py   # writes measures.json
"""
import json
import random

PHRASES = [
    "my watch fell in the water",
    "prevailing wind from the east",
    "never too rich and never too thin",
    "breathing is difficult",
    "i can see the rings on saturn",
    "physics and chemistry are hard",
    "my bank account is overdrawn",
    "elections bring out the best",
    "we are having spaghetti",
    "time to go shopping",
    "a problem with the engine",
    "elephants are afraid of mice",
    "the quick brown fox jumped",
    "question that must be answered",
    "the fax machine is broken",
]
LETTERS = "abcdefghijklmnopqrstuvwxyz "


def msd(a, b):
    """Levenshtein distance, by the full table."""
    rows = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        rows[i][0] = i
    for j in range(len(b) + 1):
        rows[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            rows[i][j] = min(
                rows[i - 1][j] + 1,
                rows[i][j - 1] + 1,
                rows[i - 1][j - 1] + (0 if a[i - 1] == b[j - 1] else 1),
            )
    return rows[len(a)][len(b)]


def transcribe(rng, presented):
    """The phrase with a few errors left in."""
    out = []
    for ch in presented:
        r = rng.random()
        if r < 0.03:
            continue  # omission
        if r < 0.06:
            out.append(rng.choice(LETTERS))  # substitution
            continue
        out.append(ch)
        if rng.random() < 0.02:
            out.append(rng.choice(LETTERS))  # insertion
    return "".join(out)


def stream(rng, transcribed):
    """Keystrokes that end in `transcribed`: now and then a wrong letter or two, fixed."""
    keys = []
    for ch in transcribed:
        if rng.random() < 0.08:
            wrong = rng.randint(1, 2)
            keys += [rng.choice(LETTERS) for _ in range(wrong)] + ["<"] * wrong
        keys.append(ch)
    return "".join(keys)


def replay(keys):
    text = []
    for k in keys:
        if k == "<":
            if text:
                text.pop()
        else:
            text.append(k)
    return "".join(text)


def measures(presented, transcribed, keys, seconds):
    d = msd(presented, transcribed)
    longest = max(len(presented), len(transcribed))
    wpm = (len(transcribed) - 1) / seconds * 60 / 5
    case = {
        "presented": presented,
        "transcribed": transcribed,
        "input_stream": keys,
        "seconds": seconds,
        "msd": d,
        "wpm": wpm,
        "msd_error_rate": d / longest if longest else 0.0,
    }
    if keys is not None:
        fixes = keys.count("<")
        c = longest - d
        inf = d
        if_ = len(keys) - len(transcribed) - fixes
        whole = c + inf + if_
        case.update(
            {
                "kspc": len(keys) / len(transcribed),
                "c": c,
                "inf": inf,
                "if": if_,
                "f": fixes,
                "total_error_rate": (inf + if_) / whole,
                "corrected_error_rate": if_ / whole,
                "uncorrected_error_rate": inf / whole,
                "adj_wpm": wpm * (1 - inf / whole),
            }
        )
    return case


def main():
    rng = random.Random(41)
    cases = [measures("the quick brown", "th quick brpown", "th quix<ck brpown", 3.0)]
    for _ in range(200):
        presented = rng.choice(PHRASES)
        transcribed = transcribe(rng, presented)
        if len(transcribed) < 2:
            continue
        keys = stream(rng, transcribed)
        assert replay(keys) == transcribed
        cases.append(measures(presented, transcribed, keys, round(rng.uniform(4, 15), 3)))
    # Pairs without a stream: gesture typing logs none.
    for _ in range(20):
        presented = rng.choice(PHRASES)
        cases.append(measures(presented, transcribe(rng, presented), None, round(rng.uniform(3, 10), 3)))
    with open("measures.json", "w") as out:
        json.dump(cases, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
