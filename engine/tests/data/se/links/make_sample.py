#!/usr/bin/env python3
"""Cuts steps of the reference rater's traces (.ci/se_trace.sh) down to the compact sample the
se::turbot / se::wings / se::exclusion tests read: one line per SE step taken by one of those
rules, tab-separated:

    puzzle  values  masks  tenths  name  removed

values: 81 digits ('0' empty); masks: 81 cells x 3 hex digits (bit d-1 for digit d); tenths:
SE's rating of the step x 10; name: SE's rule name (the step's description up to ':');
removed: the candidates the step removed, as cell:hexmask joined by ','.

usage: make_sample.py [--per-name N] [--per-family F] [--max-bytes B] TRACE... > sample.tsv
Keeps, in trace order, up to N steps per SE name (default 8) and F per family (the rule name
prefixes below; default 30), and at most B bytes in all.
"""
import sys

PREFIXES = ("Skyscraper", "Two-string Kite", "Turbot Crane", "Grouped ", "3 ", "3-",
            "XY-Wing", "XYZ-Wing", "WXYZ-Wing", "VWXYZ-Wing", "Aligned Pair Exclusion",
            "Aligned Triplet Exclusion")


def parse(values, marks):
    v = [0 if ch in '.0' else int(ch) for ch in values]
    m = []
    for c in range(81):
        bits = 0
        if v[c] == 0:
            for d in range(9):
                if marks[c * 9 + d] != '.':
                    bits |= 1 << d
        m.append(bits)
    return v, m


def main():
    args = sys.argv[1:]
    per_name, per_family, max_bytes = 8, 30, 190_000
    files = []
    i = 0
    while i < len(args):
        if args[i] == '--per-name':
            per_name = int(args[i + 1]); i += 1
        elif args[i] == '--per-family':
            per_family = int(args[i + 1]); i += 1
        elif args[i] == '--max-bytes':
            max_bytes = int(args[i + 1]); i += 1
        else:
            files.append(args[i])
        i += 1
    counts = {}
    families = {}
    out_bytes = 0
    for f in files:
        puzzle = None
        steps = []  # (values, masks, tenths, description)
        pending = None

        def flush():
            nonlocal out_bytes
            for k in range(len(steps) - 1):
                v, m, tenths, desc = steps[k]
                name = desc.split(':')[0].strip()
                family = next((p for p in PREFIXES if name.startswith(p)), None)
                if family is None or counts.get(name, 0) >= per_name \
                        or families.get(family, 0) >= per_family:
                    continue
                nv, nm = steps[k + 1][0], steps[k + 1][1]
                if nv != v:
                    continue  # our rules place nothing
                removed = ','.join('%d:%03x' % (c, m[c] & ~nm[c]) for c in range(81)
                                   if m[c] & ~nm[c])
                line = '\t'.join([puzzle, ''.join(map(str, v)),
                                  ''.join('%03x' % x for x in m), str(tenths), name, removed])
                if out_bytes + len(line) + 1 > max_bytes:
                    continue
                counts[name] = counts.get(name, 0) + 1
                families[family] = families.get(family, 0) + 1
                out_bytes += len(line) + 1
                print(line)

        for line in open(f):
            p = line.rstrip('\n').split('\t')
            if p[0] == 'S':
                flush()
                puzzle, steps, pending = p[1], [], None
            elif p[0] == 'B':
                pending = parse(p[1], p[2])
            elif p[0] == 'A':
                tenths = round(float(p[1]) * 10)
                steps.append((pending[0], pending[1], tenths, '\t'.join(p[2:])))
        flush()


main()
