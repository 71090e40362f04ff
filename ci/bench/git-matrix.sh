#!/usr/bin/env bash
# The baseline for ci/bench-matrix: the matrix columns computed the way a plain script would, one `git`
# process per question, one component after another.
#
#   git-matrix.sh WORKSPACE > out.tsv
#
# One TSV line per component of WORKSPACE/lockstep.yml (the `{ name: X, path: Y, ... }` flow form):
#   name  release_tag  release_commit  prerelease_tag  prerelease_commit  ahead  head  branch  main_pin
# Empty columns are `-`.
#
# Ordering: git's own version sort (`for-each-ref --sort=-v:refname`) with `versionsort.suffix=-`, so a
# prerelease sorts below its release (1.3.0-rc.2 < 1.3.0) and rc numbers numerically (rc.9 < rc.10). The
# newest release is the first X.Y.Z tag in that order; the newest prerelease is the first tag overall when
# it is a prerelease (one above the newest release), as lockstep defines it. Tag parsing is done in bash,
# so the processes per component are the git calls plus one grep for main's pin (about 7).
set -euo pipefail

ws=${1:?usage: git-matrix.sh WORKSPACE}
config="$ws/lockstep.yml"

main_path=$(grep -E 'role: *main' "$config" | head -n1 | sed -E 's/.*path: *([^,} ]+).*/\1/')
main_manifest=$(mktemp)
trap 'rm -f "$main_manifest"' EXIT
git -C "$ws/$main_path" show HEAD:Package.swift > "$main_manifest"

release_re='^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$'
prerelease_re='^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)-[0-9A-Za-z.-]+$'

# Components: the entries of the `components:` list, up to `apps:`.
sed -n '/^components:/,/^apps:/p' "$config" | grep -E '^ *- *\{' | sed -E 's/.*name: *([^,} ]+).*path: *([^,} ]+).*/\1 \2/' |
while read -r name path; do
    repo="$ws/$path"
    release="" pre="" first=""
    while read -r tag; do
        [[ -z "$tag" ]] && continue
        if [[ -z "$first" ]]; then
            first=$tag
            [[ "$tag" =~ $prerelease_re ]] && pre=$tag
        fi
        if [[ "$tag" =~ $release_re ]]; then release=$tag; break; fi
    done < <(git -C "$repo" -c versionsort.suffix=- for-each-ref --sort=-v:refname --format='%(refname:short)' refs/tags)

    head=$(git -C "$repo" rev-parse HEAD)
    branch=$(git -C "$repo" symbolic-ref --short -q HEAD || echo -)
    release_commit=- pre_commit=-
    if [[ -n "$release" ]]; then
        release_commit=$(git -C "$repo" rev-list -n1 "refs/tags/$release")
        ahead=$(git -C "$repo" rev-list --count "refs/tags/$release..HEAD")
    else
        ahead=$(git -C "$repo" rev-list --count HEAD)
    fi
    if [[ -n "$pre" ]]; then
        pre_commit=$(git -C "$repo" rev-list -n1 "refs/tags/$pre")
    fi

    pin=$(grep -F "/$name.git\"" "$main_manifest" || true)
    [[ "$pin" =~ exact:\ *\"([^\"]+)\" ]] && pin=${BASH_REMATCH[1]} || pin=-

    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "${release:--}" "$release_commit" "${pre:--}" "$pre_commit" \
        "$ahead" "$head" "$branch" "$pin"
done
