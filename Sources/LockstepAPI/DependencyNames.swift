/// The top-level public typealiases of a component's dependencies (`public typealias NIOSendable = Sendable` in
/// swift-nio, `typealias CasePath<Root, Value> = AnyCasePath<Root, Value>` in swift-case-paths): a component that
/// writes `struct Handler: NIOSendable` in one release and `: Sendable` in the next changed nothing its clients see,
/// but without the dependency's sources the two read as a conformance removed and another added.
///
/// Held as canonical text (one alias per line, sorted), which is also what a cache keys on: a release of the
/// dependency that leaves its typealiases alone leaves every verdict that read them alone. Only top-level names:
/// a nested one (`CircularBuffer.Index`) is reached through a type the component does not declare, which the reader
/// leaves as written anyway. A name the component declares itself (a type or a typealias) means its own.
public struct DependencyNames: Sendable, Hashable {
    /// `name\tparameters\tconstrained\ttarget` per alias, sorted.
    public let text: String

    /// The top-level public typealiases of `files`, one dependency's or several's: a name two of them declare with
    /// different targets is left out (which one a use means is not known here).
    public init(files: [APIFileSurface]) {
        var found: [String: AliasTarget] = [:]
        var conflicting: Set<String> = []
        for file in files {
            let all = PlatformMask.all(file.platforms.count).bits
            for (name, alias) in file.aliases.merging(file.genericAliases, uniquingKeysWith: { first, _ in first })
            where alias.scope == nil && !name.contains(".") && alias.parameters >= 0 {
                // One declared on some platforms only is left out: which platform a use is read for is not known.
                guard alias.platforms.bits & all == all, file.platformAliases[name] == nil else { continue }
                var kept = alias
                kept.platforms = PlatformMask(bits: .max)
                if let first = found[name], first != kept { conflicting.insert(name) }
                found[name] = kept
            }
        }
        for name in conflicting { found[name] = nil }
        text = found.map { name, alias in
            [name, String(alias.parameters), alias.constrained ? "1" : "0", alias.target].joined(separator: "\t")
        }
        .sorted().joined(separator: "\n")
    }

    /// Names read back from `text`; nil when it is not what `text` holds.
    public init?(text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, Int(fields[1]) != nil, fields[2] == "0" || fields[2] == "1" else { return nil }
        }
        self.text = text
    }

    /// Whether the dependencies declare no top-level typealias.
    public var isEmpty: Bool { text.isEmpty }

    /// How many typealiases the names hold.
    public var count: Int { text.isEmpty ? 0 : text.split(separator: "\n").count }

    /// The path of the file surface the names travel in (`surface(platforms:)`): no source file has it.
    public static let path = "<dependencies>"

    /// The names as a file surface without declarations, for the component's files read with `context`: passed
    /// wherever both revisions' file sets are (`APIDiff(old:new:shared:)`'s `shared`, `APIFileSet`), the cross-file
    /// pass follows them as it follows the component's own typealiases.
    public func surface(for context: APIContext) -> APIFileSurface {
        var surface = APIFileSurface(path: Self.path, platforms: APIFileSurface.platforms(of: context))
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let parameters = Int(fields[1]) else { continue }
            let alias = AliasTarget(
                target: fields[3], scope: nil, parameters: parameters, constrained: fields[2] == "1")
            if parameters == 0 {
                surface.aliases[fields[0]] = alias
            } else {
                surface.genericAliases[fields[0]] = alias
            }
        }
        return surface
    }
}
