import Foundation
import LockstepAPI
import LockstepManifest
import LockstepGit
import LockstepParsing

/// Reads a component's public API at any commit straight from the object database, with swift-syntax.
///
/// What is API follows the component's `Package.swift` at that commit (`APILayout`): the `.swift` files of
/// the modules behind its library products, or every `.swift` file under `Sources/` when the manifest names
/// no library product. Each revision's files are read with that revision's `APIContext`.
///
/// Files are parsed once per blob and context — across runs too, through `APISurfaceCache` — and a commit's
/// files are listed once. The in-memory caches keep only recent entries (a few commits per component, a few
/// versions per file): `check` walks releases in order and diffs each against the one before, so older
/// entries are never asked for again and memory stays flat however many releases a component has. A diff
/// compares in full only the files that differ.
public final class APIReader: @unchecked Sendable {
    /// Commits whose files are kept per component (the previous release, the tag being judged, and slack).
    static let commitsPerComponent = 4
    /// Parsed versions kept per file path.
    static let versionsPerFile = 3

    /// One source file of a commit: its path, content, and the part of the context its surface depends on.
    struct FileVersion: Hashable {
        var path: String
        var blob: ObjectID
        /// `APIContext.relevant(to:)`'s fingerprint: two revisions share the file only when this agrees too.
        var context: String
    }

    private typealias CommitFiles = [(file: FileVersion, part: APIFileSurface)]

    /// The part of a revision's context one file's text reads, and its fingerprint.
    private struct Relevance {
        var context: APIContext
        var fingerprint: String
    }

    /// A component at one commit: its API files, parsed, and what decided them.
    private struct Revision {
        var files: CommitFiles
        /// The same files' surfaces as one set, which remembers what the whole set gives for the next diff.
        var set: APIFileSet
        /// Nil when the API is every `.swift` file under `Sources/` (no library product could be read).
        var layout: APILayout?
        var context: APIContext
    }

    private let config: WorkspaceConfig
    private let manifests: ManifestStore
    private let diskCache: APISurfaceCache?
    /// Handles reused across revisions (opening one per revision cost more than many a revision's read).
    private let repositories: RepositoryPool
    private let lock = NSLock()
    private let versionLock = NSLock()
    private var swiftVersionMemo: [Int]?
    /// `manifestFileName(of:at:)`'s answers by component name and commit.
    private var manifestNames: [String: String] = [:]
    /// Per component and lane (see `diff(of:from:to:lane:)`): the parsed files of recent commits, most recently
    /// used last.
    private var commitCache: [String: [Int: [(commit: ObjectID, revision: Revision)]]] = [:]
    /// Per file label (`components/Cart/Sources/…`, followed by `\0` and the lane for lanes after the first): recent
    /// parsed versions, most recent last.
    private var fileCache: [String: [(blob: ObjectID, context: String, part: APIFileSurface)]] = [:]
    /// Per file label and lane, as `fileCache`: the last full parse of the file, the base its next versions are
    /// parsed incrementally after (a cold `check` parses each changed file of each release; most of it is unchanged).
    /// A tree costs many times its text, so the least recently kept go beyond `parsedTextBudget` bytes of text.
    private var parses = ParseStore(budget: APIReader.parsedTextBudget)
    /// The text (UTF-8 bytes) of the parses kept for incremental parsing, across components and lanes (measured on
    /// the swift-nio family: 8 MB of text holds about 150 MB of trees).
    static let parsedTextBudget = 8 << 20
    private var counts = Statistics()
    /// Per component and context: the part of the context each blob's text reads (`APIContext.relevant(to:)`).
    private var relevance: [String: [APIContext: [ObjectID: Relevance]]] = [:]
    /// Per component: files parsed this run and not yet written to the persistent cache, by cache key.
    private var unsaved: [String: Set<String>] = [:]
    /// The component's public Objective-C headers (SPEC §7), judged with its Swift files as one surface.
    let objc: ObjCReader
    /// Per component: its dependencies' typealiases (`dependencyNames(of:)`), found once per run.
    private var dependencyNamesMemo: [String: DependencyNames] = [:]
    /// Per component and commit (`name@hex`): the surfaces of its files that declare a typealias.
    private var aliasFilesMemo: [String: [APIFileSurface]] = [:]
    /// `identities(of:)` for `config`.
    private let identities: String
    /// The lane dependencies are read in (`aliasFiles(of:at:)`): apart from the lanes of the component's own history.
    private static let dependencyLane = -1

