#!/usr/bin/env python3
"""Computes the `digester` column of corpus.tsv: swift-api-digester's verdict per release pair.

Usage: digest.py MIRRORS OUT [owner+name ...]

For every stable tag of each package (read from its git mirror under MIRRORS) the tag is exported,
the manifest read with `swift package dump-package`, the library products' targets type-checked
with `swiftc -emit-module` (no code generation), each module dumped with `swift-api-digester
-dump-sdk`, and consecutive tags compared: `-diagnose-sdk` lists breaking changes, and public
declarations (by USR) present only in the newer dump count as additions. Results are appended to
OUT/results.tsv (package, from, to, level, breaking count, added count, first breaking lines) so a
long run can be polled and resumed. Linux only sees Linux: the digester's known limits apply.
"""
import json, os, re, shutil, subprocess, sys, hashlib

SWIFT_BIN = os.environ.get("SWIFT_BIN", "/opt/swift/usr/bin")
DIGESTER = os.path.join(SWIFT_BIN, "swift-api-digester")
SWIFTC = os.path.join(SWIFT_BIN, "swiftc")
SWIFT = os.path.join(SWIFT_BIN, "swift")

# Packages whose library targets import another corpus package's product: built at that package's
# newest tag once and put on the search path.
EXTERNAL = {
    "apple+swift-algorithms": ["apple+swift-numerics"],
    "apple+swift-distributed-tracing": ["apple+swift-service-context"],
}

TAG_RE = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)$")


def run(cmd, cwd=None, timeout=900):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def git_dir(mirrors, pkg):
    owner, name = pkg.split("+", 1)
    for cand in (f"{mirrors}/{pkg}/repo", f"{mirrors}/{pkg}", f"{mirrors}/{name}"):
        for sub in (cand, cand + "/.git"):
            if os.path.isfile(os.path.join(sub, "HEAD")) and os.path.isdir(os.path.join(sub, "objects")):
                return sub
    return None


def stable_tags(gd):
    _, out, _ = run(["git", "--git-dir", gd, "tag"])
    tags = [t for t in out.split() if TAG_RE.match(t)]
    seen, result = {}, []
    for t in sorted(tags, key=lambda t: tuple(int(x) for x in TAG_RE.match(t).groups())):
        v = tuple(int(x) for x in TAG_RE.match(t).groups())
        if v in seen:
            continue
        seen[v] = t
        result.append(t)
    return result


def setting_flags(settings):
    flags = []
    for s in settings or []:
        if s.get("tool") != "swift":
            continue
        cond = s.get("condition") or {}
        plats = cond.get("platformNames")
        if plats and "linux" not in plats:
            continue
        if cond.get("config") == "debug" or cond.get("traits"):
            continue
        kind = s.get("kind", {})
        if "define" in kind:
            flags += ["-D", kind["define"]["_0"]]
        elif "enableUpcomingFeature" in kind:
            flags += ["-enable-upcoming-feature", kind["enableUpcomingFeature"]["_0"]]
        elif "enableExperimentalFeature" in kind:
            flags += ["-enable-experimental-feature", kind["enableExperimentalFeature"]["_0"]]
        elif "swiftLanguageMode" in kind or "swiftLanguageVersion" in kind:
            v = kind.get("swiftLanguageMode", kind.get("swiftLanguageVersion"))["_0"]
            v = v.get("version", v) if isinstance(v, dict) else v
            flags += ["-swift-version", str(v).split(".")[0]]
        elif "interoperabilityMode" in kind:
            pass
        elif "unsafeFlags" in kind:
            fl = kind["unsafeFlags"]["_0"]
            # Keep only flags that change what type-checks.
            i = 0
            while i < len(fl):
                if fl[i] in ("-enable-experimental-feature", "-enable-upcoming-feature", "-Xfrontend"):
                    flags += fl[i:i + 2]; i += 2
                elif fl[i].startswith("-D"):
                    flags.append(fl[i]); i += 1
                else:
                    i += 1
    return flags


def language_mode(manifest):
    tv = manifest.get("toolsVersion", {}).get("_version", "5.0.0")
    major = int(tv.split(".")[0])
    modes = manifest.get("swiftLanguageModes") or manifest.get("swiftLanguageVersions")
    if modes:
        vals = []
        for m in modes:
            if isinstance(m, dict):
                m = m.get("version", next(iter(m.values()))) if m else "5"
                if isinstance(m, list):
                    m = m[0]
                if isinstance(m, dict):
                    m = m.get("_0", "5")
            vals.append(str(m).split(".")[0])
        nums = [int(v) for v in vals if v.isdigit()]
        if nums:
            return str(max(n for n in nums if n <= 6) if any(n <= 6 for n in nums) else 5)
    return "6" if major >= 6 else "5"


def target_path(src, t):
    if t.get("path"):
        return os.path.join(src, t["path"])
    for base in ("Sources", "Source", "src", "srcs"):
        p = os.path.join(src, base, t["name"])
        if os.path.isdir(p):
            return p
    return os.path.join(src, "Sources", t["name"])


