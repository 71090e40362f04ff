/// A class's first inherited entry stays in its signature (the superclass position): one file cannot tell a
/// superclass from a protocol. The diff can, from both surfaces (a `protocol` declared there, or a standard
/// protocol): `public class C: P` → `public class C: Q, P`, `: Sendable` → `: @unchecked Sendable` or the
/// conformance moved into an extension are conformances kept, added or removed, not a changed class.
extension APIDiff {
    static func reviseClassInheritance(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration]
    ) {
        var dropped: Set<Int> = []
        var extra: [APIChange] = []
        for index in changes.indices {
            let change = changes[index]
            guard change.kind == .changed, change.impact == .breaking, let before = change.old,
                let after = change.new, before.kind == .class, after.kind == .class,
                let was = classParts(before.signature), let now = classParts(after.signature),
                was.head == now.head, was.rest == now.rest, was.first != now.first
            else { continue }
            let type = String(before.key.dropFirst("class ".count))
            func isProtocol(_ name: String) -> Bool {
                old["protocol " + name] != nil || new["protocol " + name] != nil
                    || StandardConformances.isProtocol(name)
            }
            let oldNames = was.first.map(inheritedMembers) ?? []
            let newNames = now.first.map(inheritedMembers) ?? []
            guard oldNames.allSatisfy(isProtocol), newNames.allSatisfy(isProtocol) else {
                // Names neither surface declares (another package's protocol or class): when the entry only gained
                // some (`: ByteToMessageDecoder` → `: ByteToMessageDecoder & SingleStep`, none → `: Removable`),
                // whether each is a superclass or a protocol, clients of a class they cannot subclass only gain
                // what it brings.
                // Not for an `open` class: a gained superclass's members can clash with a subclass's own (`override`
                // now required).
                let gained = newNames.filter { !oldNames.contains($0) }
                if !gained.isEmpty, Set(oldNames).isSubset(of: newNames),
                    !SignatureShape.topLevelWords(before.signature).contains("open")
                {
                    changes[index].impact = .additive
                    changes[index].note =
                        "gains " + gained.map { "`\($0)`" }.joined(separator: ", ")
                        + " (a superclass or a protocol declared elsewhere): clients only gain what it brings"
                }
                continue
            }
            func conformance(_ proto: String, _ declaration: APIDeclaration) -> APIDeclaration {
                APIDeclaration(
                    key: "conformance \(type): \(proto)", signature: "\(type): \(proto)", kind: .conformance,
                    container: .class, file: declaration.file, line: declaration.line)
            }
            dropped.insert(index)
            for proto in oldNames where !newNames.contains(proto) {
                // Kept when the new surface declares it elsewhere (an extension, later in the list).
                if let added = changes.firstIndex(where: {
                    $0.kind == .added && $0.key == "conformance \(type): \(proto)"
                }) {
                    dropped.insert(added)
                } else if new["conformance \(type): \(proto)"] == nil {
                    let gone = conformance(proto, before)
                    extra.append(APIChange(kind: .removed, key: gone.key, old: gone, new: nil, impact: .breaking))
                }
            }
            for proto in newNames where !oldNames.contains(proto) {
                if let removed = changes.firstIndex(where: {
                    $0.kind == .removed && $0.key == "conformance \(type): \(proto)"
                }) {
                    dropped.insert(removed)
                } else if old["conformance \(type): \(proto)"] == nil {
                    let gained = conformance(proto, after)
                    extra.append(APIChange(kind: .added, key: gained.key, old: nil, new: gained, impact: .additive))
                }
            }
        }
        removeChanges(at: dropped, from: &changes)
        changes += extra
    }

    /// `public final class C<τ_0>: Base where …` as the text before the colon, the first inherited entry, and the
    /// rest (other kept entries such as `~Copyable`, the `where` clause); nil for another form.
    static func classParts(_ signature: String) -> (head: String, first: String?, rest: String)? {
        let words = SignatureShape.topLevelWords(signature)
        guard let keyword = words.lastIndex(of: "class"), keyword + 1 < words.count else { return nil }
        let name = words[keyword + 1]
        let head = words[...keyword].joined(separator: " ") + " " + name.trimmingSuffix(":")
        guard name.hasSuffix(":"), keyword + 2 < words.count else {
            return (head, nil, words[(keyword + 2)...].joined(separator: " "))
        }
        // The first entry runs to its comma (`Base,`) or is the last word before `where`.
        var first: [String] = []
        var rest = Array(words[(keyword + 2)...])
        while let word = rest.first {
            rest.removeFirst()
            if word.hasSuffix(",") {
                first.append(String(word.dropLast()))
                break
            }
            if word == "where" {
                rest.insert(word, at: 0)
                break
            }
            first.append(word)
        }
        return (head, first.joined(separator: " "), rest.joined(separator: " "))
    }

    /// The names an inherited entry stands for: one, or each member of a composition, written so or through a
    /// typealias (`@unchecked In & Out` → `In`, `Out`).
    static func inheritedMembers(_ entry: String) -> [String] {
        withoutConformanceAttributes(entry).split(separator: "&").map { $0.trimmingSpaces() }
    }

    /// `@unchecked Sendable` → `Sendable`: how a conformance is declared, not which.
    static func withoutConformanceAttributes(_ entry: String) -> String {
        var words = entry.split(separator: " ").map(String.init)
        while let word = words.first, ["@unchecked", "@preconcurrency", "@retroactive"].contains(word) {
            words.removeFirst()
        }
        return words.joined(separator: " ")
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