    /// What the reader has done so far (to see that the work grows with the number of releases, not its square).
    public struct Statistics: Sendable, Equatable {
        /// Commits whose file lists were read.
        public var treesRead = 0
        /// Source files parsed with swift-syntax.
        public var filesParsed = 0
        /// Their size in UTF-8 bytes, and how much of it an incremental parse took over from the file's earlier
        /// version (a release changes a few lines of a file; the rest of its tree is reused). A text read again under
        /// another build context reuses its whole tree and counts as reused in full.
        public var bytesParsed = 0
        public var bytesReused = 0
        /// Source files whose surface came from the persistent cache instead.
        public var filesFromDiskCache = 0
        /// Diffs that came whole from the persistent cache (no tree listed, no surface combined).
        public var diffsFromDiskCache = 0
        /// Commits and file versions held right now.
        public var cachedCommits = 0
        public var cachedFileVersions = 0
    }

    /// A reader of `config`'s components; `manifests` (default: a store of its own) reads their manifests, and
    /// with `persistentCache` parsed files are kept in `<workspace>/.lockstep/cache/api-surfaces/` across runs.
    public init(config: WorkspaceConfig, manifests: ManifestStore? = nil, persistentCache: Bool = true) {
        self.config = config
        self.manifests = manifests ?? ManifestStore(config: config)
        self.diskCache = persistentCache ? APISurfaceCache(workspace: config.root) : nil
        self.objc = ObjCReader(config: config)
        self.repositories = RepositoryPool(config: config)
        self.identities = Self.identities(of: config)
    }

    /// Work done and entries cached so far.
    public var statistics: Statistics {
        lock.withLock {
            var result = counts
            result.cachedCommits = commitCache.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
            result.cachedFileVersions = fileCache.values.reduce(0) { $0 + $1.count }
            return result
        }
    }

    /// The public surface of the component's API files at `commit`, with a `library`/`module` declaration per
    /// library product and module when the manifest names them.
    ///
    /// Each file is parsed once per blob (unchanged files are shared between releases); the cross-file pass
    /// (extensions of non-public types) runs on the whole set.
    public func surface(of component: Component, at commit: ObjectID) throws -> APISurface {
        let revision = try self.revision(of: component, at: commit)
        var surface = revision.set.combined(context: revision.context)
        for (key, declaration) in revision.layout?.declarations(manifestFile: manifestLabel(component)) ?? [:] {
            surface.declarations[key] = declaration
        }
        return surface
    }

    /// The API changes between two commits of a component; only the files that differ are compared in full
    /// (see `APIDiff(old:new:shared:)`), so a release costs what it changed, not the component's size.
    ///
    /// A diff computed once is remembered in the persistent cache under both commits (whose trees and
    /// manifests decide it), the component's path and kind, and the Swift version.
    ///
    /// When both manifests name library products, a product or module removed or renamed is a change too;
    /// when one revision has none readable, only the sources are compared (its layout is unknown, not empty).
    ///
    /// `lane` lets several threads walk different stretches of one component's history at once (LS203 splits a
    /// long history so that one big component does not keep one core busy while the others idle): each lane keeps
    /// its own recent commits and file versions, so the lanes do not evict what the others are about to reuse.
    /// The diff is the same in every lane; when the component is saved, the highest lane's files are written
    /// (lanes are numbered in history order, so it holds the newest releases).
    public func diff(of component: Component, from old: ObjectID, to new: ObjectID, lane: Int = 0) throws -> APIDiff {
        // Which manifest file each side reads (a Package@swift-X.Y.swift for the running toolchain, a podspec named
        // like the component) is found from the root trees' names: a warm check reads and parses no manifest.
        let key = diskCache.map { _ in
            let files = [manifestFileName(of: component, at: old), manifestFileName(of: component, at: new)]
            return APISurfaceCache.diffKey(
                component: component, from: old, to: new, swiftVersion: swiftVersion,
                manifestFiles: files == ["Package.swift", "Package.swift"] ? nil : files.joined(separator: " "),
                toolsVersion: config.swiftToolsVersion,
                dependencyNames: Self.fingerprint(dependencyNames(of: component)))
        }
        if let key, let stored = diskCache?.diff(key: key, in: component.path) {
            lock.withLock { counts.diffsFromDiskCache += 1 }
            return stored
        }
        let diff = try computeDiff(of: component, from: old, to: new, lane: lane)
        if let key { diskCache?.store(diff, key: key, in: component.path) }
        return diff
    }

