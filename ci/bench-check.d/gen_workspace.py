#!/usr/bin/env python3
"""Generates the `lockstep check` benchmark workspace (see ci/bench-check).

N_SETS protocol-set repos `components/ProtoNNN`, each with N_FILES Swift files under
`Sources/ProtoNNN/` and a history of N_RELEASES releases written with one `git fast-import` per repo
(no `git commit` processes). Every release changes a few files in a way its version allows:

- most releases are minor (`1.N.0`, below 1.0 `0.N.0`): each adds requirements to 1-3 protocols (and
  a public helper to a model now and then) and edits an internal helper elsewhere;
- two per repo (when the history is long enough) are breaking (`2.0.0`, `3.0.0`, or `1.0.0` for a repo
  that started on 0.x): they remove a requirement or change a signature;
- protocol sets never have a patch release, so PATCH is always 0.

So `lockstep check` should report no error. With --seed-mistake, one minor release of one repo
removes a requirement: exactly one LS203 error. Every tenth repo has an unreleased commit after its
newest release (an LS405 note each).

Usage: gen_workspace.py OUT_DIR --sets N --files N --releases N [--seed-mistake]
"""

import argparse
import json
import os
import random
import subprocess
import sys

NOUNS = [
    "Account", "Address", "Basket", "Coupon", "Payment", "Shipment", "Review", "Wishlist", "Order",
    "Invoice", "Refund", "Voucher", "Profile", "Session", "Device", "Message", "Thread", "Channel",
    "Contact", "Merchant", "Shop", "Product", "Variant", "Category", "Banner", "Campaign", "Reward",
    "Ticket", "Booking", "Seat", "Route", "Vehicle", "Driver", "Parcel", "Exchange", "Subscription",
    "Plan", "Badge", "Follower", "Comment", "Photo", "Video", "Playlist", "Track", "Album", "Story",
    "Poll", "Survey", "Coupon", "Gift", "Card", "Wallet", "Transfer", "Budget", "Goal", "Reminder",
    "Note", "Document", "Folder", "Tag", "Location", "Venue", "Event", "Invite", "Team", "Member",
]
NOUNS = list(dict.fromkeys(NOUNS))  # unique, order kept
ADJECTIVES = ["", "Saved", "Recent", "Shared", "Pending", "Featured", "Archived", "Local", "Remote",
              "Draft", "Scheduled", "Promoted", "Cached", "Suggested", "Trending", "Verified"]
PAIRS = [(a, n) for a in ADJECTIVES for n in NOUNS]
ROLES = ["Service", "Repository", "Provider", "Store", "Client", "DataSource"]
VERBS = ["archive", "restore", "pin", "unpin", "share", "duplicate", "flag", "unflag", "export",
         "lock", "unlock", "merge", "validate", "sync", "hide", "reveal", "promote", "demote",
         "star", "unstar", "mute", "unmute", "report", "transfer", "schedule", "cancel", "confirm",
         "reopen", "close", "rename"]
FIELDS = [("title", "String", '""'), ("summary", "String?", "nil"), ("createdAt", "Date", "Date()"),
          ("updatedAt", "Date?", "nil"), ("isFavorite", "Bool", "false"), ("priority", "Int", "0"),
          ("tags", "[String]", "[]"), ("ownerID", "String?", "nil"), ("amount", "Decimal", "0"),
          ("currencyCode", "String", '"EUR"'), ("url", "URL?", "nil"), ("rating", "Double", "0")]
EVENTS = [("created", "id: String"), ("updated", "id: String, fields: [String]"), ("deleted", "id: String"),
          ("failed", "id: String, reason: String"), ("synced", "count: Int"), ("expired", "id: String, at: Date")]


def lower_first(text):
    return text[0].lower() + text[1:]


