import Foundation
import LockstepAPI
import LockstepGit

/// Parsed per-file API surfaces kept across runs in `<workspace>/.lockstep/cache/api-surfaces/`, one entry per
/// (blob, file label, API context, format), so a second `check` parses nothing it has parsed before; and
/// the diffs between two commits, so it does not even list their trees or combine their surfaces again.
///
/// A component's entries live in two pack files (`<hash of its path>.pack` for its file surfaces, another for its
/// verdicts: `verdicts(of:)`), each read once when first asked for and written once when the component is done
/// (`flush`): creating one file per entry (thousands on a cold run) cost a fifth of a cold `check` in the kernel
/// alone.
///
/// The cache can only save time, never change a result or fail a command: a pack whose header is not exactly
/// this format's and build's is ignored and replaced; an entry is found only under its full key text, and
/// reading stops at the first entry whose framing is broken (a truncated pack keeps what precedes it); an entry
/// whose checksum does not match its bytes, or that does not decode, is ignored and rewritten. A folder that is a
/// link or not a folder disables the cache (lockstep never writes through a link); a write that fails (read-only
/// workspace, full disk) is dropped.
/// Writes go to a temporary file renamed into place, so a reader never sees half a pack; a pack is merged
/// with what is on disk right before it is written, so concurrent runs at worst lose each other's newest
/// entries (which the next run computes again).
final class APISurfaceCache: @unchecked Sendable {
    /// Bump whenever what `APIFileSurface.read` extracts, how `APIDiff` or `APIReader` judge a change, or the
    /// entries' encoding changes: entries of another format are then ignored (diffs are cached whole). Entries written
    /// by another build of lockstep are ignored too (see `buildIdentity`). 7: bodies in `CompactCoding`'s binary
    /// form instead of JSON (JSON encoding was a tenth of a cold `check`). 8: Objective-C adoptions before an
    /// instance-variable block read, and the API diff's widening judgements. 9: the typed declaration model and
    /// re-exported modules. 10: `extension Box<Int>` read as `where`. 11: `_`-types a public typealias names
    /// collected (`CollectedDeclaration.underscoredOwner`, a new field of the encoding), types made generic judged.
    /// 12: the platforms where a file imports an SDK module they lack (`APIFileSurface.unbuildable`). 13: generic
    /// typealiases and protocols' primary associated types (`APIFileSurface.genericAliases`,
    /// `.primaryAssociatedTypes`), `Swift.`-qualified names marked. 14: a release's diff judged on the whole sets
    /// when the touched keys alone find a break or a lowered verdict. 15: unchanged declarations whose key the
    /// cross-file pass renames (`extension Alias`, a conformance through a typealias) compared under the finished key.
    /// 16: a component's verdicts in a pack of their own (`verdicts(of:)`); the file set combined in path order.
    /// 17: an added requirement's default judged as a witness (`WitnessJudgement`). 18: a checksum per entry.
    /// 19: an extension's global actor written on its members. 20: a module unbuildable wherever one of its files is.
    /// 21: protocol aliases, inherited isolation and standard protocols' members in the diff. 22: dependencies'
    /// typealiases (`DependencyNames`), result builders on declarations, overloads loosened together.
    static let formatVersion = 22
    static let folderName = ".lockstep/cache/api-surfaces"

    let folder: URL
    private let usable: Bool
    private let lock = NSLock()
    private var folderReady = false

    private let workspace: URL
    /// Per pack (a component's path): the entries read from its file (nil until asked for), and those to write.
    private var packs: [String: Pack] = [:]

    private struct Pack {
        var stored: [String: Data]?
        var pending: [String: Data] = [:]
    }

    init(workspace: URL) {
        self.workspace = workspace
        folder = workspace.appendingPathComponent(Self.folderName)
        usable = Self.noLinks(from: workspace, through: Self.folderName)
    }

