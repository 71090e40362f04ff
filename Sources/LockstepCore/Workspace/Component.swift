/// What a component is for, and so what it may depend on (SPEC §1).
public enum ComponentKind: String, Sendable, Codable, CaseIterable {
    /// Foundation libraries: networking, storage, the mediator, UI kit.
    case base
    /// A business component's public interface, released on its own.
    case protocols
    /// The implementation of one business component.
    case business
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
    public var kind: ComponentKind
    /// For a business component: the name of the protocol set it implements.
    public var implements: String?
    /// The repo's URL when the `remote` pattern does not give it (`url:`); also one of the names manifests may use.
    public var url: String?
    /// Old names or URLs that manifests may still use for this component (`aliases:`), matched by package identity.
    public var aliases: [String]
    /// The manifest file inside the repo when it is not found by itself (`manifest: Cart.podspec`).
    public var manifest: String? = nil
    /// The platforms the public API is read for (`platforms: [iOS, macOS, Linux]`, `os(…)` spelling); nil: the
    /// manifest's `platforms:`, else iOS and macOS.
    public var platforms: [String]? = nil

    public init(name: String, path: String, kind: ComponentKind, implements: String? = nil, url: String? = nil, aliases: [String] = []) {
        self.name = name
        self.path = path
        self.kind = kind
        self.implements = implements
        self.url = url
        self.aliases = aliases
    }
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
