/// What a component is for, and so what it may depend on (SPEC §1). An implementation carries the protocol set it
/// implements, so a `base` or `protocols` component that implements something cannot be written down.
public enum ComponentKind: Sendable, Hashable {
    /// Foundation libraries: networking, storage, the mediator, UI kit.
    case base
    /// A business component's public interface, released on its own.
    case protocols
    /// The implementation of one business component; `implements` names its protocol set (a `protocols` component).
    case business(implements: String)

    /// The words `lockstep.yml` spells the kinds with, in the order help lists them.
    public static let names = ["base", "protocols", "business"]

    /// The kind's word in `lockstep.yml` and in output: `base`, `protocols` or `business`.
    public var name: String {
        switch self {
        case .base: return "base"
        case .protocols: return "protocols"
        case .business: return "business"
        }
    }

    /// For a business component: the name of the protocol set it implements; nil for the other kinds.
    public var implements: String? {
        if case .business(let protocolSet) = self { return protocolSet }
        return nil
    }

    /// True for an implementation (whatever protocol set it implements).
    public var isBusiness: Bool { implements != nil }
}

/// A business component as its two halves (SPEC §1): the protocol set, released on its own, and the implementation
/// tied to its compatibility line. Both are components of `lockstep.yml`; this names the pair.
public struct ProtocolSet: Sendable, Hashable {
    /// The `protocols` component: the business component's public interface.
    public var name: String
    /// The `business` component that implements it.
    public var implementation: String

    public init(name: String, implementation: String) {
        self.name = name
        self.implementation = implementation
    }
}

/// The role of an app project in the workspace.
public enum AppRole: String, Sendable, Codable, CaseIterable {
    /// A small host that carries a few components so they build and run alone.
    case shell
    /// The full app: pins every component to one exact version.
    case main
}

/// A component repository declared in `lockstep.yml`.
public struct Component: Sendable, Equatable {
    public var name: String
    /// Path of the repo relative to the workspace root.
    public var path: String
    /// Its kind; a business component's names the protocol set it implements.
    public var kind: ComponentKind
    /// The repo's URL when the `remote` pattern does not give it (`url:`); also one of the names manifests may use.
    public var url: String?
    /// Old names or URLs that manifests may still use for this component (`aliases:`), matched by package identity.
    public var aliases: [String]
    /// The manifest file inside the repo when it is not found by itself (`manifest: Cart.podspec`).
    public var manifest: String? = nil
    /// The platforms the public API is read for (`platforms: [iOS, macOS, Linux]`, `os(…)` spelling); nil: the
    /// manifest's `platforms:`, else iOS and macOS.
    public var platforms: [String]? = nil

    public init(name: String, path: String, kind: ComponentKind, url: String? = nil, aliases: [String] = []) {
        self.name = name
        self.path = path
        self.kind = kind
        self.url = url
        self.aliases = aliases
    }

    /// For a business component: the name of the protocol set it implements (its kind says).
    public var implements: String? { kind.implements }

    /// For a business component: it and the protocol set it implements; nil for base and protocols components.
    public var protocolSet: ProtocolSet? { kind.implements.map { ProtocolSet(name: $0, implementation: name) } }
}

/// An app project declared in `lockstep.yml`.
public struct App: Sendable, Equatable {
    public var name: String
    public var path: String
    public var role: AppRole
    /// The shell command that builds the app, run in a copy of its tree.
    public var build: String
    /// The manifest file inside the repo (`manifest:`): `Package.swift` or `X.xcodeproj/project.pbxproj`; nil:
    /// detected (Package.swift, else the one Xcode project at the root).
    public var manifest: String? = nil

    public init(name: String, path: String, role: AppRole, build: String = "swift build") {
        self.name = name
        self.path = path
        self.role = role
        self.build = build
    }
}