    /// The manifest file SwiftPM (or CocoaPods) reads at `commit` (`SnapshotLoader.manifestFileName`), chosen from the
    /// root tree's names without reading the manifest; remembered per commit. A commit whose tree has a Package.swift
    /// and no `Package@swift-X.Y.swift` (most) reads Package.swift whatever the toolchain: the persistent cache
    /// remembers that, so a warm check reads no tree.
    private func manifestFileName(of component: Component, at commit: ObjectID) -> String {
        let key = component.name + "@" + commit.hex
        if let known = lock.withLock({ manifestNames[key] }) { return known }
        let name: String
        if component.manifest == nil, diskCache?.hasPlainManifest(commit, in: component.path) == true {
            name = ManifestSelection.regular
        } else {
            name =
                (try? repositories.use(component.path, name: component.name) { repository in
                    let names = component.manifest == nil ? try repository.rootNames(at: commit) : nil
                    if let names, names.contains(ManifestSelection.regular),
                        ManifestSelection.versionSpecific(in: names).isEmpty
                    {
                        diskCache?.storePlainManifest(commit, in: component.path)
                    }
                    return try SnapshotLoader.manifestFileName(
                        repository, at: commit, config: config, component: component, rootNames: names)
                }) ?? ManifestSelection.regular
        }
        lock.withLock { manifestNames[key] = name }
        return name
    }

    /// The commit two revisions of the component were both made from, when `a` is not in `b`'s history (nil when it
    /// is, or when they share no history).
    /// Remembered in the cache: a warm `check` walks no history for it.
    public func forkPoint(of a: ObjectID, and b: ObjectID, in component: Component) throws -> ObjectID? {
        if let known = diskCache?.forkPoint(of: a, and: b, in: component.path) { return known }
        let repository = try repositories.take(component.path, name: component.name)
        defer { repositories.putBack(repository, component.path) }
        let base = try repository.contains(a, in: b) ? nil : try repository.mergeBase(a, b)
        diskCache?.storeForkPoint(base, of: a, and: b, in: component.path)
        return base
    }

    private func computeDiff(of component: Component, from old: ObjectID, to new: ObjectID, lane: Int) throws
        -> APIDiff
    {
        let before = try revision(of: component, at: old, lane: lane)
        let after = try revision(of: component, at: new, lane: lane)
        // A file read with another context (platforms, modules it names) may differ though its blob does not:
        // `FileVersion` carries the part of the context the file depends on.
        let unchanged = Set(before.files.map(\.file)).intersection(after.files.map(\.file))
        // Availability is judged against what the old release's clients had to build for: its manifest's
        // minimums (a release dropping them for `@available` on each declaration, as swift-distributed-tracing
        // 1.0.1 did, restricts none of them).
        var context = after.context
        context.minimumVersions = before.context.minimumVersions
        var diff = APIDiff(
            old: before.files.filter { !unchanged.contains($0.file) }.map(\.part),
            new: after.files.filter { !unchanged.contains($0.file) }.map(\.part),
            shared: before.files.filter { unchanged.contains($0.file) }.map(\.part),
            context: context, oldSet: before.set, newSet: after.set)
        if let oldLayout = before.layout, let newLayout = after.layout, oldLayout != newLayout {
            let label = manifestLabel(component)
            let modules = APIDiff(
                old: APISurface(declarations: oldLayout.declarations(manifestFile: label)),
                new: APISurface(declarations: newLayout.declarations(manifestFile: label)),
                context: after.context)
            diff.changes = (diff.changes + modules.changes).sorted {
                ($0.key, $0.kind.rawValue) < ($1.key, $1.kind.rawValue)
            }
            diff.impact = max(diff.impact, modules.impact)
        }
        // Objective-C headers: the same change model, so the level is the highest of both (SPEC §7).
        if let headers = try objc.diff(
            of: component, from: old, oldFolders: before.layout?.modules.flatMap(\.folders) ?? [],
            to: new, newFolders: after.layout?.modules.flatMap(\.folders) ?? [],
            addedRequirementImpact: after.context.addedRequirementImpact)
        {
            diff.changes = (diff.changes + headers.changes).sorted {
                ($0.key, $0.kind.rawValue) < ($1.key, $1.kind.rawValue)
            }
            diff.impact = max(diff.impact, headers.impact)
        }
        return diff
    }

    private func manifestLabel(_ component: Component) -> String { "\(component.path)/Package.swift" }

    /// The running toolchain's Swift version, found once per reader and only when a diff needs it.
    private var swiftVersion: [Int] {
        versionLock.withLock {
            if let swiftVersionMemo { return swiftVersionMemo }
            let version =
                (diskCache?.swiftVersion() ?? Toolchain.swiftVersion(in: Toolchain.versionLine))
                ?? APIContext.default.swiftVersion
            swiftVersionMemo = version
            return version
        }
    }

