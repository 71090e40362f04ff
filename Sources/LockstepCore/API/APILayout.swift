import LockstepAPI
import LockstepManifest

/// Which modules of a component a client can import, read from its `Package.swift` at one revision.
///
/// The API is the regular targets behind the library products; executables, plugins, macros, test
/// targets and targets no library product names are not. Nil from `init(manifest:)` when the manifest
/// names no library product literally: the reader then falls back to every `.swift` file under `Sources/`.
struct APILayout: Equatable {
    /// One importable module: its name and the folders SwiftPM would look in, the first that exists wins.
    struct Module: Equatable {
        var name: String
        var folders: [String]
        /// Not a product's module: one a product's module re-exports (`@_exported import`), read for its
        /// declarations but not importable API of its own.
        var isReexported = false
        /// Its target picks files within its folder (`exclude:`, `sources:`): the Swift files under the folder are
        /// not known to be the module's, so none of them decides whether the module builds on a platform.
        var selectsFiles = false
    }

    /// The library products' names (not `_`-named ones).
    var libraries: [String]
    /// The modules behind them, each once, in manifest order.
    var modules: [Module]

    init?(manifest: Manifest) {
        let declared = manifest.products.filter { $0.kind == .library }
        guard !declared.isEmpty else { return nil }
        // A `_`-named product is not API, as a `_`-named declaration is not (`_NIOFileSystem`, `_NIOBeta`): what it
        // adds, changes or drops concerns no client that kept to the public products. Its targets count only when a
        // public product names them too.
        let libraries = declared.filter { !$0.name.hasPrefix("_") }
        var seen = Set<String>()
        var modules: [Module] = []
        for name in libraries.flatMap(\.targets) where seen.insert(name).inserted {
            let declared = manifest.targets.first { $0.name == name }
            // Only source modules are API; a binary or system-library target has no Swift to read.
            if let kind = declared?.kind, kind != .regular { continue }
            let target = declared ?? ManifestTarget(name: name, kind: .regular)
            modules.append(
                Module(
                    name: name, folders: target.path.map { [Self.trimmed($0)] } ?? target.defaultFolders,
                    selectsFiles: target.selectsFiles))
        }
        self.libraries = libraries.map(\.name)
        self.modules = modules
    }

    /// The regular targets of this package that `parts` (files of the layout's modules) re-export and the layout does
    /// not hold yet; re-exports of other packages' modules are their packages' API, not this one's.
    func reexported(by parts: [APIFileSurface], manifest: Manifest) -> [Module] {
        let names = Set(parts.flatMap(\.reexportedModules)).subtracting(modules.map(\.name))
        return manifest.targets.filter { names.contains($0.name) && $0.kind == .regular }.map { target in
            Module(
                name: target.name, folders: target.path.map { [Self.trimmed($0)] } ?? target.defaultFolders,
                isReexported: true, selectsFiles: target.selectsFiles)
        }
    }

    /// `./Sources/Kit/` → `Sources/Kit`: paths as the object database spells them.
    static func trimmed(_ path: String) -> String {
        var result = Substring(path)
        while result.hasPrefix("./") { result = result.dropFirst(2) }
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }

    /// A declaration per library product and per module, so the generic diff reports one removed or renamed
    /// (breaking: clients' `import` or product dependency stops resolving) or added (minor).
    func declarations(manifestFile: String) -> [String: APIDeclaration] {
        var result: [String: APIDeclaration] = [:]
        for name in libraries {
            result["library \(name)"] = APIDeclaration(
                key: "library \(name)", signature: "library \(name)", kind: .library,
                file: manifestFile, line: 1)
        }
        for module in modules where !module.isReexported {
            result["module \(module.name)"] = APIDeclaration(
                key: "module \(module.name)", signature: "module \(module.name)",
                kind: .module, file: manifestFile, line: 1)
        }
        return result
    }
}