    /// The key text an entry starts with; its hash names the entry's file.
    static func key(blob: ObjectID, label: String, context: String) -> String {
        """
        lockstep api-surface format \(formatVersion)\nbuild \(buildIdentity)\nblob \(blob.hex)\nlabel \
        \(label)\ncontext \(context)\n\n
        """
    }

    /// The executable's size and modification time: a rebuilt lockstep may extract differently even when
    /// nobody remembered to bump `formatVersion`.
    static let buildIdentity: String = {
        guard let path = Bundle.main.executablePath,
            let info = try? FileManager.default.attributesOfItem(atPath: path),
            let size = info[.size] as? NSNumber, let date = info[.modificationDate] as? Date
        else { return "unknown" }
        return "\(size) \(date.timeIntervalSince1970)"
    }()

    /// The cached surface, nil when absent, unreadable or not exactly this key's.
    func surface(blob: ObjectID, label: String, context: String, in pack: String) -> APIFileSurface? {
        guard let body = entry(Self.key(blob: blob, label: label, context: context), in: pack) else { return nil }
        return APIFileSurface(compact: [UInt8](body))
    }

    /// Remembers a surface until the pack is flushed; failures are ignored (the next run parses again).
    func store(_ surface: APIFileSurface, blob: ObjectID, label: String, context: String, in pack: String) {
        guard usable else { return }
        add(Data(surface.compactEncoded), key: Self.key(blob: blob, label: label, context: context), in: pack)
    }

    /// The key of a diff between two commits: everything it reads follows from the commits (trees and
    /// manifests), the component's path (in file labels) and kind, and the Swift version; and the manifest files
    /// read when one is not `Package.swift` (a `Package@swift-X.Y.swift`, which one depending on the running
    /// toolchain; a podspec, which one depending on the component's name); and lockstep.yml's `swift-tools-version:`
    /// when it sets one (it decides a manifest's `#if swift`); and the component's `platforms:` and `manifest:`
    /// from lockstep.yml when it sets them.
    static func diffKey(
        component: Component, from old: ObjectID, to new: ObjectID, swiftVersion: [Int], manifestFiles: String? = nil,
        toolsVersion: [Int]? = nil, dependencyNames: String? = nil
    ) -> String {
        """
        lockstep api-diff format \(formatVersion)\nbuild \(buildIdentity)\ncomponent \(component.path) \
        \(component.kind.name)\n
        """
            + "from \(old.hex)\nto \(new.hex)\nswift \(swiftVersion.map(String.init).joined(separator: "."))\n"
            + (manifestFiles.map { "manifests \($0)\n" } ?? "")
            + (toolsVersion.map { "tools \($0.map(String.init).joined(separator: "."))\n" } ?? "")
            + (component.platforms.map { "platforms \($0.joined(separator: ","))\n" } ?? "")
            + (component.manifest.map { "manifest \($0)\n" } ?? "")
            + (dependencyNames.map { "dependency-names \($0)\n" } ?? "") + "\n"
    }

    /// The dependencies' typealiases (`DependencyNames.text`) remembered for the component at commit `head`: the
    /// digest of the workspace identities they were matched with (`APIReader.identities`), each dependency that is a
    /// workspace component with the commit its HEAD was at (nil: unborn), and the text; nil when not remembered.
    func dependencyNames(head: ObjectID, in pack: String)
        -> (identities: String, sources: [(name: String, commit: ObjectID?)], text: String)?
    {
        guard let body = entry(Self.dependencyNamesKey(head), in: Self.verdicts(of: pack)),
            let whole = String(data: body, encoding: .utf8), let split = whole.range(of: "\n\n")
        else { return nil }
        var lines = whole[..<split.lowerBound].split(separator: "\n")
        guard let first = lines.first, first.hasPrefix("identities ") else { return nil }
        lines.removeFirst()
        var sources: [(name: String, commit: ObjectID?)] = []
        for line in lines {
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { return nil }
            if fields[1] == "unborn" {
                sources.append((String(fields[0]), nil))
            } else {
                guard let commit = ObjectID(hex: String(fields[1])) else { return nil }
                sources.append((String(fields[0]), commit))
            }
        }
        return (String(first.dropFirst("identities ".count)), sources, String(whole[split.upperBound...]))
    }