    /// The component's API files at `commit`, parsed (from the caches when they have it).
    private func revision(of component: Component, at commit: ObjectID, lane: Int = 0) throws -> Revision {
        if let cached = lock.withLock({ () -> Revision? in
            guard var recent = commitCache[component.name]?[lane],
                let index = recent.firstIndex(where: { $0.commit == commit })
            else { return nil }
            let hit = recent.remove(at: index)
            recent.append(hit)
            commitCache[component.name, default: [:]][lane] = recent
            return hit.revision
        }) {
            return cached
        }
        let repository = try repositories.take(component.path, name: component.name)
        defer { repositories.putBack(repository, component.path) }
        // An unreadable or missing manifest is LS103's to report; here it only means the layout is unknown.
        let manifest = try? manifests.manifest(of: component, at: commit)
        var layout = manifest.flatMap(APILayout.init(manifest:))
        var listed: [TreeFile] = []
        var seen = Set<String>()
        /// Each listed file's module, by path.
        var moduleOf: [String: String] = [:]
        if let modules = layout?.modules {
            for module in modules {
                let found = try Self.swiftFiles(of: module, repository, at: commit).filter {
                    seen.insert($0.path).inserted
                }
                if !module.selectsFiles { for file in found { moduleOf[file.path] = module.name } }
                listed += found
            }
            // No module's folder found (paths the manifest computes): the layout is not what SwiftPM sees.
            if listed.isEmpty { layout = nil }
        }
        if layout == nil { listed = try Self.fallbackFiles(repository, at: commit, manifest: manifest) }
        let context = APIContext(component: component, manifest: manifest, swiftVersion: swiftVersion)
        var files = try parts(of: listed, of: component, in: repository, at: commit, context: context, lane: lane)
        // A module of this package that a product module re-exports (`@_exported import KitCore`) is API too: its
        // declarations are what clients of the product see (a type moved there is no removal).
        if var current = layout, let manifest {
            var extra = current.reexported(by: files.map(\.part), manifest: manifest)
            while !extra.isEmpty {
                var more: [TreeFile] = []
                for module in extra {
                    let found = try Self.swiftFiles(of: module, repository, at: commit)
                    guard !found.isEmpty else { continue }
                    let new = found.filter { seen.insert($0.path).inserted }
                    if !module.selectsFiles { for file in new { moduleOf[file.path] = module.name } }
                    more += new
                    // Only a module with Swift files joins the layout (its folders are read for headers too).
                    current.modules.append(module)
                }
                let added = try parts(of: more, of: component, in: repository, at: commit, context: context, lane: lane)
                files += added
                extra = current.reexported(by: added.map(\.part), manifest: manifest)
            }
            layout = current
        }
        if layout != nil { Self.unbuildableAsModules(&files, moduleOf: moduleOf) }
        if lane != Self.dependencyLane, case let names = dependencyNames(of: component), !names.isEmpty {
            // Both revisions hold the same names, so a diff reads them as a file both share.
            let version = FileVersion(
                path: DependencyNames.path, blob: Self.noBlob, context: Self.fingerprint(names) ?? "")
            files.append((version, names.surface(for: context)))
        }
        let revision = Revision(files: files, set: APIFileSet(files.map(\.part)), layout: layout, context: context)
        lock.withLock {
            counts.treesRead += 1
            var recent = commitCache[component.name]?[lane] ?? []
            recent.append((commit, revision))
            if recent.count > Self.commitsPerComponent { recent.removeFirst() }
            commitCache[component.name, default: [:]][lane] = recent
        }
        return revision
    }

    /// The top-level typealiases of the workspace components `component` depends on (`DependencyNames`): its
    /// manifest at HEAD names them, each is read at its own HEAD. Found once per run; remembered in the persistent
    /// cache under the component's HEAD with the commits the dependencies were at, so a warm run reads no manifest
    /// and parses nothing while no HEAD moved. None when HEAD is unborn or nothing can be read (the names only
    /// spare verdicts a respelling; without them a respelling reads as a change).
    func dependencyNames(of component: Component) -> DependencyNames {
        if let known = lock.withLock({ dependencyNamesMemo[component.name] }) { return known }
        let names = (try? readDependencyNames(of: component)) ?? DependencyNames(files: [])
        lock.withLock { dependencyNamesMemo[component.name] = names }
        return names
    }

