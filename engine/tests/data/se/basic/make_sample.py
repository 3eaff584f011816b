#!/usr/bin/env python3
"""Writes steps.txt: a small sample of Sukaku Explainer 1.15.10's own steps, for the unit tests
of engine/src/se/{singles,locking,subsets,fish}.rs (a development aid; the tests only read
steps.txt).

  make_sample.py TRACE... > steps.txt      (traces from .ci/se_trace.sh)

Each line: SE name<TAB>tenths<TAB>values (81, '.' empty)<TAB>candidates (81 x 3 hex digits, bit
d-1 for digit d)<TAB>SE's description<TAB>SE's effect: the cells the step changed, as
cell=value/mask (hex), space-separated. Steps of every rule name SE uses in the sample are kept,
up to PER_NAME per (name, rating) for the rules of these files and PER_OTHER per family for the
others
(positions where our simple rules must find nothing before SE's rule), picked at random with a
fixed seed. The last step of each puzzle is left out (no position after it).
"""
import random
import sys

PER_NAME = 12
PER_OTHER = 3
MINE = ("Hidden Single", "Naked Single", "Direct Pointing", "Direct Claiming", "Pointing",
        "Claiming", "Direct Hidden Pair", "Direct Hidden Triplet", "Naked Pair", "Naked Triplet",
        "Naked Quad", "Hidden Pair", "Hidden Triplet", "Hidden Quad", "X-Wing", "Swordfish",
        "Jellyfish")


def family(name):
    """A coarse family for the rules of other files: the name without numbers and notes."""
    words = [w for w in name.split("(")[0].split() if not w.isdigit()]
    return " ".join(words)


def parse(values, marks):
    v = [0 if c in ".0" else int(c) for c in values]
    m = []
    for cell in range(81):
        mask = 0
        if v[cell] == 0:
            for d in range(9):
                if marks[cell * 9 + d] != ".":
                    mask |= 1 << d
        m.append(mask)
    return v, m


def main():
    steps = {}
    for path in sys.argv[1:]:
        prev = None  # (values, marks, tenths, key, description)
        pos = None
        for line in open(path):
            f = line.rstrip("\n").split("\t")
            if f[0] == "S":
                prev = None
            elif f[0] == "B":
                pos = parse(f[1], f[2])
                if prev is not None:
                    steps.setdefault(prev[3], []).append((prev, pos))
                    prev = None
            elif f[0] == "A":
                name = f[2].split(":")[0].strip()
                tenths = round(float(f[1]) * 10)
                key = (name, tenths) if name in MINE else (family(name), 0)
                prev = (pos[0], pos[1], tenths, key, "\t".join(f[2:]))
            elif f[0] == "F":
                prev = None
    rng = random.Random(20261201)
    out = []
    for key in sorted(steps):
        name, _ = key
        pool = steps[key]
        k = PER_NAME if name in MINE else PER_OTHER
        out.extend(rng.sample(pool, min(k, len(pool))))
    for (values, masks, tenths, (name, _), desc), (nv, nm) in out:
        diff = " ".join(
            "%d=%d/%03x" % (c, nv[c], nm[c])
            for c in range(81)
            if nv[c] != values[c] or nm[c] != masks[c]
        )
        print("\t".join([
            name, str(tenths),
            "".join(str(x) if x else "." for x in values),
            "".join("%03x" % x for x in masks),
            desc, diff,
        ]))


if __name__ == "__main__":
    main()