    /// Remembers `dependencyNames(head:in:)`'s answer until the pack is flushed.
    func storeDependencyNames(
        _ text: String, identities: String, sources: [(name: String, commit: ObjectID?)], head: ObjectID,
        in pack: String
    ) {
        guard usable else { return }
        let lines = ["identities " + identities] + sources.map { $0.name + "\t" + ($0.commit?.hex ?? "unborn") }
        add(
            Data((lines.joined(separator: "\n") + "\n\n" + text).utf8), key: Self.dependencyNamesKey(head),
            in: Self.verdicts(of: pack))
    }

    private static func dependencyNamesKey(_ head: ObjectID) -> String {
        "lockstep dependency-names format \(formatVersion)\ncommit \(head.hex)\n\n"
    }

    /// The pack holding the verdicts (diffs and fork points) of the pack `pack`'s component. Apart from its file
    /// surfaces: a warm `check` reads every verdict and no surface, and the surfaces are most of the bytes (on
    /// `ci/bench-check`'s 300-component workspace reading them was a fifth of a warm check).
    static func verdicts(of pack: String) -> String { "verdicts of " + pack }

    /// A diff remembered under `key` for the component of pack `pack`, nil when absent or not exactly this key's.
    func diff(key: String, in pack: String) -> APIDiff? {
        guard let body = entry(key, in: Self.verdicts(of: pack)), let changes = APIChange.decodeCompact([UInt8](body))
        else { return nil }
        return APIDiff(sortedChanges: changes)
    }

    /// Remembers a diff's changes under `key` until the pack is flushed; failures are ignored.
    func store(_ diff: APIDiff, key: String, in pack: String) {
        guard usable else { return }
        add(Data(APIChange.compactEncoded(diff.changes)), key: key, in: Self.verdicts(of: pack))
    }

    /// Where two commits forked (`APIReader.forkPoint`), remembered: commits never change, so neither does the answer.
    /// `.some(nil)`: the first is in the second's history. Nil when not remembered.
    func forkPoint(of a: ObjectID, and b: ObjectID, in pack: String) -> ObjectID?? {
        guard let body = entry(Self.forkKey(a, b), in: Self.verdicts(of: pack)),
            let text = String(data: body, encoding: .utf8)
        else {
            return nil
        }
        if text == "in-history" { return .some(nil) }
        return ObjectID(hex: text).map { .some($0) }
    }

    /// Remembers `forkPoint(of:and:)`'s answer until the pack is flushed.
    func storeForkPoint(_ base: ObjectID?, of a: ObjectID, and b: ObjectID, in pack: String) {
        guard usable else { return }
        add(Data((base?.hex ?? "in-history").utf8), key: Self.forkKey(a, b), in: Self.verdicts(of: pack))
    }

    /// Whether `commit`'s root tree was found to hold a Package.swift and no `Package@swift-X.Y.swift` (so that
    /// Package.swift is its manifest whatever the toolchain). A tree never changes, and neither does the answer.
    func hasPlainManifest(_ commit: ObjectID, in pack: String) -> Bool {
        entry(Self.plainManifestKey(commit), in: Self.verdicts(of: pack)) != nil
    }

    /// Remembers that `commit`'s root tree holds a Package.swift and no version-specific manifest.
    func storePlainManifest(_ commit: ObjectID, in pack: String) {
        guard usable else { return }
        add(Data("1".utf8), key: Self.plainManifestKey(commit), in: Self.verdicts(of: pack))
    }

    private static func plainManifestKey(_ commit: ObjectID) -> String {
        "lockstep plain-manifest format \(formatVersion)\ncommit \(commit.hex)\n\n"
    }

    private static func forkKey(_ a: ObjectID, _ b: ObjectID) -> String {
        "lockstep fork-point format \(formatVersion)\nfrom \(a.hex)\nto \(b.hex)\n\n"
    }