extension APIContext {
    /// The context of a component at one revision: the manifest's platforms (default iOS and macOS), its
    /// targets and their dependencies' names as modules, the toolchain's Swift version, and the added-requirement
    /// rule of the component's kind (minor for a protocol set, whose implementation moves with it).
    init(component: Component, manifest: Manifest?, swiftVersion: [Int]) {
        var platforms: [String] = []
        for name in manifest?.platforms ?? [] {
            if let os = Self.osName(name), !platforms.contains(os) { platforms.append(os) }
        }
        var modules = Set<String>()
        for target in manifest?.targets ?? [] {
            modules.insert(target.name)
            modules.formUnion(target.dependencies)
        }
        if let configured = component.platforms { platforms = configured }
        // One order whatever the manifest's or lockstep.yml's: a file's surface keeps per-platform masks over this
        // list, and the cache's key (`fingerprint`) sorts it.
        platforms.sort()
        self.init(
            platforms: platforms.isEmpty ? APIContext.default.platforms : platforms, swiftVersion: swiftVersion,
            modules: modules, addedRequirementImpact: component.kind == .protocols ? .additive : .breaking,
            languageMode: manifest.map { Self.languageMode(ofManifest: $0.text) } ?? 5)
        traits = Set(manifest?.defaultTraits ?? [])
        features = Set(manifest?.features ?? [])
        for define in manifest?.defines ?? [] where !define.debugOnly {
            if let required = define.traits, !required.contains(where: traits.contains) { continue }
            if let listed = define.platforms, listed.compactMap(Self.osName).isEmpty { continue }
            let platforms = Set((define.platforms ?? []).compactMap(Self.osName))
            if let known = defines[define.name], known.isEmpty || platforms.isEmpty {
                defines[define.name] = known.isEmpty ? known : []
            } else {
                defines[define.name, default: []].formUnion(platforms)
            }
        }
        for (name, version) in manifest?.platformVersions ?? [:] {
            minimumVersions[name.lowercased()] = version
        }
    }

    /// The language mode a manifest's `swift-tools-version` implies: 6 from tools version 6.0, else 5
    /// (what `#if swift(>=…)` compares with).
    ///
    /// A package that asks for Swift 5 explicitly (`swiftLanguageModes: [.v5]`, `swiftLanguageVersions: [.v5]`,
    /// or a target's `.swiftLanguageMode(.v5)`) compiles in 5: `#if swift(>=6)` is then false.
    static func languageMode(ofManifest text: String) -> Int {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        guard let marker = firstLine.range(of: "swift-tools-version:") else { return 5 }
        let version = firstLine[marker.upperBound...].drop { $0 == " " }
        let major = Int(version.prefix { $0.isNumber }) ?? 5
        guard major >= 6 else { return 5 }
        if text.contains(".swiftLanguageMode(.v5)") || text.contains(".swiftLanguageMode(.version(\"5")
            || text.contains(".unsafeFlags([\"-swift-version\", \"5\"]")
        {
            return 5
        }
        for listName in ["swiftLanguageModes:", "swiftLanguageVersions:"] {
            guard let start = text.range(of: listName) else { continue }
            let list = text[start.upperBound...].drop { $0 == " " || $0 == "\n" }
            guard list.first == "[", let close = list.firstIndex(of: "]") else { continue }
            // SwiftPM builds with the newest mode the list names.
            return list[..<close].contains(".v6") || list[..<close].contains("\"6") ? 6 : 5
        }
        return 6
    }

    /// A stable text of everything in the context, for cache keys (`modules` sorted: a set has no order).
    var fingerprint: String {
        "platforms=\(platforms.sorted().joined(separator: ",")) swift=\(swiftVersion.map(String.init).joined(separator: ".")) "
            + "modules=\(modules.sorted().joined(separator: ",")) added-requirement=\(addedRequirementImpact.label) "
            + "language-mode=\(languageMode)"
            + (traits.isEmpty ? "" : " traits=\(traits.sorted().joined(separator: ","))")
            + (features.isEmpty ? "" : " features=\(features.sorted().joined(separator: ","))")
            + (defines.isEmpty
                ? ""
                : " defines="
                    + defines.keys.sorted().map { name in
                        name
                            + (defines[name]!.isEmpty ? "" : "(" + defines[name]!.sorted().joined(separator: "|") + ")")
                    }.joined(separator: ","))
    }
}
