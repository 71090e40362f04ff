import Foundation
import LockstepAPI

// Swift source text: collecting the public surface must not crash; a surface does not differ from itself,
// everything in it is an addition against nothing, it survives JSON, and file order does not change it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    let surface = APISurface.extract(from: [SourceFile(path: "Sources/Fuzz/Fuzz.swift", text: text)])
    let same = APIDiff(old: surface, new: surface)
    check(same.isEmpty && same.impact == .none, "surface differs from itself: \(same.changes.prefix(3))")
    let added = APIDiff(old: APISurface(), new: surface)
    check(
        added.changes.count == surface.declarations.count && added.changes.allSatisfy { $0.kind == .added },
        "diff against nothing is not one addition per declaration")
    let removed = APIDiff(old: surface, new: APISurface())
    check(
        removed.changes.count == surface.declarations.count && removed.changes.allSatisfy { $0.kind == .removed },
        "diff to nothing is not one removal per declaration")
    for (key, declaration) in surface.declarations {
        check(declaration.key == key, "declaration keyed `\(key)` calls itself `\(declaration.key)`")
    }
    do {
        let json = try JSONEncoder().encode(surface)
        check(try JSONDecoder().decode(APISurface.self, from: json) == surface, "surface does not survive JSON")
    } catch {
        fatalError("oracle: surface does not encode or decode: \(error)")
    }
    // Split at a middle line: the same declarations in two files, in either order, give the same keys and signatures.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.count >= 2 {
        let first = lines[..<(lines.count / 2)].joined(separator: "\n")
        let second = lines[(lines.count / 2)...].joined(separator: "\n")
        let a = SourceFile(path: "Sources/Fuzz/A.swift", text: first)
        let b = SourceFile(path: "Sources/Fuzz/B.swift", text: second)
        let ab = APISurface.extract(from: [a, b])
        let ba = APISurface.extract(from: [b, a])
        check(
            ab.declarations.mapValues(\.signature) == ba.declarations.mapValues(\.signature),
            "file order changes the surface")
    }
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("oracle: " + message()) }
}
