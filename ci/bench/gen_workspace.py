#!/usr/bin/env python3
"""Generates the benchmark workspace for ci/bench-matrix.

    gen_workspace.py DEST N_COMPONENTS N_TAGS [JOBS]

DEST must not exist yet. It receives `lockstep.yml`, `components/CompNNN` (one git repo each, N_TAGS
version tags over N_TAGS commits, plus 0-2 commits after the newest tag) and `apps/Main` (one repo whose
Package.swift pins every component exactly to its newest release). Each repo is written in one
`git fast-import`, then its objects are repacked and its refs packed, as a fresh clone would have them.

The tag mix per component (all deterministic, from the component's index i):
- releases `X.Y.Z` counting up by patch, a minor step with `-rc.1`, `-rc.2` before it every 7 steps,
  a major step with `-rc.1` before it every 20 steps;
- every 5th component ends with an rc series above its newest release (`-rc.1`, `-rc.2`), every 25th
  with a long one (`-rc.1` … `-rc.11`, so `rc.10`/`rc.11` must sort above `rc.9`);
- every 4th component writes its tags with a `v` prefix;
- tags alternate annotated / lightweight;
- component i has i % 3 commits after its newest tag.
"""
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

SIGNATURE = "Bench Bot <bench@example.com>"
EPOCH = 1_700_000_000


def name_of(i: int) -> str:
    return f"Comp{i:03d}"


def versions_for(i: int, n_tags: int):
    """Returns (tag names oldest first, newest release version without prefix)."""
    tail = 0
    if i % 25 == 0:
        tail = 11
    elif i % 5 == 0:
        tail = 2
    tail = min(tail, max(n_tags - 1, 0))
    body_count = n_tags - tail
    major, minor, patch = 1 + i % 3, 0, 0
    body = [(major, minor, patch, None)]
    step = 1
    while len(body) < body_count:
        if step % 20 == 0:
            major, minor, patch = major + 1, 0, 0
            body += [(major, minor, patch, 1), (major, minor, patch, None)]
        elif step % 7 == 0:
            minor, patch = minor + 1, 0
            body += [(major, minor, patch, 1), (major, minor, patch, 2), (major, minor, patch, None)]
        else:
            patch += 1
            body.append((major, minor, patch, None))
        step += 1
    body = body[:body_count]
    if body and body[-1][3] is not None:  # end the body on a release
        m, n, p, _ = body[-1]
        body[-1] = (m, n, p, None)
    last = body[-1]
    release = f"{last[0]}.{last[1]}.{last[2]}"
    tail_versions = [(last[0], last[1] + 1, 0, rc) for rc in range(1, tail + 1)]
    prefix = "v" if i % 4 == 3 else ""

    def text(v):
        core = f"{v[0]}.{v[1]}.{v[2]}"
        return prefix + (core if v[3] is None else f"{core}-rc.{v[3]}")

    return [text(v) for v in body + tail_versions], release


def data(text: str) -> bytes:
    raw = text.encode()
    return b"data %d\n" % len(raw) + raw + b"\n"


def component_stream(i: int, n_tags: int):
    name = name_of(i)
    tags, release = versions_for(i, n_tags)
    extra = i % 3
    out = []
    package = (
        "// swift-tools-version: 5.9\n"
        "import PackageDescription\n\n"
        f'let package = Package(name: "{name}", targets: [.target(name: "{name}")])\n'
    )
    for k in range(1, len(tags) + extra + 1):
        when = EPOCH + i * 10_000 + k * 60
        source = (
            f"/// {name}, revision {k}.\n"
            f"public struct {name} {{\n"
            f"    public static let revision = {k}\n"
            f"    public init() {{}}\n"
            f"    func helper{k}() -> Int {{ {k} * 2 }}\n"
            "}\n"
        )
        out.append(b"commit refs/heads/main\nmark :%d\n" % k)
        out.append(f"author {SIGNATURE} {when} +0000\ncommitter {SIGNATURE} {when} +0000\n".encode())
        out.append(data(f"{name}: change {k}"))
        if k == 1:
            out.append(b"M 100644 inline Package.swift\n" + data(package))
        out.append(f"M 100644 inline Sources/{name}/{name}.swift\n".encode() + data(source))
        out.append(b"\n")
    for t, tag in enumerate(tags):
        mark = t + 1
        if t % 2 == 0:
            when = EPOCH + i * 10_000 + mark * 60 + 30
            out.append(f"tag {tag}\nfrom :{mark}\ntagger {SIGNATURE} {when} +0000\n".encode())
            out.append(data(f"{name} {tag}"))
        else:
            out.append(f"reset refs/tags/{tag}\nfrom :{mark}\n\n".encode())
    return b"".join(out), release


def main_stream(n_components: int, releases):
    lines = [
        "// swift-tools-version: 5.9",
        "import PackageDescription",
        "",
        "let package = Package(",
        '    name: "Main",',
        "    dependencies: [",
    ]
    for i in range(n_components):
        lines.append(f'        .package(url: "https://git.example.com/ios/{name_of(i)}.git", exact: "{releases[i]}"),')
    lines += ["    ],", "    targets: [", '        .executableTarget(name: "Main"),', "    ]", ")", ""]
    package = "\n".join(lines)
    app = 'print("Main")\n'
    when = EPOCH + 9_000_000
    out = [
        b"commit refs/heads/main\nmark :1\n",
        f"author {SIGNATURE} {when} +0000\ncommitter {SIGNATURE} {when} +0000\n".encode(),
        data("Main: pin every component"),
        b"M 100644 inline Package.swift\n" + data(package),
        b"M 100644 inline Sources/Main/main.swift\n" + data(app),
        b"\n",
    ]
    return b"".join(out)


def git(repo: str, *args: str, stdin: bytes | None = None):
    subprocess.run(["git", "-C", repo, *args], input=stdin, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def make_repo(path: str, stream: bytes):
    os.makedirs(path)
    git(path, "init", "-q", "-b", "main")
    with open(os.path.join(path, ".git", "config"), "a") as config:  # as `git config user.*` would
        config.write("[user]\n\tname = Bench Bot\n\temail = bench@example.com\n")
    git(path, "fast-import", "--quiet", "--done", stdin=stream + b"done\n")
    git(path, "repack", "-a", "-d", "-q")
    git(path, "pack-refs", "--all")
    git(path, "reset", "-q", "--hard", "main")  # a work tree and index, as a clone has


def build_component(dest: str, i: int, n_tags: int) -> str:
    stream, release = component_stream(i, n_tags)
    make_repo(os.path.join(dest, "components", name_of(i)), stream)
    return release


def main():
    dest, n_components, n_tags = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    jobs = int(sys.argv[4]) if len(sys.argv) > 4 else (os.cpu_count() or 2)
    if n_tags < 1 or n_components < 1:
        sys.exit("need at least one component and one tag")
    os.makedirs(os.path.join(dest, "components"))
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        releases = list(pool.map(lambda i: build_component(dest, i, n_tags), range(n_components)))
    make_repo(os.path.join(dest, "apps", "Main"), main_stream(n_components, releases))
    with open(os.path.join(dest, "lockstep.yml"), "w") as f:
        f.write("remote: https://git.example.com/ios/{name}.git\ncomponents:\n")
        for i in range(n_components):
            f.write(f"  - {{ name: {name_of(i)}, path: components/{name_of(i)}, kind: base }}\n")
        f.write("apps:\n  - { name: Main, path: apps/Main, role: main }\n")


if __name__ == "__main__":
    main()
