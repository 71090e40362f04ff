#!/usr/bin/env python3
"""Scores lockstep's levels against the Objective-C corpus, development and held-out pods apart.

Usage: score.py CORPUS LOCKSTEP_RESULTS   (results: package, from, to, level, reason; tab-separated)"""
import sys


def read_corpus(path):
    rows, header = [], None
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        fields = line.rstrip("\n").split("\t")
        if header is None:
            header = fields
            continue
        rows.append(dict(zip(header, fields + [""] * (len(header) - len(fields)))))
    return rows


def figures(pairs):
    called = sum(1 for e, g in pairs if g == "major")
    right = sum(1 for e, g in pairs if g == "major" and e == "major")
    expected = sum(1 for e, g in pairs if e == "major")
    exact = sum(1 for e, g in pairs if e == g)
    ratio = lambda a, b: f"{a / b:.2f} ({a}/{b})" if b else "-"
    return ratio(right, called), ratio(right, expected), ratio(exact, len(pairs)), len(pairs)


def main():
    corpus = read_corpus(sys.argv[1])
    got, reasons = {}, {}
    for line in open(sys.argv[2], encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 4 and f[3] != "skipped":
            got[(f[0], f[1], f[2])] = f[3]
            reasons[(f[0], f[1], f[2])] = f[4] if len(f) > 4 else ""
    print("Objective-C API diff against the corpus (patch, minor, major; n/a counts as wrong)")
    print(f"{'part / package':<34} {'pairs':>5}  {'breaking precision':<18} {'breaking recall':<16} {'exact level':<16}")
    wrong = []
    for part in ("dev", "held-out"):
        rows = [r for r in corpus if r["part"] == part and (r["package"], r["from"], r["to"]) in got]
        packages = list(dict.fromkeys(r["package"] for r in rows))
        for package in packages:
            pairs = [(r["expected"], got[(r["package"], r["from"], r["to"])]) for r in rows if r["package"] == package]
            p, rc, ex, n = figures(pairs)
            print(f"  {package:<32} {n:>5}  {p:<18} {rc:<16} {ex:<16}")
        pairs = [(r["expected"], got[(r["package"], r["from"], r["to"])]) for r in rows]
        if not pairs:
            continue
        p, rc, ex, n = figures(pairs)
        print(f"{part + ' total':<34} {n:>5}  {p:<18} {rc:<16} {ex:<16}")
        for r in rows:
            key = (r["package"], r["from"], r["to"])
            if got[key] != r["expected"]:
                wrong.append(f"  [{part}] {r['package']} {r['from']} -> {r['to']}: expected {r['expected']}, got {got[key]}: {reasons[key][:220]}")
    if wrong:
        print("\nPairs lockstep gets wrong:")
        print("\n".join(wrong))


main()