def swift_files(path, t):
    excl = [os.path.normpath(os.path.join(path, e)) for e in t.get("exclude") or []]
    srcs = t.get("sources")
    roots = [os.path.join(path, s) for s in srcs] if srcs else [path]
    files = []
    for r in roots:
        if os.path.isfile(r):
            if r.endswith(".swift"):
                files.append(r)
            continue
        for dp, dn, fn in os.walk(r):
            if any(os.path.normpath(dp) == e or os.path.normpath(dp).startswith(e + os.sep) for e in excl):
                continue
            for f in fn:
                fp = os.path.normpath(os.path.join(dp, f))
                if f.endswith(".swift") and fp not in excl:
                    files.append(fp)
    return sorted(set(files))


def c_module_dir(path, t, cmods):
    """Returns an include folder holding a module map for a C target."""
    inc = os.path.join(path, t.get("publicHeadersPath") or "include")
    if os.path.isfile(os.path.join(inc, "module.modulemap")):
        return inc
    d = os.path.join(cmods, t["name"])
    os.makedirs(d, exist_ok=True)
    umb = os.path.join(inc, t["name"] + ".h")
    umb2 = os.path.join(inc, t["name"], t["name"] + ".h")
    if os.path.isfile(umb2):
        body = f'umbrella header "{umb2}"'
    elif os.path.isfile(umb):
        body = f'umbrella header "{umb}"'
    else:
        body = f'umbrella "{inc}"'
    with open(os.path.join(d, "module.modulemap"), "w") as f:
        f.write(f"module {t['name']} {{\n  {body}\n  export *\n}}\n")
    return d


def build_modules(src, out, ext_inc, log):
    """Type-checks the library targets of the package at src; returns (module names, include dirs)."""
    rc, so, se = run([SWIFT, "package", "dump-package"], cwd=src, timeout=300)
    if rc != 0:
        log.write(f"dump-package failed: {se[-2000:]}\n")
        return None, None
    m = json.loads(so)
    targets = {t["name"]: t for t in m["targets"]}
    libs = []
    for p in m["products"]:
        if "library" in p["type"]:
            libs += [n for n in p["targets"] if n not in libs]
    order, seen = [], set()

    def visit(n):
        if n in seen or n not in targets:
            return
        seen.add(n)
        for d in targets[n].get("dependencies", []):
            k = next(iter(d))
            name = d[k][0] if k in ("byName", "target") else None
            if name and name in targets:
                visit(name)
        order.append(n)
    for n in libs:
        visit(n)
    mode = language_mode(m)
    cmods = os.path.join(out, "cmods")
    incs = [out] + list(ext_inc)
    swift_mods = []
    for n in order:
        t = targets[n]
        if t["type"] not in ("regular",):
            continue
        path = target_path(src, t)
        files = swift_files(path, t)
        if not files:
            if os.path.isdir(path):
                incs.append(c_module_dir(path, t, cmods))
            continue
        flags = ["-swift-version", mode] + setting_flags(t.get("settings"))
        # Last -swift-version wins; a target's own mode follows the package's.
        cmd = [SWIFTC, "-emit-module", "-parse-as-library", "-wmo", "-Onone", "-suppress-warnings", "-enable-testing", "-DSWIFT_PACKAGE",
               "-module-name", n, "-package-name", m.get("name", "pkg").replace("-", "_"),
               "-emit-module-path", os.path.join(out, n + ".swiftmodule")]
        for i in incs:
            cmd += ["-I", i]
        cmd += flags + files
        rc, so, se = run(cmd, timeout=1200)
        if rc != 0:
            log.write(f"module {n} failed:\n{se[-3000:]}\n")
            return None, None
        swift_mods.append(n)
    return [n for n in swift_mods if n in libs], incs


def dump(mods, incs, out, log):
    for n in mods:
        cmd = [DIGESTER, "-dump-sdk", "-module", n, "-o", os.path.join(out, n + ".json"), "-avoid-location",
               "-avoid-tool-args", "-abort-on-module-fail"]
        for i in incs:
            cmd += ["-I", i]
        rc, so, se = run(cmd, timeout=600)
        if rc != 0:
            log.write(f"dump {n} failed: {se[-2000:]}\n")
            return False
    return True


def public_usrs(path):
    with open(path) as f:
        root = json.load(f)
    root = root.get("ABIRoot", root)
    usrs = set()

    def walk(node, hidden):
        name = node.get("name", "") or ""
        h = hidden or name.startswith("_") or bool(node.get("spi_group_names"))
        if node.get("kind") not in ("TypeNominal", "TypeFunc", "TypeNameAlias", "Import") and node.get("usr") and not h:
            usrs.add(node["usr"])
            # A conformance added to a public type is an addition too (the dump keeps them beside children).
            for c in node.get("conformances", []) or []:
                cname = c.get("name", "")
                if not cname.startswith("_") and cname not in ("Copyable", "Escapable", "BitwiseCopyable", "SendableMetatype"):
                    usrs.add(node["usr"] + " : " + (c.get("usr") or cname))
        for c in node.get("children", []) or []:
            walk(c, h)
    walk(root, False)
    return usrs


