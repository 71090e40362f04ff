import Foundation
import LockstepAPI
import LockstepGit

/// Parsed per-file API surfaces kept across runs in `<workspace>/.lockstep/cache/api-surfaces/`, one file per
/// (blob, file label, API context, format), so a second `check` parses nothing it has parsed before; and
/// the diffs between two commits, so it does not even list their trees or combine their surfaces again.
///
/// The cache can only save time, never change a result or fail a command: an entry whose header does not
/// match its key exactly (corrupt, foreign, an older format) is ignored and rewritten; a folder that is a link
/// or not a folder disables the cache (lockstep never writes through a link); a write that fails (read-only
/// workspace, full disk) is dropped. Writes go to a temporary file renamed into place, so a reader never sees
/// half an entry and concurrent runs at worst write the same entry twice.
final class APISurfaceCache: @unchecked Sendable {
    /// Bump whenever what `APIFileSurface.read` extracts, how `APIDiff` or `APIReader` judge a change, or the
    /// entries' encoding changes: entries of another format are then ignored (diffs are cached whole). Entries written by another build of lockstep are ignored too (see `buildIdentity`).
    static let formatVersion = 5
    static let folderName = ".lockstep/cache/api-surfaces"

    let folder: URL
    private let usable: Bool
    private let lock = NSLock()
    private var folderReady = false

    private let workspace: URL

    init(workspace: URL) {
        self.workspace = workspace
        folder = workspace.appendingPathComponent(Self.folderName)
        usable = Self.noLinks(from: workspace, through: Self.folderName)
    }

    /// The key text an entry starts with; its hash names the entry's file.
    static func key(blob: ObjectID, label: String, context: String) -> String {
        "lockstep api-surface format \(formatVersion)\nbuild \(buildIdentity)\nblob \(blob.hex)\nlabel \(label)\ncontext \(context)\n\n"
    }

    /// The executable's size and modification time: a rebuilt lockstep may extract differently even when
    /// nobody remembered to bump `formatVersion`.
    static let buildIdentity: String = {
        guard let path = Bundle.main.executablePath,
              let info = try? FileManager.default.attributesOfItem(atPath: path),
              let size = info[.size] as? NSNumber, let date = info[.modificationDate] as? Date else { return "unknown" }
        return "\(size) \(date.timeIntervalSince1970)"
    }()

    /// The cached surface, nil when absent, unreadable or not exactly this key's.
    func surface(blob: ObjectID, label: String, context: String) -> APIFileSurface? {
        guard usable else { return nil }
        let key = Self.key(blob: blob, label: label, context: context)
        guard let data = Self.read(file(for: key)) else { return nil }
        let header = Data(key.utf8)
        guard data.count > header.count, data.prefix(header.count) == header else { return nil }
        return try? JSONDecoder().decode(APIFileSurface.self, from: data.dropFirst(header.count))
    }

    /// Remembers a surface; failures are ignored (the next run parses again).
    func store(_ surface: APIFileSurface, blob: ObjectID, label: String, context: String) {
        guard usable, prepareFolder(), let body = try? JSONEncoder().encode(surface) else { return }
        let key = Self.key(blob: blob, label: label, context: context)
        write(Data(key.utf8) + body, to: file(for: key))
    }

    /// The key of a diff between two commits: everything it reads follows from the commits (trees and
    /// manifests), the component's path (in file labels) and kind, and the Swift version; and the manifest files
    /// read when one is a `Package@swift-X.Y.swift` (which one depends on the configured toolchain); and the
    /// component's `platforms:` and `manifest:` from lockstep.yml when it sets them.
    static func diffKey(component: Component, from old: ObjectID, to new: ObjectID, swiftVersion: [Int], manifestFiles: String? = nil) -> String {
        "lockstep api-diff format \(formatVersion)\nbuild \(buildIdentity)\ncomponent \(component.path) \(component.kind.rawValue)\n"
            + "from \(old.hex)\nto \(new.hex)\nswift \(swiftVersion.map(String.init).joined(separator: "."))\n"
            + (manifestFiles.map { "manifests \($0)\n" } ?? "")
            + (component.platforms.map { "platforms \($0.joined(separator: ","))\n" } ?? "")
            + (component.manifest.map { "manifest \($0)\n" } ?? "") + "\n"
    }

    /// A diff remembered under `key`, nil when absent or not exactly this key's.
    func diff(key: String) -> APIDiff? {
        guard usable, let data = Self.read(file(for: key)) else { return nil }
        let header = Data(key.utf8)
        guard data.count > header.count, data.prefix(header.count) == header,
              let changes = try? JSONDecoder().decode([APIChange].self, from: data.dropFirst(header.count)) else { return nil }
        var diff = APIDiff(old: APISurface(), new: APISurface())
        diff.changes = changes
        diff.impact = changes.lazy.map(\.impact).max() ?? .none
        return diff
    }

    /// Remembers a diff's changes under `key`; failures are ignored.
    func store(_ diff: APIDiff, key: String) {
        guard usable, prepareFolder(), let body = try? JSONEncoder().encode(diff.changes) else { return }
        write(Data(key.utf8) + body, to: file(for: key))
    }

    /// The running toolchain's Swift version (e.g. `[6, 3]`): remembered beside the surfaces for the `swift`
    /// binary PATH resolves to, else asked of `swift --version` once per process; nil when it names none.
    func swiftVersion() -> [Int]? {
        let memo = folder.appendingPathComponent("toolchain")
        let identity = Toolchain.executableIdentity()
        if usable, let identity, let data = Self.read(memo) {
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count >= 2, lines[0] == identity, let version = Toolchain.swiftVersion(in: String(lines[1])) { return version }
        }
        let line = Toolchain.versionLine
        guard let version = Toolchain.swiftVersion(in: line) else { return nil }
        if usable, let identity, prepareFolder() { write(Data("\(identity)\n\(line)\n".utf8), to: memo) }
        return version
    }

    private func file(for key: String) -> URL {
        folder.appendingPathComponent(ObjectID.hash(of: Data(key.utf8)).hex)
    }

    private func prepareFolder() -> Bool {
        lock.withLock {
            if !folderReady {
                folderReady = (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
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

    /// Writes an entry, checking again first that no folder on the way has become a link since the cache
    /// was opened (someone may swap one in during a long run).
    private func write(_ data: Data, to url: URL) {
        guard Self.noLinks(from: workspace, through: Self.folderName) else { return }
        Self.writeAtomically(data, to: url)
    }

    /// Writes a temporary file beside `url` (never following a link) and renames it over `url`.
    static func writeAtomically(_ data: Data, to url: URL) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0 ... .max)).tmp")
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
