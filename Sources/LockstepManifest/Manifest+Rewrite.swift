import LockstepParsing
import SwiftSyntax

extension Manifest {
    /// The manifest's text with `dependency`'s requirement replaced by `exact: "<version>"`; every other byte kept.
    ///
    /// A `path:` dependency has no URL to pin; pass `url` and it becomes `url: "<url>", exact: "<version>"`. A registry
    /// dependency (`id:`) keeps its id: only its requirement changes, `url` is not added.
    public func pinning(_ dependency: PackageDependency, toExact version: String, url: String? = nil) -> String {
        replacingRequirement(of: dependency, with: pinText(dependency, version, url: url))
    }

    /// The exact pin as this manifest's format spells it: `exact: "1.2.3"` in Package.swift, Xcode's own
    /// `{ kind = exactVersion; version = 1.2.3; }` block in a project.pbxproj.
    func pinText(_ dependency: PackageDependency, _ version: String, url: String?) -> String {
        if format == .xcodeProject {
            // The indentation of the line the block starts on (`\t\t\trequirement = {`).
            let before = text.utf8.prefix(dependency.requirementRange.lowerBound)
            let line = before.reversed().prefix { $0 != UInt8(ascii: "\n") }.reversed()
            let indent = line.prefix { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: " ") }
            return XcodeProjectReader.exactRequirementText(
                version, indent: String(decoding: Array(indent), as: UTF8.self))
        }
        if format == .xcodeGen { return XcodeGenReader.exactRequirementText(version) }
        if format == .tuist {
            // Tuist spells an exact version `requirement: .exact("1.2.3")` in `.remote(…)`, `.exact("1.2.3")` in
            // `.package(url:_:)`.
            let written = String(decoding: Array(text.utf8)[dependency.requirementRange], as: UTF8.self)
            let exact = ".exact(\(SwiftLiteral.string(version)))"
            return written.hasPrefix("requirement") ? "requirement: \(exact)" : exact
        }
        if format == .podfile {
            return PodfileReader.pinText(version, replacing: dependency.requirementRange, in: text)
        }
        let exact = "exact: \(SwiftLiteral.string(version))"
        if dependency.url == nil, dependency.registryID == nil, let url {
            return "url: \(SwiftLiteral.string(url)), \(exact)"
        }
        return exact
    }

    /// The manifest's text with one dependency's requirement argument(s) replaced by `replacement`.
    public func replacingRequirement(of dependency: PackageDependency, with replacement: String) -> String {
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(dependency.requirementRange, with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Applies several pins at once (e.g. main's pins for a release), from the end so offsets stay valid.
    public func pinning(_ pins: [(dependency: PackageDependency, version: String, url: String?)]) -> String {
        var bytes = Array(text.utf8)
        for pin in pins.sorted(by: {
            $0.dependency.requirementRange.lowerBound > $1.dependency.requirementRange.lowerBound
        }) {
            bytes.replaceSubrange(
                pin.dependency.requirementRange, with: Array(pinText(pin.dependency, pin.version, url: pin.url).utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Adds `.package(url:exact:)` entries to the `dependencies:` array of `Package(...)` (for build copies only).
    ///
    /// Used when an app's graph reaches a component only transitively: declaring it pins its version for the build.
    public func addingDependencies(_ entries: [(url: String, version: String)]) throws -> String {
        guard !entries.isEmpty else { return text }
        // Where the new entries go, and whether the last element needs a comma (found on the parser's thread).
        let found: (offset: Int, needsComma: Bool)? = try BoundedParser.parse(text) { tree in
            let finder = DependenciesArrayFinder(viewMode: .sourceAccurate)
            finder.walk(tree)
            guard let array = finder.array else { return nil }
            let offset =
                array.elements.last.map { $0.endPositionBeforeTrailingTrivia.utf8Offset }
                ?? array.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset
            return (offset, array.elements.last.map { $0.trailingComma == nil } ?? false)
        }
        guard let (offset, needsComma) = found else {
            throw ManifestError(
                file: file, line: 1, column: 1,
                reason: "found no `dependencies: [...]` argument in Package(...) to add pins to")
        }
        let indent = "        "
        var insertion = needsComma ? "," : ""
        for entry in entries {
            insertion +=
                """
                \n\(indent).package(url: \(SwiftLiteral.string(entry.url)), exact: \
                \(SwiftLiteral.string(entry.version))),
                """
        }
        var bytes = Array(text.utf8)
        bytes.insert(contentsOf: Array(insertion.utf8), at: offset)
        return String(decoding: bytes, as: UTF8.self)
    }
}

private final class DependenciesArrayFinder: SyntaxVisitor {
    var array: ArrayExprSyntax?
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard array == nil, node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package" else {
            return .visitChildren
        }
        array = node.arguments.first { $0.label?.text == "dependencies" }?.expression.as(ArrayExprSyntax.self)
        return .skipChildren
    }
}