    private func readDependencyNames(of component: Component) throws -> DependencyNames {
        guard let head = try headCommit(of: component) else { return DependencyNames(files: []) }
        // Still valid while lockstep.yml matches manifests to the same components (a component added, renamed or
        // given an alias could make one of the manifest's dependencies a component) and no dependency's HEAD moved
        // (an unborn one included).
        let identities = self.identities + " swift " + swiftVersion.map(String.init).joined(separator: ".")
        if let stored = diskCache?.dependencyNames(head: head, in: component.path), stored.identities == identities,
            try stored.sources.allSatisfy({ source in
                guard let dependency = config.component(named: source.name) else { return false }
                return try headCommit(of: dependency) == source.commit
            }),
            let names = DependencyNames(text: stored.text)
        {
            return names
        }
        let named = (try manifests.readableDependencies(of: component, at: head) ?? []).compactMap(\.component)
        var files: [APIFileSurface] = []
        var sources: [(name: String, commit: ObjectID?)] = []
        for name in Set(named).subtracting([component.name]).sorted() {
            guard let dependency = config.component(named: name) else { continue }
            let commit = try headCommit(of: dependency)
            if let commit { files += try aliasFiles(of: dependency, at: commit) }
            sources.append((name, commit))
        }
        let names = DependencyNames(files: files)
        diskCache?.storeDependencyNames(
            names.text, identities: identities, sources: sources, head: head, in: component.path)
        return names
    }

    /// A digest of what matches a manifest's dependencies to workspace components (each component's name, `url:` and
    /// `aliases:`, and the `remote` patterns), which remembered dependency names are valid for.
    /// Also what a dependency is read with: each component's `platforms:` and `manifest:`, lockstep.yml's
    /// `swift-tools-version:` (the Swift version is added where the digest is compared).
    private static func identities(of config: WorkspaceConfig) -> String {
        let lines =
            config.components.map {
                [
                    $0.name, $0.url ?? "", $0.aliases.joined(separator: ","),
                    $0.platforms?.joined(separator: ",") ?? "-", $0.manifest ?? "-",
                ].joined(separator: "\t")
            }
            + config.remotes + [config.swiftToolsVersion.map { $0.map(String.init).joined(separator: ".") } ?? "-"]
        return SHA256.hex(Data(lines.joined(separator: "\n").utf8))
    }

    /// The commit the component's HEAD is at; nil when its branch is unborn.
    private func headCommit(of component: Component) throws -> ObjectID? {
        try repositories.use(component.path, name: component.name) { try $0.head().commit }
    }

    /// The surfaces of the component's API files at `commit` that may declare a top-level public typealias
    /// (`mayDeclareTopLevelAlias`: most files do not, and are not parsed for this), read with the component's own
    /// context.
    private func aliasFiles(of component: Component, at commit: ObjectID) throws -> [APIFileSurface] {
        let key = component.name + "@" + commit.hex
        if let known = lock.withLock({ aliasFilesMemo[key] }) { return known }
        let repository = try repositories.take(component.path, name: component.name)
        defer { repositories.putBack(repository, component.path) }
        let manifest = try? manifests.manifest(of: component, at: commit)
        var listed: [TreeFile] = []
        var seen = Set<String>()
        for module in manifest.flatMap(APILayout.init(manifest:))?.modules ?? [] {
            listed += try Self.swiftFiles(of: module, repository, at: commit).filter { seen.insert($0.path).inserted }
        }
        if listed.isEmpty { listed = try Self.fallbackFiles(repository, at: commit, manifest: manifest) }
        let declaring = try listed.filter { file in Self.mayDeclareTopLevelAlias(try repository.readBlob(file.blob)) }
        let context = APIContext(component: component, manifest: manifest, swiftVersion: swiftVersion)
        let parts = try parts(
            of: declaring, of: component, in: repository, at: commit, context: context, lane: Self.dependencyLane
        ).map(\.part)
        lock.withLock { aliasFilesMemo[key] = parts }
        return parts
    }

