import LockstepParsing

/// The public declarations of one source file, before the pass that needs the whole file set.
///
/// It depends only on the file's path and text, so a caller reading many revisions of a
/// component can extract each file once (keyed by blob id and path) and combine the cached
/// results with `APISurface(combining:)`: parsing is most of the cost of `extract`.
public struct APIFileSurface: Sendable, Hashable, Codable {
    /// The file's path, as reported in its declarations.
    public let path: String
    var declarations: [CollectedDeclaration] = []
    /// Qualified names of public (and open) types, protocols included.
    var publicTypes: Set<String> = []
    /// Qualified names of public protocols, to key default implementations apart from requirements.
    var protocols: Set<String> = []
    /// Qualified names of types declared without public access, nested ones included.
    var hiddenTypes: Set<String> = []
    /// Generic parameter names of generic types, by qualified name, in declaration order.
    var typeGenerics: [String: [String]] = [:]
    /// Public non-generic typealiases by qualified name: what a use of the name stands for.
    var aliases: [String: AliasTarget] = [:]
    /// Typealiases declared under `#if` for some platforms only (`CModeT = UInt16` on Darwin, `UInt32` elsewhere),
    /// each with the platforms it is declared on: resolved per platform by the cross-file pass.
    var platformAliases: [String: [AliasTarget]] = [:]
    /// Public generic typealiases (`typealias SchedulerOf<S> = AnyScheduler<S.Time>`), by qualified name, with the
    /// platforms they are declared on: the cross-file pass expands each use (`SchedulerOf<Q>`) with its arguments.
    var genericAliases: [String: AliasTarget] = [:]
    /// The primary associated types of public protocols (`protocol Store<Item>`), by qualified name, in order.
    var primaryAssociatedTypes: [String: [String]] = [:]
    /// Positions in `declarations` by base key, for diffs that look only at the keys a change touches.
    var byBaseKey: [String: [Int]] = [:]
    /// Positions in `declarations` by the type an extension extends and the protocol a conformance names, as written:
    /// the cross-file pass may rename those keys (an extension of a typealias or of `Box<Int>`, a conformance through a
    /// typealias), so a diff that looks only at touched keys finishes them first. Not encoded: rebuilt from the
    /// declarations.
    var byTypeName: [String: [Int]] = [:]
    /// The public typealiases that are API themselves (not inside a `_`-type, not `_`-named): a `_`-type one of
    /// them names is API under it.
    var exposingAliases: Set<String> = []
    /// Modules the file re-exports (`@_exported import X`): whoever imports this module sees their declarations.
    public var reexportedModules: Set<String> = []
    /// The platforms `#if` was evaluated for (the context's, at most 32); declarations carry a mask over them.
    var platforms = APIContext.default.platforms
    /// The platforms where the file imports an SDK module they lack (`import Combine` on Linux): it does not build
    /// there, so none of its declarations exist there (`buildableDeclarations`). Its module does not build there
    /// either: a reader that knows which files make a module (the manifest's `path:`, `exclude:`) widens each file's
    /// mask to the module's (`unbuildableAsModule`); without a manifest only the file's own declarations are taken
    /// away: the safe side.
    var unbuildable = PlatformMask(bits: 0)

    /// Makes `files`, one module's, unbuildable wherever one of them is: a module with a file that does not build on
    /// a platform (`import SwiftUI` with no `#if` around it, on Linux) does not build there at all, so no client
    /// there has any of its declarations. Returns the module's mask (0 when it builds everywhere), which two revisions
    /// must agree on to share a file. Files read for another platform list are left alone.
    public static func unbuildableAsModule(_ files: inout [APIFileSurface]) -> UInt32 {
        guard let platforms = files.first?.platforms else { return 0 }
        let bits = files.reduce(UInt32(0)) { $1.platforms == platforms ? $0 | $1.unbuildable.bits : $0 }
        guard bits != 0 else { return 0 }
        for index in files.indices where files[index].platforms == platforms { files[index].unbuildable.bits = bits }
        return bits
    }

    init(path: String, platforms: [String] = APIContext.default.platforms) {
        self.path = path
        self.platforms = platforms
    }

    /// The platforms a context evaluates `#if` for: its own (at most 32), or iOS and macOS when it names none.
    static func platforms(of context: APIContext) -> [String] {
        context.platforms.isEmpty ? APIContext.default.platforms : Array(context.platforms.prefix(32))
    }