def compare(old, new, mods_old, mods_new, work):
    breaks, added = [], 0
    for n in mods_old:
        if n not in mods_new:
            breaks.append(f"module {n} removed")
    for n in mods_new:
        if n not in mods_old:
            added += 1
    for n in mods_old:
        if n not in mods_new:
            continue
        o, p = os.path.join(old, n + ".json"), os.path.join(new, n + ".json")
        outp = os.path.join(work, "diag.txt")
        rc, so, se = run([DIGESTER, "-diagnose-sdk", "-input-paths", o, "-input-paths", p, "-o", outp,
                          "-disable-fail-on-error"], timeout=600)
        text = open(outp).read() if os.path.exists(outp) else ""
        for line in text.splitlines():
            line = line.strip()
            if line and not line.startswith("/*"):
                breaks.append(f"{n}: {line}")
        added += len(public_usrs(p) - public_usrs(o))
    level = "major" if breaks else ("minor" if added else "patch")
    return level, breaks, added


def main():
    mirrors, outdir = sys.argv[1], sys.argv[2]
    pkgs = sys.argv[3:]
    os.makedirs(outdir, exist_ok=True)
    results = os.path.join(outdir, "results.tsv")
    done = set()
    if os.path.exists(results):
        for line in open(results):
            f = line.rstrip("\n").split("\t")
            done.add((f[0], f[1], f[2]))
    for pkg in pkgs:
        gd = git_dir(mirrors, pkg)
        if not gd:
            print(f"{pkg}: no mirror", flush=True)
            continue
        ext_inc = []
        for dep in EXTERNAL.get(pkg, []):
            dgd = git_dir(mirrors, dep)
            dtag = stable_tags(dgd)[-1]
            dsrc = os.path.join(outdir, "ext", dep, "src")
            dout = os.path.join(outdir, "ext", dep, "mods")
            incs_f = os.path.join(outdir, "ext", dep, "incs.json")
            if not os.path.isfile(incs_f):
                shutil.rmtree(os.path.join(outdir, "ext", dep), ignore_errors=True)
                os.makedirs(dsrc, exist_ok=True); os.makedirs(dout, exist_ok=True)
                subprocess.run(f"git --git-dir={gd_q(dgd)} archive {dtag} | tar -x -C {gd_q(dsrc)}", shell=True)
                with open(os.path.join(outdir, "ext", dep, "log"), "w") as lg:
                    mods, incs = build_modules(dsrc, dout, [], lg)
                if mods is None:
                    print(f"{pkg}: dependency {dep} failed to build", flush=True)
                    incs = []
                json.dump(incs, open(incs_f, "w"))
            ext_inc += json.load(open(incs_f))
        tags = stable_tags(gd)
        prev = None  # (tag, dumpdir, mods) or (tag, None, None) when it failed
        cache = {}
        for tag in tags:
            key_rc, key, _ = run(["git", "--git-dir", gd, "rev-parse", f"{tag}^{{tree}}:Sources", f"{tag}:Package.swift"])
            key = hashlib.sha1(key.encode()).hexdigest()
            tdir = os.path.join(outdir, pkg, tag)
            dumps = os.path.join(tdir, "dumps")
            status_f = os.path.join(tdir, "status.json")
            if os.path.exists(status_f):
                st = json.load(open(status_f))
            elif key in cache:
                st = cache[key]
                os.makedirs(tdir, exist_ok=True)
                json.dump(st, open(status_f, "w"))
            else:
                src = os.path.join(tdir, "src")
                mods_dir = os.path.join(tdir, "mods")
                shutil.rmtree(tdir, ignore_errors=True)
                os.makedirs(src); os.makedirs(mods_dir); os.makedirs(dumps)
                subprocess.run(f"git --git-dir={gd_q(gd)} archive {tag} | tar -x -C {gd_q(src)}", shell=True)
                with open(os.path.join(tdir, "log"), "w") as lg:
                    mods, incs = build_modules(src, mods_dir, ext_inc, lg)
                    ok = bool(mods) and dump(mods, incs, dumps, lg)
                st = {"ok": ok, "mods": mods or [], "dumps": dumps}
                json.dump(st, open(status_f, "w"))
                shutil.rmtree(src, ignore_errors=True)
                shutil.rmtree(mods_dir, ignore_errors=True)
                print(f"{pkg} {tag}: {'ok' if ok else 'FAILED'} {st['mods']}", flush=True)
            cache[key] = st
            if prev is not None and (pkg, prev[0], tag) not in done:
                pst = prev[1]
                if pst["ok"] and st["ok"]:
                    level, breaks, added = compare(pst["dumps"], st["dumps"], pst["mods"], st["mods"], outdir)
                else:
                    level, breaks, added = "n/a", [], 0
                with open(results, "a") as r:
                    r.write("\t".join([pkg, prev[0], tag, level, str(len(breaks)), str(added),
                                       " | ".join(breaks)[:3000]]) + "\n")
            prev = (tag, st)


def gd_q(p):
    return "'" + p.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    main()