    /// Whether a file may declare a top-level public typealias: a line that starts (after at most two spaces, as
    /// inside an `#if` in a two-space style) with `public typealias`, attributes before it allowed. Most files of a
    /// package declare none (17 of swift-nio's 309, 130 of which contain `typealias` somewhere), and only these are
    /// parsed; one indented deeper is not seen (its alias is then not followed: a respelling through it reads as a
    /// change).
    static func mayDeclareTopLevelAlias(_ text: Data) -> Bool {
        let needle = Array("public typealias ".utf8)
        return text.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            guard bytes.count >= needle.count else { return false }
            var index = 0
            var start = 0  // where the line being scanned starts
            while index <= bytes.count - needle.count {
                if bytes[index] == UInt8(ascii: "\n") { start = index + 1 }
                guard bytes[index] == needle[0], zip(needle.indices, needle).allSatisfy({ bytes[index + $0] == $1 })
                else {
                    index += 1
                    continue
                }
                // The line it is on: at most two spaces before it, or an attribute the line starts with.
                var first = start
                while first < index, bytes[first] == UInt8(ascii: " ") { first += 1 }
                if first - start <= 2, first == index || bytes[first] == UInt8(ascii: "@") { return true }
                index += needle.count
            }
            return false
        }
    }

    /// A short fingerprint of `names` for keys; nil when there are none (keys are then what they were without).
    private static func fingerprint(_ names: DependencyNames) -> String? {
        names.isEmpty ? nil : SHA256.hex(Data(names.text.utf8))
    }

    /// The blob id of a file that is not in the repository (the dependencies' names).
    private static let noBlob = ObjectID(hex: String(repeating: "0", count: 40))!

    /// Each module's files made unbuildable wherever one of them is (`APIFileSurface.unbuildableAsModule`); a file of
    /// such a module is shared with another revision only when its module's mask is the same there.
    private static func unbuildableAsModules(_ files: inout CommitFiles, moduleOf: [String: String]) {
        var byModule: [String: [Int]] = [:]
        for (index, file) in files.enumerated() {
            if let module = moduleOf[file.file.path] { byModule[module, default: []].append(index) }
        }
        for indices in byModule.values {
            var parts = indices.map { files[$0].part }
            let bits = APIFileSurface.unbuildableAsModule(&parts)
            guard bits != 0 else { continue }
            for (index, part) in zip(indices, parts) {
                files[index].part = part
                files[index].file.context += " module-unbuildable=\(bits)"
            }
        }
    }

    /// The listed files of one revision, parsed: from this run's memory, the persistent cache, or swift-syntax.
    private func parts(
        of listed: [TreeFile], of component: Component, in repository: Repository, at commit: ObjectID,
        context: APIContext, lane: Int
    ) throws -> CommitFiles {
        // A file seen before under this context (most files of a release are its predecessor's) needs neither its
        // blob read nor its text scanned for the part of the context it reads: both are remembered per blob.
        let known = lock.withLock { () -> [Relevance?] in
            let memo = relevance[component.name]?[context]
            return listed.map { memo?[$0.blob] }
        }
        var found = [(file: FileVersion, part: APIFileSurface)?](repeating: nil, count: listed.count)
        for (index, file) in listed.enumerated() {
            guard let relevance = known[index] else { continue }
            let label = Self.fileCacheKey("\(component.path)/\(file.path)", lane: lane)
            if let cached = lock.withLock({
                fileCache[label]?.last(where: { $0.blob == file.blob && $0.context == relevance.fingerprint })?.part
            }) {
                found[index] = (FileVersion(path: file.path, blob: file.blob, context: relevance.fingerprint), cached)
            }
        }
        // The other blobs are read on this thread (one repository handle), then parsed on all cores: a big component
        // (swift-collections has hundreds of files per release) otherwise kept one core busy while the other idled.
        let missing = listed.indices.filter { found[$0] == nil }
        let texts = try missing.map { String(decoding: try repository.readBlob(listed[$0].blob), as: UTF8.self) }
        let work = zip(missing, texts).map { (file: listed[$0], known: known[$0], text: $1) }
        let read = try parallelMap(work) {
            file, known, text -> (file: FileVersion, part: APIFileSurface, relevance: Relevance) in
            let label = "\(component.path)/\(file.path)"
            let cacheKey = Self.fileCacheKey(label, lane: lane)
            let relevance =
                known
                ?? {
                    let relevant = context.relevant(to: text);
                    return Relevance(context: relevant, fingerprint: relevant.fingerprint)
                }()
            let fingerprint = relevance.fingerprint
            let version = FileVersion(path: file.path, blob: file.blob, context: fingerprint)
            if let cached = self.lock.withLock({
                self.fileCache[cacheKey]?.last(where: { $0.blob == file.blob && $0.context == fingerprint })?.part
            }) {
                return (version, cached, relevance)
            }
            let part: APIFileSurface
            if let stored = self.diskCache?.surface(
                blob: file.blob, label: label, context: fingerprint, in: component.path)
            {
                part = stored
                self.lock.withLock { self.counts.filesFromDiskCache += 1 }
            } else {
                // Parsed after this lane's last full parse of the same path (an earlier release's version).
                let base = self.lock.withLock { self.parses.take(cacheKey) }
                let next: ParsedText, reused: Int
                do {
                    (part, next, reused) = try APIFileSurface.read(
                        from: SourceFile(path: label, text: text), context: relevance.context, after: base)
                } catch let error as SourceFileError {
                    throw WorkspaceError("\(component.name): cannot read the public API at \(commit.short): \(error)")
                }
                let evicted = self.lock.withLock {
                    self.counts.filesParsed += 1
                    self.counts.bytesParsed += text.utf8.count
                    self.counts.bytesReused += reused
                    self.unsaved[component.name, default: []].insert(Self.unsavedKey(file.blob, label, fingerprint))
                    return self.parses.keep(next, for: cacheKey)
                }
                _ = evicted  // trees freed here, outside the lock
            }
            self.lock.withLock {
                var recent = self.fileCache[cacheKey] ?? []
                recent.append((file.blob, fingerprint, part))
                if recent.count > Self.versionsPerFile { recent.removeFirst() }
                self.fileCache[cacheKey] = recent
            }
            return (version, part, relevance)
        }
        lock.withLock {
            for (index, item) in zip(missing, read) {
                relevance[component.name, default: [:]][context, default: [:]][listed[index].blob] = item.relevance
            }
        }
        for (index, item) in zip(missing, read) { found[index] = (item.file, item.part) }
        return found.map { $0! }
    }

    /// The key of a file's recent versions in `fileCache`: its label, and the lane after it for lanes after the
    /// first (so that `forget` finds every lane's entries by the component's path).
    private static func fileCacheKey(_ label: String, lane: Int) -> String {
        lane == 0 ? label : label + "\u{0}\(lane)"
    }

    /// The API files when the manifest names no library product literally (it computes them): the sources of the
    /// targets it declares under `Sources/` (of every folder there when it declares none it can find), but not those
    /// of modules named `_X` or `InternalX`, by convention implementation modules (swift-collections'
    /// `_CollectionsUtilities`, renamed `InternalCollectionsUtilities` in 1.2). A folder whose target is commented
    /// out is no module.
    static func fallbackFiles(_ repository: Repository, at commit: ObjectID, manifest: Manifest?) throws -> [TreeFile] {
        func isInternal(_ module: some StringProtocol) -> Bool { module.hasPrefix("_") || module.hasPrefix("Internal") }
        let all = try swiftFiles(repository, at: commit, under: "Sources").filter { file in
            let module = file.path.dropFirst("Sources/".count).prefix { $0 != "/" }
            return !isInternal(module)
        }
        var listed: [TreeFile] = []
        var taken = Set<String>()
        for target in (manifest?.targets ?? []) where target.kind == .regular && !isInternal(target.name) {
            let folders = target.path.map { [APILayout.trimmed($0)] } ?? target.defaultFolders
            guard let folder = folders.first(where: { folder in all.contains { $0.path.hasPrefix(folder + "/") } })
            else { continue }
            listed += all.filter { $0.path.hasPrefix(folder + "/") && taken.insert($0.path).inserted }
        }
        return listed.isEmpty ? all : listed
    }

    /// A module's Swift files: those of the first of its candidate folders that has any (SwiftPM's
    /// `Sources/NAME` or `Source/NAME`, or the manifest's `path:`); none when no folder has one.
    private static func swiftFiles(of module: APILayout.Module, _ repository: Repository, at commit: ObjectID) throws
        -> [TreeFile]
    {
        for folder in module.folders {
            let files = try swiftFiles(repository, at: commit, under: folder)
            if !files.isEmpty { return files }
        }
        return []
    }

    /// The `.swift` files under `folder` at `commit`, links left out.
    private static func swiftFiles(_ repository: Repository, at commit: ObjectID, under folder: String) throws
        -> [TreeFile]
    {
        try repository.listFiles(at: commit, under: folder).filter { $0.path.hasSuffix(".swift") && !$0.isSymlink }
    }

    /// Writes to the persistent cache the files parsed this run of the component's most recent revisions (those of
    /// its highest lane: the newest releases), and the diffs computed (in the component's verdict pack).
    ///
    /// Only those files: older releases' diffs are remembered whole, and the next diff to compute starts at the
    /// newest release. Writing every parsed file instead doubled a cold `check` (one file created per entry).
    public func save(_ component: Component) {
        guard let diskCache else { return }
        let (revisions, pending) = lock.withLock { () -> ([Revision], Set<String>) in
            let pending = unsaved[component.name] ?? []
            unsaved[component.name] = nil
            let lanes = commitCache[component.name] ?? [:]
            return (lanes.keys.max().flatMap { lanes[$0] }?.map(\.revision) ?? [], pending)
        }
        var written = Set<String>()
        for revision in revisions where !pending.isEmpty {
            for (file, part) in revision.files {
                let key = Self.unsavedKey(file.blob, part.path, file.context)
                guard pending.contains(key), written.insert(key).inserted else { continue }
                diskCache.store(part, blob: file.blob, label: part.path, context: file.context, in: component.path)
            }
        }
        diskCache.flush(component.path)
    }

    private static func unsavedKey(_ blob: ObjectID, _ label: String, _ fingerprint: String) -> String {
        "\(blob.hex) \(label) \(fingerprint)"
    }

    /// Saves what is left to save (`diff` and `bump` read a component and end without `forget`).
    deinit {
        guard diskCache != nil else { return }
        let names = Set(unsaved.keys)
        for name in names {
            if let component = config.components.first(where: { $0.name == name }) { save(component) }
        }
        diskCache?.flushAll()
    }

    /// Drops what was cached for `component` (a finished component's files are not needed again).
    public func forget(_ component: Component) {
        save(component)
        let filePrefix = component.path + "/"
        lock.withLock {
            commitCache[component.name] = nil
            relevance[component.name] = nil
            fileCache = fileCache.filter { !$0.key.hasPrefix(filePrefix) }
            parses.drop { $0.hasPrefix(filePrefix) }
        }
    }

    /// Drops what one finished lane of `component` cached, but for the highest lane, whose files `save` writes;
    /// `forget(_:)` drops the rest when the component is done.
    public func forget(_ component: Component, lane: Int) {
        let filePrefix = component.path + "/"
        func ofThisLane(_ key: String) -> Bool {
            guard key.hasPrefix(filePrefix) else { return false }
            let suffix = key.lastIndex(of: "\u{0}").map { Int(key[key.index(after: $0)...]) } ?? 0
            return suffix == lane
        }
        lock.withLock {
            // No lane parses again once done; the highest keeps its files for `save`, not its trees.
            parses.drop(where: ofThisLane)
            guard var lanes = commitCache[component.name], lane != lanes.keys.max() else { return }
            lanes[lane] = nil
            commitCache[component.name] = lanes
            fileCache = fileCache.filter { !ofThisLane($0.key) }
        }
    }
}

