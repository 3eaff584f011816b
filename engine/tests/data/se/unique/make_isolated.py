#!/usr/bin/env python3
"""Makes isolated.txt: positions with Sukaku Explainer's own UniqueLoops and BUG hints.

usage: make_isolated.py POSITIONS PROBE_OUTPUT [KEEP_POSITIONS KEEP_OUTPUT] > isolated.txt

POSITIONS: "values<TAB>marks" lines (the B lines of .ci/se_trace.sh traces, fields 2-3);
PROBE_OUTPUT: what probe/UniqueProbe.java prints for them (SE's first UniqueLoops hint and first
BivalueUniversalGrave hint on each position, each rule on its own, whatever comes before it in
SE's ladder). One line per kept position:
  values<TAB>masks<TAB>loops<TAB>bug
values: 81 digits (0 = empty); masks: 81 x 3 hex digits (bit d-1 for candidate d); loops and
bug: "-" or name|tenths|eliminations (cell:mask pairs, comma-separated).
Keeps up to PER_KIND positions per hint name and rating, NONE positions with neither, and all
of KEEP_POSITIONS (here: the 30 positions where our loop search works longest).
"""
import random
import sys

PER_KIND, NONE = 14, 40


def lines(positions, results):
    for pos, res in zip(open(positions).read().split("\n"), open(results).read().split("\n")):
        if not pos:
            continue
        values, marks = pos.split("\t")
        v = [0 if c in ".0" else int(c) for c in values]
        m = [sum(1 << d for d in range(9) if marks[i * 9 + d] != ".") if v[i] == 0 else 0
             for i in range(81)]
        loops, bug = ("|".join(r.split("\t")) for r in res.split("\t|\t"))
        yield "\t".join(["".join(map(str, v)), "".join(f"{x:03x}" for x in m), loops, bug])


def main():
    random.seed(13)
    kinds, none = {}, []
    for line in lines(sys.argv[1], sys.argv[2]):
        loops, bug = line.split("\t")[2:]
        if loops == "-" and bug == "-":
            none.append(line)
        for r in (loops, bug):
            if r != "-":
                kinds.setdefault(tuple(r.split("|")[:2]), []).append(line)
    keep = set(random.sample(none, NONE))
    if len(sys.argv) > 4:
        keep.update(lines(sys.argv[3], sys.argv[4]))
    for k in sorted(kinds):
        found = kinds[k]
        keep.update(found if len(found) <= PER_KIND else random.sample(found, PER_KIND))
    for line in sorted(keep):
        print(line)


main()
