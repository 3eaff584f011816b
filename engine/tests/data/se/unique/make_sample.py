#!/usr/bin/env python3
"""Makes steps.txt, the uniqueness rules' test sample, from reference traces (.ci/se_trace.sh).

usage: make_sample.py TRACE... > steps.txt

One line per kept step of Sukaku Explainer 1.15.10 (default settings):
  class<TAB>values<TAB>masks<TAB>tenths<TAB>rule<TAB>eliminations
class: U = SE's step is UniqueLoops' (ours must be the same), B = BivalueUniversalGrave's,
n = a rule between the two in SE's ladder (UniqueLoops must find nothing), N = a rule after BUG
(neither may find anything). values: 81 digits (0 = empty); masks: 81 x 3 hex digits (bit d-1
for candidate d); eliminations: cell:mask (hex) pairs, comma-separated (what SE's step removed).
Keeps up to PER_RULE U and B steps per SE rule name and rating (all of the rare ones) and a sample of
CAP_NEG n and N steps.
"""
import random
import sys

PER_RULE, CAP_NEG = 25, 100
BETWEEN = ("Naked Quad", "Jellyfish", "Hidden Quad", "3 Strong links", "3 Skyscrapers",
           "3-String Kite", "WXYZ-Wing")
AFTER = ("VWXYZ-Wing", "Aligned", "Bidirectional", "Forcing", "Nishio", "Region Forcing",
         "Cell Forcing", "Contradiction", "Double Forcing", "Dynamic")


def position(values, marks):
    v = [0 if c in ".0" else int(c) for c in values]
    m = []
    for i in range(81):
        mask = 0
        if v[i] == 0:
            for d in range(9):
                if marks[i * 9 + d] != ".":
                    mask |= 1 << d
        m.append(mask)
    return v, m


def steps(path):
    pos = None
    pending = None
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if f[0] == "S":
            pending = None
        elif f[0] == "B":
            pos = position(f[1], f[2])
            if pending:
                yield pending + (pos,)
                pending = None
        elif f[0] == "A":
            pending = (pos, round(float(f[1]) * 10), "\t".join(f[2:]).split(":")[0].strip())


def main():
    random.seed(13)
    by_rule, neg_lines = {}, []
    for path in sys.argv[1:]:
        for (v, m), tenths, rule, (nv, nm) in steps(path):
            if rule.startswith("Unique"):
                cls = "U"
            elif rule.startswith("BUG"):
                cls = "B"
            elif rule.startswith(BETWEEN):
                cls = "n"
            elif rule.startswith(AFTER):
                cls = "N"
            else:
                continue
            if v != nv:
                continue  # a placement: not one of these rules' steps
            elims = ",".join(f"{c}:{m[c] & ~nm[c]:03x}" for c in range(81) if m[c] & ~nm[c])
            line = "\t".join([cls, "".join(map(str, v)), "".join(f"{x:03x}" for x in m),
                              str(tenths), rule, elims])
            if cls in "UB":
                by_rule.setdefault((rule, tenths), []).append(line)
            else:
                neg_lines.append(line)
    pos_lines = []
    for rule in sorted(by_rule):
        lines = by_rule[rule]
        pos_lines += lines if len(lines) <= PER_RULE else random.sample(lines, PER_RULE)
    neg_lines = neg_lines if len(neg_lines) <= CAP_NEG else random.sample(neg_lines, CAP_NEG)
    for line in sorted(set(pos_lines + neg_lines)):
        print(line)


main()
