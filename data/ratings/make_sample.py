#!/usr/bin/env python3
"""Picks the differential test's sample from the bank's training half: up to 6 puzzles per SE
rating value, chosen by a hash of the puzzle (so the choice is fixed and reproducible),
preferring puzzles not listed in the files given with --exclude (samples the rater was
developed on): those only fill values that have too few others. Prints `puzzle<TAB>bank ER` lines, grouped by value; rate them with the reference jar and
join with join_sample.py.

  make_sample.py se_bank_train.tsv [--per-value 6] [--exclude FILE ...] > picked.tsv
"""
import argparse
import hashlib
from collections import defaultdict


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bank")
    ap.add_argument("--per-value", type=int, default=6)
    ap.add_argument("--exclude", nargs="*", default=[])
    a = ap.parse_args()
    skip = set()
    for path in a.exclude:
        for line in open(path):
            if len(line) >= 81 and not line.startswith("#"):
                skip.add(line[:81])
    by_value = defaultdict(list)
    for line in open(a.bank):
        if line.startswith("#") or not line.strip():
            continue
        puzzle, rating = line.rstrip("\n").split("\t")[:2]
        by_value[round(float(rating) * 10)].append(puzzle)
    # Puzzles not excluded first, each group in the order of a hash of the puzzle.
    key = lambda p: (p in skip, hashlib.sha256(p.encode()).hexdigest())
    for value in sorted(by_value):
        for p in sorted(by_value[value], key=key)[: a.per_value]:
            print(f"{p}\t{value // 10}.{value % 10}")


if __name__ == "__main__":
    main()
