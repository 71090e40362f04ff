import LockstepManifest

// `Package.swift` text: reading must not crash; a pin rewrite keeps every byte outside the requirement it
// replaces and reads back as the pin it wrote.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    guard let manifest = try? Manifest.parse(text, file: "Package.swift") else { return 0 }
    let original = Array(text.utf8)
    let url = "https://git.example.com/ios/Fuzzed.git"
    for (index, dependency) in manifest.dependencies.enumerated() {
        let range = dependency.requirementRange
        check(
            range.lowerBound >= 0 && range.lowerBound <= range.upperBound && range.upperBound <= original.count,
            "requirement range \(range) outside the text (\(original.count) bytes)")
        let pinned = manifest.pinning(dependency, toExact: "1.2.3", url: url)
        let bytes = Array(pinned.utf8)
        check(
            bytes.prefix(range.lowerBound).elementsEqual(original.prefix(range.lowerBound)),
            "pin changed bytes before the requirement")
        check(
            bytes.suffix(original.count - range.upperBound).elementsEqual(
                original.suffix(original.count - range.upperBound)),
            "pin changed bytes after the requirement")
        let reread: Manifest
        do {
            reread = try Manifest.parse(pinned, file: "Package.swift")
        } catch {
            fatalError("oracle: pinned manifest does not parse: \(error)\n--- pinned ---\n\(pinned)")
        }
        check(reread.dependencies.count == manifest.dependencies.count, "pin changed the number of dependencies")
        let again = reread.dependencies[index]
        check(again.requirement == .exact("1.2.3"), "pinned dependency reads back as \(again.requirement)")
        check(again.url == (dependency.url ?? url), "pinned dependency's url reads back as \(again.url ?? "nil")")
        for (other, before) in zip(reread.dependencies, manifest.dependencies)
        where other.line != again.line || other.column != again.column {
            check(other.requirement == before.requirement && other.url == before.url, "pin changed another dependency")
        }
    }
    if !manifest.dependencies.isEmpty {
        let all = manifest.pinning(manifest.dependencies.map { (dependency: $0, version: "2.0.0", url: Optional(url)) })
        guard let reread = try? Manifest.parse(all, file: "Package.swift") else {
            fatalError("oracle: manifest with every dependency pinned does not parse\n--- pinned ---\n\(all)")
        }
        check(
            reread.dependencies.allSatisfy { $0.requirement == .exact("2.0.0") },
            "pinning all left a dependency unpinned")
    }
    if let added = try? manifest.addingDependencies([(url: url, version: "3.0.0")]) {
        guard let reread = try? Manifest.parse(added, file: "Package.swift") else {
            fatalError("oracle: manifest with an added pin does not parse\n--- added ---\n\(added)")
        }
        check(reread.dependencies.count == manifest.dependencies.count + 1, "adding a pin did not add one dependency")
    }
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("oracle: " + message()) }
}