    /// Writes the new entries of the pack and of its verdicts, merged with what their files hold now, and forgets
    /// them (their entries are read again from the files when next asked for). Failures are ignored.
    func flush(_ pack: String) {
        flushOne(pack)
        flushOne(Self.verdicts(of: pack))
    }

    private func flushOne(_ pack: String) {
        guard let pending = lock.withLock({ packs.removeValue(forKey: pack)?.pending }), !pending.isEmpty,
            usable, prepareFolder()
        else { return }
        let url = file(forPack: pack)
        let header = Self.packHeader(pack)
        // Read again: another run may have written the pack since this one first read it.
        var entries = Self.read(url).map { Self.entries(in: $0, header: header) } ?? [:]
        entries.merge(pending) { _, new in new }
        write(Self.packData(header: header, entries: entries), to: url)
    }

    /// A pack's bytes: `header`, then each entry (by key order) as a line `<key bytes> <body bytes> <checksum>`, the
    /// key, the body; the checksum (`checksum(key:body:)`, 16 hex digits) covers the key and the body.
    static func packData(header: Data, entries: [String: Data]) -> Data {
        var data = header
        for key in entries.keys.sorted() {
            let body = entries[key]!
            let keyBytes = Data(key.utf8)
            let sum = String(checksum(key: keyBytes, body: body), radix: 16)
            data.append(
                Data("\(keyBytes.count) \(body.count) \(String(repeating: "0", count: 16 - sum.count))\(sum)\n".utf8))
            data.append(keyBytes)
            data.append(body)
        }
        return data
    }

