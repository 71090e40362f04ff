/// What a target is for; only regular targets behind a library product are a client's API.
public enum TargetKind: String, Sendable, Equatable, CaseIterable {
    /// `.target(...)`: a library module.
    case regular = "target"
    /// `.executableTarget(...)`.
    case executable = "executableTarget"
    /// `.macro(...)`: a macro's implementation, run by the compiler.
    case macro
    /// `.plugin(...)` declaring a plugin target (a `.plugin(name:targets:)` is a product).
    case plugin
    /// `.testTarget(...)`.
    case test = "testTarget"
    /// `.systemLibrary(...)`.
    case systemLibrary
    /// `.binaryTarget(...)`.
    case binary = "binaryTarget"
}

/// One target of `targets:`, as far as a static reading can tell.
public struct ManifestTarget: Sendable, Equatable {
    /// The target's `name:`, which is also its module name.
    public var name: String
    public var kind: TargetKind
    /// The `path:` argument, nil when SwiftPM's default folder applies.
    public var path: String?
    /// Its dependencies' names: plain strings, `.target(name:)`, `.byName(name:)` and `.product(name:package:)`.
    public var dependencies: [String]
    /// Whether it picks its files within its folder (`exclude:` or `sources:`): which files make the module is then
    /// not every Swift file under the folder.
    public var selectsFiles: Bool

    /// Creates a target.
    public init(
        name: String, kind: TargetKind, path: String? = nil, dependencies: [String] = [], selectsFiles: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.path = path
        self.dependencies = dependencies
        self.selectsFiles = selectsFiles
    }

    /// The folders SwiftPM looks in when `path:` is absent, in its order.
    public var defaultFolders: [String] {
        let root = kind == .test ? ["Tests"] : kind == .plugin ? ["Plugins"] : ["Sources", "Source", "src", "srcs"]
        return root.map { "\($0)/\(name)" }
    }
}

/// One product of `products:`.
public struct ManifestProduct: Sendable, Equatable {
    /// What clients get from the product.
    public enum Kind: String, Sendable, Equatable {
        case library, executable, plugin
    }

    public var name: String
    public var kind: Kind
    /// The `targets:` it is made of.
    public var targets: [String]

    /// Creates a product.
    public init(name: String, kind: Kind, targets: [String]) {
        self.name = name
        self.kind = kind
        self.targets = targets
    }
}
