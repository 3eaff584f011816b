#!/usr/bin/env python3
"""Compares two rating files line by line: the reference rater's (Sukaku Explainer's `rate.sh`:
`PUZZLE<TAB>ER/EP/ED<TAB>rule`) and ours (`se_rate`: the same, plus microseconds), or a bank file
(`PUZZLE<TAB>ER`, ER only).

Prints, per SE band and overall, the share of puzzles where ER, EP and ED are equal and within
0.1, each SE value weighed equally (the bank is uneven), plus the mismatches when asked.

  se_compare.py REFERENCE OURS [--show N] [--min-exact F --min-close F --min-hard-exact F]

The --min-* options make it exit 1 when the weighted ER agreement is below the figure (exact on
1.0-9.3, within 0.1 on 1.0-9.3, exact on 7.6-9.3).
"""
import argparse
import sys
from collections import defaultdict


def read(path):
    out = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        puzzle = f[0][:81]
        if len(f) < 2:
            continue
        parts = f[1].split("/")
        try:
            vals = [round(float(x) * 10) for x in parts]
        except ValueError:
            vals = None  # error, budget exhausted...
        rule = f[2] if len(f) > 2 else ""
        out[puzzle] = (vals, rule, f[1])
    return out


BANDS = [(10, 39, "1.0-3.9"), (40, 59, "4.0-5.9"), (60, 75, "6.0-7.5"), (76, 93, "7.6-9.3"), (94, 200, "9.4+")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("reference")
    ap.add_argument("ours")
    ap.add_argument("--show", type=int, default=0, help="print up to N mismatches (ER)")
    ap.add_argument("--min-exact", type=float)
    ap.add_argument("--min-close", type=float)
    ap.add_argument("--min-hard-exact", type=float)
    a = ap.parse_args()
    ref, ours = read(a.reference), read(a.ours)
    common = [p for p in ref if p in ours and ref[p][0] is not None]
    if not common:
        print("no puzzles in common", file=sys.stderr)
        return 1
    # per SE value (reference ER): [n, er_exact, er_close, ep_exact, ep_close, ed_exact, ed_close]
    per = defaultdict(lambda: [0] * 7)
    mism = []
    for p in common:
        r = ref[p][0]
        o = ours[p][0]
        s = per[r[0]]
        s[0] += 1
        if o is None:
            mism.append((p, ref[p][2], ours[p][2], ref[p][1], ours[p][1]))
            continue
        for k in range(min(len(r), 3)):
            if k < len(o):
                s[1 + 2 * k] += o[k] == r[k]
                s[2 + 2 * k] += abs(o[k] - r[k]) <= 1
        if o[0] != r[0]:
            mism.append((p, ref[p][2], ours[p][2], ref[p][1], ours[p][1]))
    has_ep = any(len(ref[p][0]) >= 3 for p in common)

    def weighted(values, k):
        vals = [v for v in values if per[v][0]]
        if not vals:
            return None
        return sum(per[v][k] / per[v][0] for v in vals) / len(vals)

    print(f"{len(common)} puzzles in common; shares weigh every SE value equally")
    hdr = "| band | values | puzzles | ER exact | ER ±0.1 |"
    if has_ep:
        hdr += " EP exact | EP ±0.1 | ED exact | ED ±0.1 |"
    print(hdr)
    print("|" + "---|" * (hdr.count("|") - 1))
    rows = BANDS + [(10, 93, "all 1.0-9.3")]
    result = {}
    for lo, hi, name in rows:
        vals = [v for v in per if lo <= v <= hi]
        if not vals:
            continue
        n = sum(per[v][0] for v in vals)
        line = f"| {name} | {len(vals)} | {n} |"
        ks = [1, 2] + ([3, 4, 5, 6] if has_ep else [])
        for k in ks:
            w = weighted(vals, k)
            line += f" {100 * w:.1f}% |"
        print(line)
        result[name] = (weighted(vals, 1), weighted(vals, 2))
    for p, rr, oo, rrule, orule in mism[: a.show]:
        print(f"{p}\tref {rr} {rrule}\tours {oo} {orule}")
    fail = False
    allr = result.get("all 1.0-9.3")
    hard = result.get("7.6-9.3")
    if a.min_exact is not None and (allr is None or allr[0] < a.min_exact):
        print(f"FAIL: ER exact below {a.min_exact:.2f}")
        fail = True
    if a.min_close is not None and (allr is None or allr[1] < a.min_close):
        print(f"FAIL: ER within 0.1 below {a.min_close:.2f}")
        fail = True
    if a.min_hard_exact is not None and (hard is None or hard[0] < a.min_hard_exact):
        print(f"FAIL: ER exact on 7.6-9.3 below {a.min_hard_exact:.2f}")
        fail = True
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
