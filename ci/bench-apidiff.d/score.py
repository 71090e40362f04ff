#!/usr/bin/env python3
"""Scores lockstep's and the digester's levels against corpus.tsv (used by ci/bench-apidiff).

Usage: score.py CORPUS LOCKSTEP_RESULTS
LOCKSTEP_RESULTS: package, from, to, level (patch|minor|major|n/a|skipped), reason; tab-separated.
"""
import sys
from collections import OrderedDict


def read_corpus(path):
    rows, header = [], None
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        fields = line.rstrip("\n").split("\t")
        if header is None:
            header = fields
            continue
        rows.append(dict(zip(header, fields)))
    return rows


def figures(pairs):
    """pairs: [(expected, got)] where got may be n/a (counted as wrong, never as major)."""
    called = sum(1 for e, g in pairs if g == "major")
    called_right = sum(1 for e, g in pairs if g == "major" and e == "major")
    expected = sum(1 for e, g in pairs if e == "major")
    exact = sum(1 for e, g in pairs if e == g)
    ratio = lambda a, b: f"{a / b:.2f} ({a}/{b})" if b else "-"
    return ratio(called_right, called), ratio(called_right, expected), ratio(exact, len(pairs)), len(pairs)


def main():
    corpus = read_corpus(sys.argv[1])
    got, reasons, skipped = {}, {}, []
    for line in open(sys.argv[2], encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if len(f) < 4:
            continue
        if f[3] == "skipped":
            skipped.append(f[0])
            continue
        got[(f[0], f[1], f[2])] = f[3]
        reasons[(f[0], f[1], f[2])] = f[4] if len(f) > 4 else ""
    per = OrderedDict()
    for r in corpus:
        key = (r["package"], r["from"], r["to"])
        if key not in got:
            continue
        per.setdefault(r["package"], []).append(r)
    width = max([len(p) for p in per] + [len("total")])
    head = f"{'package':<{width}}  {'pairs':>5}  {'lockstep precision':<19} {'recall':<16} {'exact':<17}" \
           f"  {'digester pairs':>14}  {'precision':<16} {'recall':<16} {'exact':<17}"
    print("API diff accuracy against the corpus (levels: patch, minor, major; n/a counts as wrong)")
    print(head)
    print("-" * len(head))
    all_l, all_d = [], []
    for pkg, rows in list(per.items()) + [("total", None)]:
        if rows is None:
            l, d = all_l, all_d
        else:
            l = [(r["expected"], got[(r["package"], r["from"], r["to"])]) for r in rows]
            d = [(r["expected"], r["digester"]) for r in rows if r["digester"] != "n/a"]
            all_l += l
            all_d += d
        lp, lr, le, n = figures(l)
        dp, dr, de, dn = figures(d)
        if pkg == "total":
            print("-" * len(head))
        print(f"{pkg:<{width}}  {n:>5}  {lp:<19} {lr:<16} {le:<17}  {dn:>14}  {dp:<16} {dr:<16} {de:<17}")
    for pkg in skipped:
        print(f"skipped {pkg}: no mirror")
    hand = sum(1 for r in corpus if r["source"] == "hand")
    print(f"\ncorpus: {len(corpus)} pairs, {len(set(r['package'] for r in corpus))} packages; "
          f"expected level from the digester for {len(corpus) - hand}, by hand for {hand}; "
          f"the digester built both tags of {sum(1 for r in corpus if r['digester'] != 'n/a')}")
    wrong = [(r, got[(r["package"], r["from"], r["to"])]) for rs in per.values() for r in rs
             if got[(r["package"], r["from"], r["to"])] != r["expected"]]
    print(f"\nlockstep disagrees with the expected level on {len(wrong)} pairs", end="")
    if "--figures-only" in sys.argv[3:]:
        # A held-out part's failures are not listed: whoever tunes the rules must not read them.
        print(" (not listed for a held-out part; SHOW_HELDOUT_FAILURES=1 lists them)")
        return
    print(":")
    for r, g in wrong:
        key = (r["package"], r["from"], r["to"])
        print(f"  {r['package']} {r['from']} -> {r['to']}: expected {r['expected']}, got {g}: {reasons[key]}")


if __name__ == "__main__":
    main()