extension APIDiff {
    /// The least bump level these changes require (SPEC §2).
    public var requiredLevel: BumpLevel {
        switch impact {
        case .none: return .patch
        case .additive: return .minor
        case .breaking: return .breaking
        }
    }

    /// The changes that require `level` (the declarations behind it).
    public func changes(requiring level: BumpLevel) -> [APIChange] {
        switch level {
        case .patch: return []
        case .minor: return changes.filter { $0.impact == .additive }
        case .breaking: return changes.filter { $0.impact == .breaking }
        }
    }

    /// One line naming what drives the level, e.g. "breaking: removed protocol requirement `func X.y()` (+2 more)".
    public var levelReason: String {
        let level = requiredLevel
        let drivers = changes(requiring: level)
        guard let first = drivers.first else { return "patch: internal changes only" }
        let more = drivers.count > 1 ? " (+\(drivers.count - 1) more)" : ""
        return "\(level): \(first.summary)\(more)"
    }
}

/// The parses `APIReader` keeps for incremental parsing, by file label, within a budget of text bytes: beyond it, the
/// least recently kept go (down to three quarters of the budget, so that a full store does not scan at every file).
private struct ParseStore {
    let budget: Int
    private var entries: [String: (parsed: ParsedText, stamp: Int)] = [:]
    private var bytes = 0
    private var clock = 0

    init(budget: Int) { self.budget = budget }

    /// The parse kept for `key`, removed: the caller parses after it and keeps the new one.
    mutating func take(_ key: String) -> ParsedText? {
        guard let entry = entries.removeValue(forKey: key) else { return nil }
        bytes -= entry.parsed.count
        return entry.parsed
    }

    /// Keeps `parsed` for `key`; returns the parses that made room for it (for the caller to free unlocked).
    mutating func keep(_ parsed: ParsedText, for key: String) -> [ParsedText] {
        clock += 1
        var evicted: [ParsedText] = []
        if let old = entries.updateValue((parsed, clock), forKey: key) {
            bytes -= old.parsed.count
            evicted.append(old.parsed)
        }
        bytes += parsed.count
        guard bytes > budget else { return evicted }
        for (key, entry) in entries.sorted(by: { $0.value.stamp < $1.value.stamp }) where bytes > budget * 3 / 4 {
            entries[key] = nil
            bytes -= entry.parsed.count
            evicted.append(entry.parsed)
        }
        return evicted
    }

    mutating func drop(where shouldDrop: (String) -> Bool) {
        for key in entries.keys where shouldDrop(key) { bytes -= entries.removeValue(forKey: key)!.parsed.count }
    }
}
