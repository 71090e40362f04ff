#!/usr/bin/env python3
"""Checks `lockstep matrix --format json` against git-matrix.sh's TSV for ci/bench-matrix.

    compare.py LOCKSTEP_JSON GIT_TSV EXPECTED_COMPONENTS

Compares, per component: newest release (tag and commit), newest prerelease (tag and commit), commits
ahead and main's pin. Prints each disagreement (at most 20) and exits 1 when there is any.
"""
import json
import sys


def main():
    json_path, tsv_path, expected = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(json_path) as f:
        matrix = json.load(f)
    rows = {row["name"]: row for row in matrix["components"]}
    mains = [app["name"] for app in matrix.get("apps", []) if app.get("role") == "main"]
    problems = []
    if len(rows) != expected:
        problems.append(f"lockstep lists {len(rows)} components, expected {expected}")
    seen = 0
    with open(tsv_path) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 9:
                problems.append(f"git script: malformed line {line!r}")
                continue
            seen += 1
            name, rel, rel_commit, pre, pre_commit, ahead, _head, _branch, pin = fields
            row = rows.get(name)
            if row is None:
                problems.append(f"{name}: missing from lockstep's JSON")
                continue

            def tag(value):
                return (value["tag"], value["commit"]) if value else ("-", "-")

            pins = row.get("pins") or {}
            lockstep_pin = "-"
            if mains and mains[0] in pins and pins[mains[0]]:
                requirement = pins[mains[0]]
                lockstep_pin = requirement.get("version") or requirement.get("text") or "-"
            checks = [
                ("newest release", tag(row.get("newestRelease")), (rel, rel_commit)),
                ("newest prerelease", tag(row.get("newestPrerelease")), (pre, pre_commit)),
                ("commits ahead", str(row.get("commitsAhead")), ahead),
                ("main pin", lockstep_pin, pin),
            ]
            for label, got, want in checks:
                if got != want:
                    problems.append(f"{name}: {label}: lockstep {got} / git {want}")
    if seen != expected:
        problems.append(f"git script printed {seen} components, expected {expected}")
    for problem in problems[:20]:
        print(f"  mismatch: {problem}")
    if len(problems) > 20:
        print(f"  ... and {len(problems) - 20} more")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
