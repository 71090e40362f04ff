import SwiftIfConfig
import SwiftSyntax

/// One branch of a condition a `.package(...)` sits in: clause `clause` of the `#if`, `if` or `? :` that starts at
/// byte `id`. Two dependencies in different clauses of one condition are alternatives: never both in the graph.
public struct ConditionBranch: Hashable, Sendable {
    /// The UTF-8 offset of the `#if`/`if`/ternary, naming the condition within its manifest.
    public var id: Int
    /// 0 for the first clause (`#if`, `if`'s body, `? x`), 1 for the next (`#elseif`/`#else`, `else`, `: y`), …
    public var clause: Int
    /// The clause as written, for messages: `#if os(Linux)`, `#else`, `if …`, `else`.
    public var text: String
}

/// How the manifest's conditions are decided. A manifest runs on the host that builds: `os`, `arch`, `canImport`
/// and custom flags differ between the hosts a team uses (macOS and Linux), so they are never decided and their
/// branches stay alternatives. `swift(>=…)` and `compiler(>=…)` are decided against the configured toolchain.
/// Runtime `if`s and `? :` (environment lookups) are alternatives too.
enum ManifestConditions {
    enum Value { case active, inactive, unknown }

    /// What `condition` (a `#if` clause's) is for `toolchain`: decided only when it is the same whatever the
    /// undecidable parts are (each combination of them is tried; more than 8 of them is undecided).
    ///
    /// With `customFlagsUnset`, `#if NAME` is false: what SwiftPM sees when it evaluates the manifest for a client,
    /// which passes no `-D` to it (the layout of a package's products as its clients get them).
    static func evaluate(_ condition: ExprSyntax, toolchain: [Int]?, languageMode: Int, customFlagsUnset: Bool = false)
        -> Value
    {
        let configuration = ManifestBuildConfiguration(toolchain: toolchain, languageMode: languageMode)
        configuration.customFlagsUnset = customFlagsUnset
        var atoms: [String] = []
        while true {
            var seen = Set<Bool>()
            var grew = false
            for combination in 0..<(1 << atoms.count) {
                configuration.assignment = Dictionary(
                    uniqueKeysWithValues: atoms.enumerated().map { ($1, combination & (1 << $0) != 0) })
                configuration.queried = []
                let state = IfConfigRegionState.evaluating(condition, in: configuration).state
                seen.insert(state == .active)
                let new = configuration.queried.subtracting(atoms).sorted()
                if !new.isEmpty { atoms += new; grew = true; break }
            }
            if atoms.count > 8 { return .unknown }
            if !grew { return seen.count == 1 ? (seen.first! ? .active : .inactive) : .unknown }
        }
    }
}

/// A build configuration whose host-dependent answers come from `assignment` (every question asked is recorded
/// in `queried`, answered false until assigned); versions come from the toolchain.
private final class ManifestBuildConfiguration: BuildConfiguration {
    var assignment: [String: Bool] = [:]
    var queried = Set<String>()
    var customFlagsUnset = false
    let compilerVersion: VersionTuple
    let languageVersion: VersionTuple

    init(toolchain: [Int]?, languageMode: Int) {
        // No toolchain known: the newest, as the newest manifest file is read then.
        let compiler = toolchain ?? [999]
        compilerVersion = VersionTuple(components: compiler)
        // Manifests of tools version 5.x compile in Swift 5 mode: a Swift 6 compiler answers swift(>=5.10), not 6.
        languageVersion =
            languageMode >= 6 || compiler[0] < 6 ? VersionTuple(components: compiler) : VersionTuple(5, 10)
    }

    private func ask(_ key: String) -> Bool {
        queried.insert(key)
        return assignment[key] ?? false
    }

    func isCustomConditionSet(name: String) throws -> Bool { customFlagsUnset ? false : ask("flag \(name)") }
    func hasFeature(name: String) throws -> Bool { ask("feature \(name)") }
    func hasAttribute(name: String) throws -> Bool { ask("attribute \(name)") }
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        ask("canImport \(importPath.map(\.1).joined(separator: "."))")
    }
    func isActiveTargetOS(name: String) throws -> Bool { ask("os \(name)") }
    func isActiveTargetArchitecture(name: String) throws -> Bool { ask("arch \(name)") }
    func isActiveTargetEnvironment(name: String) throws -> Bool { ask("environment \(name)") }
    func isActiveTargetRuntime(name: String) throws -> Bool { ask("runtime \(name)") }
    func isActiveTargetPointerAuthentication(name: String) throws -> Bool { ask("ptrauth \(name)") }
    func isActiveTargetObjectFileFormat(name: String) throws -> Bool { ask("objectFormat \(name)") }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [32, 64] }
    var endianness: Endianness { .little }
}