    /// FNV-1a (64 bits) of `bytes`: an entry whose bytes changed on disk (a flipped bit, a tool rewriting the file)
    /// is told from the one written. Not a defence against someone forging entries, who could as well write the
    /// workspace's sources. Written by hand: Foundation has no checksum on Linux, and a cryptographic hash of the
    /// cold run's 100 MB would cost more than the mistakes it catches.
    static func checksum(_ bytes: UnsafeRawBufferPointer, continuing hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `checksum` of an entry's key and body, as if one run of bytes.
    static func checksum(key: Data, body: Data) -> UInt64 {
        let hash = key.withUnsafeBytes { checksum($0) }
        return body.withUnsafeBytes { checksum($0, continuing: hash) }
    }

    /// Flushes every pack with entries to write.
    func flushAll() {
        for pack in lock.withLock({ Array(packs.keys) }) { flushOne(pack) }
    }

    /// The running toolchain's Swift version (e.g. `[6, 3]`): remembered beside the surfaces while what picks the
    /// toolchain stays the same (`Toolchain.executableIdentity`: the `swift` binary on PATH and what a wrapper there
    /// reads), else asked of `swift --version` once per process; nil when it names none.
    func swiftVersion() -> [Int]? {
        let memo = folder.appendingPathComponent("toolchain")
        let identity = Toolchain.executableIdentity()
        if usable, let identity, let data = Self.read(memo) {
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count >= 2, lines[0] == identity, let version = Toolchain.swiftVersion(in: String(lines[1])) {
                return version
            }
        }
        let line = Toolchain.versionLine
        guard let version = Toolchain.swiftVersion(in: line) else { return nil }
        if usable, let identity, prepareFolder() { write(Data("\(identity)\n\(line)\n".utf8), to: memo) }
        return version
    }

    // MARK: Packs

    /// A pack's first bytes: what it holds entries of (format, build, pack name). A pack not starting with
    /// exactly these is foreign and read as empty.
    static func packHeader(_ pack: String) -> Data {
        Data("lockstep api-pack format \(formatVersion)\nbuild \(buildIdentity)\npack \(pack)\n\n".utf8)
    }

    /// The file holding a pack's entries.
    func file(forPack pack: String) -> URL {
        folder.appendingPathComponent(ObjectID.hash(of: Data("lockstep api-pack\n\(pack)\n".utf8)).hex + ".pack")
    }

    /// A pack's entries by key: after `header`, each is a line `<key bytes> <body bytes> <checksum>`, the key, the
    /// body. Reading stops at the first entry that is not framed so (a truncated or corrupt pack keeps what precedes
    /// it); an entry whose checksum does not match its bytes is left out.
    static func entries(in data: Data, header: Data) -> [String: Data] {
        let bytes = [UInt8](data)
        guard bytes.count >= header.count, bytes[..<header.count].elementsEqual(header) else { return [:] }
        var entries: [String: Data] = [:]
        var offset = header.count
        while offset < bytes.count {
            guard let newline = bytes[offset...].prefix(58).firstIndex(of: 0x0A) else { break }
            let fields = bytes[offset..<newline].split(separator: 0x20, omittingEmptySubsequences: false)
            guard fields.count == 3, let keySize = decimal(fields[0]), let bodySize = decimal(fields[1]), keySize > 0,
                keySize <= bytes.count - newline - 1, bodySize <= bytes.count - newline - 1 - keySize,
                fields[2].count == 16, let sum = UInt64(String(decoding: fields[2], as: UTF8.self), radix: 16)
            else { break }
            let keyStart = newline + 1, bodyStart = keyStart + keySize, end = bodyStart + bodySize
            if bytes[keyStart..<end].withUnsafeBytes({ checksum($0) }) == sum {
                entries[String(decoding: bytes[keyStart..<bodyStart], as: UTF8.self)] = Data(bytes[bodyStart..<end])
            }
            offset = end
        }
        return entries
    }

    /// A non-negative decimal of at most 18 digits, nil for anything else.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= 0x30, digit <= 0x39 else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }

    /// The body stored under exactly `key` in the pack (pending or on disk), reading its file the first time.
    private func entry(_ key: String, in pack: String) -> Data? {
        guard usable else { return nil }
        if let found = lock.withLock({ () -> Data?? in
            guard let state = packs[pack], let stored = state.stored else { return .none }
            return .some(state.pending[key] ?? stored[key])
        }) {
            return found
        }
        // Read outside the lock: other components' packs are read meanwhile. Two readers of one pack both read it.
        let stored = Self.read(file(forPack: pack)).map { Self.entries(in: $0, header: Self.packHeader(pack)) } ?? [:]
        return lock.withLock {
            var state = packs[pack] ?? Pack()
            if state.stored == nil { state.stored = stored }
            packs[pack] = state
            return state.pending[key] ?? state.stored?[key]
        }
    }

    private func add(_ body: Data, key: String, in pack: String) {
        lock.withLock { packs[pack, default: Pack()].pending[key] = body }
    }

    private func prepareFolder() -> Bool {
        lock.withLock {
            if !folderReady {
                folderReady =
                    (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
            }
            return folderReady
        }
    }

    /// True when no existing folder on the way from `root` to `relative` is a link or something other than a folder.
    static func noLinks(from root: URL, through relative: String) -> Bool {
        let parts = relative.split(separator: "/")
        let chain = parts.indices.map { parts[...$0].joined(separator: "/") }
        return WorkspaceState.firstNotARealFolder(in: root, among: chain) == nil
    }

    /// The file's bytes, not following a link in its place; nil for anything but a regular file (a FIFO
    /// put there must not block the command).
    static func read(_ url: URL) -> Data? {
        let fd = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? handle.readToEnd()
    }

    /// Writes a file, checking again first that no folder on the way has become a link since the cache
    /// was opened (someone may swap one in during a long run).
    private func write(_ data: Data, to url: URL) {
        guard Self.noLinks(from: workspace, through: Self.folderName) else { return }
        Self.writeAtomically(data, to: url)
    }

    /// Writes a temporary file beside `url` (never following a link) and renames it over `url`.
    static func writeAtomically(_ data: Data, to url: URL) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(
                ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0 ... .max)).tmp"
            )
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { return }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let written = (try? handle.write(contentsOf: data)) != nil
        try? handle.close()
        guard written, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            return
        }
    }
}
