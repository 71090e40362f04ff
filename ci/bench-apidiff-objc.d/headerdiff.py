#!/usr/bin/env python3
"""Helps review the Objective-C corpus: for each consecutive stable release pair of a mirror, the diff of its
headers once comments and whitespace are removed (tests, examples and demos left out).

    python3 ci/bench-apidiff-objc.d/headerdiff.py MIRROR [--pairs]

--pairs prints only `from<TAB>to<TAB>changed-or-same`. A pair whose headers are the same is patch (the corpus's
`nodiff`); the others are reviewed by hand. Reads git objects only; writes nothing."""
import re, subprocess, sys, difflib

def git(mirror, *args):
    return subprocess.run(["git", "--git-dir", mirror, *args], capture_output=True, check=True).stdout.decode("utf-8", "replace")

def version(tag):
    m = re.fullmatch(r"v?(\d+)\.(\d+)(?:\.(\d+))?", tag)
    return tuple(int(x or 0) for x in m.groups()) if m else None

SKIP = re.compile(r"(^|/)(Tests?|.*Tests|Example[s]?|Demo[s]?|.*Demo|.*Example|Carthage|Pods|Vendor|docs?|Benchmark[s]?)(/|$)", re.I)

def headers(mirror, tag):
    # links (a SwiftPM include/ folder pointing at the pod's header) are the same header twice
    entries = [l.split("\t", 1) for l in git(mirror, "ls-tree", "-r", tag).splitlines()]
    files = [f for meta, f in entries if not meta.startswith("120000") and f.endswith(".h") and not SKIP.search(f)]
    out = {}
    for f in files:
        text = git(mirror, "show", f"{tag}:{f}")
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        lines = [" ".join(l.split()) for l in text.splitlines()]
        out[f.rsplit("/", 1)[-1]] = [l for l in lines if l]
    return out

def main():
    mirror = sys.argv[1]
    only_pairs = "--pairs" in sys.argv
    tags = [t for t in git(mirror, "tag").splitlines() if version(t)]
    tags.sort(key=version)
    # one tag per version (1.0 and v1.0 both present: keep the first)
    seen, unique = set(), []
    for t in tags:
        if version(t) not in seen:
            seen.add(version(t)); unique.append(t)
    prev = None
    for a, b in zip(unique, unique[1:]):
        ha = prev if prev is not None else headers(mirror, a)
        hb = headers(mirror, b)
        prev = hb
        same = ha == hb
        if only_pairs:
            print(f"{a}\t{b}\t{'same' if same else 'changed'}")
            continue
        if same:
            continue
        print(f"===== {a} -> {b}")
        for name in sorted(set(ha) | set(hb)):
            if ha.get(name) == hb.get(name):
                continue
            if name not in hb: print(f"--- header removed: {name}"); continue
            if name not in ha: print(f"+++ header added: {name} ({len(hb[name])} lines)"); continue
            for line in difflib.unified_diff(ha[name], hb[name], name, name, n=0, lineterm=""):
                if not line.startswith("@@"): print(line)

main()