class SwiftFile:
    """One source file: a public protocol, a public struct or enum, and an internal helper."""

    def __init__(self, component, entity, rng):
        self.entity = entity
        self.e = lower_first(entity)
        self.protocol = entity + rng.choice(ROLES)
        self.is_struct = rng.random() < 0.6
        self.model = entity if self.is_struct else entity + "Event"
        self.anyobject = rng.random() < 0.5
        self.assoc = rng.random() < 0.3
        self.fields = rng.sample(FIELDS, rng.randint(3, 6))
        self.events = rng.sample(EVENTS, rng.randint(3, 5))
        self.extras = []          # public helpers added to the model over time (additive)
        self.helper_rev = 0       # internal helper revisions (no API impact)
        self.component = component
        pool = self.requirement_pool()
        rng.shuffle(pool)
        count = rng.randint(5, 8)
        self.requirements = pool[:count]
        self.spare = pool[count:]
        self.verbs = rng.sample(VERBS, len(VERBS))

    def requirement_pool(self):
        E, e, M = self.entity, self.e, self.model
        pool = [
            ("var is%sSyncEnabled" % E, "Whether changes to %s values are synced to the backend." % e,
             "var is%sSyncEnabled: Bool { get set }" % E),
            ("var last%sRefresh" % E, "When the %s list was last refreshed, or `nil` before the first refresh." % e,
             "var last%sRefresh: Date? { get }" % E),
            ("static var %sPageSize" % e, "How many values one page of %s results holds." % e,
             "static var %sPageSize: Int { get }" % e),
            ("func %s(withID" % e, "Loads one %s by its backend id." % e,
             "func %s(withID id: String) async throws -> %s" % (e, M)),
            ("func all%ss" % E, "Searches %s values whose title matches `query`." % e,
             "func all%ss(matching query: String, limit: Int) async throws -> [%s]" % (E, M)),
            ("func save(", "Saves a %s, replacing any value with the same id." % e,
             "func save(_ %s: %s) async throws" % (e, M)),
            ("func remove%s" % E, "Removes the %s with the given id; throws when it does not exist." % e,
             "func remove%s(withID id: String) throws" % E),
            ("func observe%ss" % E, "Calls `handler` with the current values and on every change.",
             "func observe%ss(_ handler: @escaping @Sendable ([%s]) -> Void) -> UUID" % (E, M)),
            ("func stopObserving%ss" % E, "Stops the observation that returned `token`.",
             "func stopObserving%ss(_ token: UUID)" % E),
            ("func decode%s" % E, "Decodes a payload the %s endpoint returned." % e,
             "func decode%s<Payload: Decodable & Sendable>(_ type: Payload.Type, from data: Data) throws -> Payload" % E),
            ("func %sCount" % e, "Counts the cached values that satisfy `predicate`.",
             "func %sCount(where predicate: @Sendable (%s) -> Bool) -> Int" % (e, M)),
            ("subscript(%sID" % e, "The cached %s with this id, if any." % e,
             "subscript(%sID id: String) -> %s? { get }" % (e, M)),
            ("func prefetch%ss" % E, "Warms the cache for the given ids.",
             "func prefetch%ss(ids: [String], priority: TaskPriority) async" % E),
            ("func with%s" % E, "Runs `body` on the cached %s, if any, and returns its result." % e,
             "func with%s<Result>(_ id: String, _ body: (%s) throws -> Result) rethrows -> Result?" % (E, M)),
        ]
        if self.assoc:
            pool.append(("func next%sPage" % E, "The page after `cursor` (the first page for `nil`).",
                         "func next%sPage(after cursor: Cursor?) async throws -> (items: [%s], next: Cursor?)" % (E, M)))
        return pool

    # Changes -----------------------------------------------------------------------------------

    def add_requirement(self):
        """Additive: a new requirement (from the pool, or a new verb)."""
        if self.spare:
            self.requirements.append(self.spare.pop(0))
            return
        verb = self.verbs.pop(0) if self.verbs else "touch%d" % len(self.requirements)
        E = self.entity
        self.requirements.append(("func %s%s(" % (verb, E), "%s the %s with the given id." % (verb.capitalize() + "s", self.e),
                                  "func %s%s(withID id: String) async throws -> Bool" % (verb, E)))

    def add_model_helper(self):
        """Additive: a public member in an extension of the model."""
        n = len(self.extras)
        self.extras.append(n)

    def remove_requirement(self):
        """Breaking: a requirement goes away (never the last one)."""
        if len(self.requirements) > 1:
            self.requirements.pop(len(self.requirements) // 2)

    def change_requirement(self):
        """Breaking: a function requirement's signature changes (an extra parameter)."""
        for index, (key, doc, text) in enumerate(self.requirements):
            if not text.startswith("func ") or "options:" in text:
                continue
            open_paren = text.index("(")
            depth = 0
            for close in range(open_paren, len(text)):
                depth += {"(": 1, ")": -1}.get(text[close], 0)
                if depth == 0:
                    break
            extra = "options: [String: String]" if close == open_paren + 1 else ", options: [String: String]"
            self.requirements[index] = (key, doc, text[:close] + extra + text[close:])
            return
        self.remove_requirement()

    def touch_internal(self):
        self.helper_rev += 1

    # Rendering ---------------------------------------------------------------------------------

    def render(self):
        E, e, M = self.entity, self.e, self.model
        out = ["//", "//  %s.swift" % self.protocol, "//  %s" % self.component, "//", "",
               "import Foundation", ""]
        # the protocol
        refinement = ": AnyObject, Sendable" if self.anyobject else ": Sendable"
        out.append("/// Everything other components may ask about %s values." % e)
        out.append("///")
        out.append("/// Resolve it through the mediator; never depend on the implementation.")
        out.append("public protocol %s%s {" % (self.protocol, refinement))
        if self.assoc:
            out.append("    /// An opaque position in the %s list." % e)
            out.append("    associatedtype Cursor: Hashable & Sendable")
            out.append("")
        for i, (_, doc, text) in enumerate(self.requirements):
            if i:
                out.append("")
            out.append("    /// " + doc)
            out.append("    " + text)
        out.append("}")
        out.append("")
        # the model
        if self.is_struct:
            out.append("/// A %s as the backend describes it." % e)
            out.append("public struct %s: Sendable, Hashable, Identifiable {" % M)
            out.append("    public let id: String")
            for name, type_, _ in self.fields:
                out.append("    public var %s: %s" % (name, type_))
            out.append("")
            params = ", ".join(["id: String"] + ["%s: %s = %s" % (n, t, d) for n, t, d in self.fields])
            out.append("    public init(%s) {" % params)
            out.append("        self.id = id")
            for name, _, _ in self.fields:
                out.append("        self.%s = %s" % (name, name))
            out.append("    }")
            out.append("}")
        else:
            out.append("/// What happened to a %s." % e)
            out.append("public enum %s: Sendable, Equatable {" % M)
            for name, payload in self.events:
                out.append("    case %s(%s)" % (name, payload))
            out.append("}")
        out.append("")
        if self.extras:
            out.append("extension %s {" % M)
            for n in self.extras:
                out.append("    /// A stable key for caches (version %d of the format)." % (n + 1))
                out.append("    public var cacheKey%s: String { \"%s.\\(String(describing: self).hashValue)\" }"
                           % ("" if n == 0 else "V%d" % (n + 1), E + ("" if n == 0 else str(n + 1))))
            out.append("}")
            out.append("")
        # the internal helper
        out.append("/// Normalizes what users type before it reaches the %s." % self.protocol)
        out.append("struct %sQueryNormalizer {" % E)
        out.append("    var maximumLength = %d" % (64 + 8 * self.helper_rev))
        out.append("")
        out.append("    func normalize(_ query: String) -> String {")
        out.append("        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)")
        if self.helper_rev % 2:
            out.append("        let folded = trimmed.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)")
            out.append("        return String(folded.prefix(maximumLength))")
        else:
            out.append("        return String(trimmed.lowercased().prefix(maximumLength))")
        out.append("    }")
        for r in range(self.helper_rev):
            out.append("")
            out.append("    func isAcceptable%d(_ query: String) -> Bool {" % (r + 1))
            out.append("        !normalize(query).isEmpty && query.count <= maximumLength + %d" % r)
            out.append("    }")
        out.append("}")
        out.append("")
        return "\n".join(out)


def package_swift(name):
    return """// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "%(n)s",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "%(n)s", targets: ["%(n)s"]),
    ],
    targets: [
        .target(name: "%(n)s"),
    ]
)
""" % {"n": name}


class Stream:
    def __init__(self):
        self.parts = []

    def data(self, text):
        raw = text.encode("utf-8")
        self.parts.append(b"data %d\n" % len(raw))
        self.parts.append(raw)
        self.parts.append(b"\n")

    def line(self, text):
        self.parts.append(text.encode("utf-8") + b"\n")

    def bytes(self):
        return b"".join(self.parts)


def versions(component_index, n_releases):
    """The version of each release and whether it is breaking."""
    zero_start = component_index % 8 == 5
    breaking = {5 + component_index % 5, 12 + component_index % 6}
    major, minor = (0, 1) if zero_start else (1, 0)
    out = [((major, minor, 0), False)]
    for k in range(1, n_releases):
        if k in breaking:
            if major == 0:
                major, minor = 1, 0
            else:
                major, minor = major + 1, 0
            out.append(((major, minor, 0), True))
        else:
            minor += 1
            out.append(((major, minor, 0), False))
    return out


def generate_repo(root, index, n_files, n_releases, seeded, stats):
    name = "Proto%03d" % index
    rng = random.Random(index * 7919 + 17)
    repo = os.path.join(root, "components", name)
    os.makedirs(repo)
    subprocess.run(["git", "init", "-q", "-b", "main", repo], check=True)
    start = (index * 13) % len(PAIRS)
    files = []
    for f in range(n_files):
        adjective, noun = PAIRS[(start + f) % len(PAIRS)]
        files.append(SwiftFile(name, adjective + noun, random.Random(index * 100003 + f)))
    prefix = "v" if index % 4 == 1 else ""
    annotated = index % 3 == 0
    stream = Stream()
    when = 1_700_000_000 + index * 600
    mark = 0
    author = "Bench Bot <bench@example.com>"

    def commit(message, changed):
        nonlocal mark, when
        mark += 1
        when += 86_400
        stream.line("commit refs/heads/main")
        stream.line("mark :%d" % mark)
        stream.line("committer %s %d +0000" % (author, when))
        stream.data(message)
        for path, text in changed:
            stream.line("M 100644 inline %s" % path)
            stream.data(text)
        return mark

    def tag(version, at):
        tag_name = prefix + "%d.%d.%d" % version
        if annotated:
            stream.line("tag %s" % tag_name)
            stream.line("from :%d" % at)
            stream.line("tagger %s %d +0000" % (author, when))
            stream.data("%s %s\n" % (name, tag_name))
        else:
            stream.line("reset refs/tags/%s" % tag_name)
            stream.line("from :%d" % at)

    source = "Sources/%s/" % name
    for k, (version, breaking) in enumerate(versions(index, n_releases)):
        if k == 0:
            changed = [("Package.swift", package_swift(name)),
                       (".gitignore", ".build/\n.swiftpm/\n"),
                       ("README.md", "# %s\n\nThe protocol set of the %s component: service and model protocols.\n" % (name, name[5:]))]
            changed += [(source + f.protocol + ".swift", f.render()) for f in files]
            commit("%s: first protocol set\n" % name, changed)
            stats["file_versions"] += n_files
        else:
            touched = set()
            picks = rng.sample(range(n_files), min(n_files, rng.randint(1, 3)))
            for p in picks:
                files[p].add_requirement()
                if rng.random() < 0.3:
                    files[p].add_model_helper()
                touched.add(p)
            if breaking:
                for p in rng.sample(range(n_files), min(n_files, rng.randint(1, 2))):
                    (files[p].remove_requirement if rng.random() < 0.5 else files[p].change_requirement)()
                    touched.add(p)
            if seeded and k == 3:
                # The deliberate mistake: a minor release that removes a requirement (LS203).
                p = (picks[0] + 1) % n_files
                files[p].remove_requirement()
                touched.add(p)
            internal = rng.randrange(n_files)
            files[internal].touch_internal()
            touched.add(internal)
            what = "breaking API changes" if breaking else "new requirements"
            commit("%s: %s\n" % (name, what), [(source + files[p].protocol + ".swift", files[p].render()) for p in sorted(touched)])
            stats["file_versions"] += len(touched)
        tag(version, mark)
    if index % 10 == 9:
        p = rng.randrange(n_files)
        files[p].touch_internal()
        commit("%s: tidy the query normalizer\n" % name, [(source + files[p].protocol + ".swift", files[p].render())])
    subprocess.run(["git", "-C", repo, "fast-import", "--quiet"], input=stream.bytes(), check=True)
    subprocess.run(["git", "-C", repo, "reset", "-q", "--hard", "main"], check=True)
    return name


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--sets", type=int, required=True)
    parser.add_argument("--files", type=int, required=True)
    parser.add_argument("--releases", type=int, required=True)
    parser.add_argument("--seed-mistake", action="store_true")
    args = parser.parse_args()
    if args.files > len(PAIRS):
        sys.exit("at most %d files per set" % len(PAIRS))
    os.makedirs(args.out)
    if args.seed_mistake and args.releases < 4:
        sys.exit("--seed-mistake needs at least 4 releases")
    # The mistake goes into Proto007 (or the last set of a smaller workspace), whose release 3 is minor.
    mistake = min(7, args.sets - 1) if args.seed_mistake else -1
    # Distinct Swift file versions across all release commits (what a per-blob cache parses).
    stats = {"file_versions": 0}
    names = [generate_repo(args.out, i, args.files, args.releases, i == mistake, stats) for i in range(args.sets)]
    with open(os.path.join(args.out, ".bench-stats.json"), "w") as handle:
        json.dump(stats, handle)
    with open(os.path.join(args.out, "lockstep.yml"), "w") as config:
        config.write("# Generated by ci/bench-check: %d protocol sets, %d files each, %d releases each.\n"
                     % (args.sets, args.files, args.releases))
        config.write("remote: https://git.example.com/ios/{name}.git\n")
        config.write("components:\n")
        for name in names:
            config.write("  - { name: %s, path: components/%s, kind: protocols }\n" % (name, name))
        config.write("apps: []\n")


if __name__ == "__main__":
    main()