    /// Parses one file with swift-syntax and collects its candidate public declarations; a file nested too
    /// deep to parse in bounded time contributes nothing (use `read(from:)` to learn why).
    /// `context.modules` are the module names a type's qualification drops (`Logging.Logger` ≡ `Logger`).
    public static func extract(from file: SourceFile, context: APIContext = .default) -> APIFileSurface {
        (try? read(from: file, context: context))
            ?? APIFileSurface(path: file.path, platforms: platforms(of: context))
    }

    /// Like `extract(from:)`, but a file nested too deep is a `SourceFileError` naming where.
    ///
    /// `#if` is evaluated as the compiler would for each of `context.platforms`; each declaration remembers the
    /// platforms it exists on.
    public static func read(from file: SourceFile, context: APIContext = .default) throws -> APIFileSurface {
        try read(from: file, context: context, after: nil).surface
    }

    /// Like `read(from:context:)`, but parses incrementally after `base`, a full parse of an earlier version of the
    /// same file (most of a file is the same from one release to the next); returns the base for the next version
    /// and how many bytes of the text the parse reused. The surface is the one a full parse gives.
    public static func read(
        from file: SourceFile, context: APIContext, after base: ParsedText?
    ) throws -> (surface: APIFileSurface, base: ParsedText, reused: Int) {
        var (surface, next, reused) = try APICollector.collect(file, context: context, after: base)
        for (index, item) in surface.declarations.enumerated() {
            surface.byBaseKey[item.declaration.baseKey, default: []].append(index)
        }
        surface.byTypeName = Self.indexedByTypeName(surface.declarations)
        return (surface, next, reused)
    }

    /// `byTypeName` for `declarations`.
    static func indexedByTypeName(_ declarations: [CollectedDeclaration]) -> [String: [Int]] {
        var index: [String: [Int]] = [:]
        for (position, item) in declarations.enumerated() {
            if let extended = item.extendedType { index[extended, default: []].append(position) }
            if let conformed = item.conformedTo, conformed != item.extendedType {
                index[conformed, default: []].append(position)
            }
        }
        return index
    }

    /// How many declarations the file contributes before the cross-file pass.
    public var count: Int { declarations.count }

    /// The file's declarations without the platforms where it does not build (`unbuildable`); one left with no
    /// platform is left out.
    var buildableDeclarations: [CollectedDeclaration] {
        unbuildable.isEmpty ? declarations : declarations.compactMap { Self.buildable($0, unbuildable.bits) }
    }

    /// `item` without the platforms in `mask`; nil when none is left.
    static func buildable(_ item: CollectedDeclaration, _ mask: UInt32) -> CollectedDeclaration? {
        guard item.platforms.bits & mask != 0 else { return item }
        var item = item
        item.platforms.bits &= ~mask
        return item.platforms.isEmpty ? nil : item
    }
}

/// A recorded declaration plus what the cross-file pass needs to finish it.
struct CollectedDeclaration: Sendable, Hashable, Codable {
    var declaration: APIDeclaration
    /// Parameter types for callables, used to tell overloads apart; empty otherwise.
    var parameterTypes: String
    /// The extended type when the declaration sits (at any depth) inside an extension.
    var extendedType: String?
    /// For conformances: the protocol named.
    var conformedTo: String?
    /// The innermost type (or extended type) whose scope the signature's names are looked up in.
    var lookupScope: String?
    /// The platforms the declaration exists on (`#if`), over the file's `platforms`.
    var platforms = PlatformMask(bits: .max)
    /// The `_`-type the declaration belongs to (the type, a member, an extension of it), which is API only when a
    /// public typealias names it; nil for every other declaration.
    var underscoredOwner: String?
}

/// What a typealias stands for: its target, spelled canonically but with names still to resolve, and the
/// scope they resolve in.
struct AliasTarget: Sendable, Hashable, Codable {
    var target: String
    var scope: String?
    /// The platforms the alias is declared on (every one unless it sits in a platform `#if`).
    var platforms = PlatformMask(bits: .max)
    /// How many generic parameters the alias declares (`τ<depth>_0`… in `target`); 0 for a non-generic one, -1 for
    /// a generic one declared differently in two places, which is never expanded.
    var parameters = 0
    /// Whether a generic alias puts requirements on its parameters (`typealias H<T: Hashable> = Box<T>`, or through
    /// the constrained extension it is declared in).
    var constrained = false

    /// The alias declared twice (in two `#if` branches, two files): itself, on the platforms of both, when both say
    /// the same; else one that no use matches.
    func merging(_ other: AliasTarget) -> AliasTarget {
        var merged = self
        guard other.target == target, other.scope == scope, other.parameters == parameters,
            other.constrained == constrained
        else {
            merged.parameters = -1
            return merged
        }
        merged.platforms = PlatformMask(bits: platforms.bits | other.platforms.bits)
        return merged
    }
}
