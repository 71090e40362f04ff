import Foundation
import LockstepAPI
import LockstepCore
import LockstepTestSupport
import XCTest

/// LS205 on real mediator-style Objective-C projects, when a folder of them is given (`LOCKSTEP_LS205_CORPUS=DIR`,
/// filled by `ci/try-ls205`: one subfolder `owner+name@commit` per project and commit, holding its `.h`/`.m`/`.mm`
/// files outside the mediator framework, vendored code and tests).
///
/// Which headers are service protocols (decided by regular expressions, not by the scanner under test): a header
/// that declares one or more `@protocol X` (not a forward declaration) and no `@interface`/`@implementation`, each
/// of whose protocols some `@interface` of the project adopts (`<X>`). The implementing classes are those adopting
/// one; the business component holds every file with an `@interface` or `@implementation` of one of them. For each
/// project and commit a workspace is made — `Services` (a podspec, the headers) and `Impl` requiring it, both
/// 1.0.0 — and LS205's findings there are printed, each one a false finding or a gap the project really has (read
/// them). Then two seeded breaks at Impl's HEAD must each fire: one class's `<P>` removed (a protocol only it
/// adopts), and the first `@required` method of a protocol that NSObject does not provide renamed where the
/// business files declare or define it. Prints projects, workspaces, findings and breaks caught.
final class LS205CorpusTests: XCTestCase {
    private let rules = Rules.all.filter { $0.id == "LS205" }

    struct Project {
        var files: [String: String] = [:]
        var protocolHeaders: [String: [String]] = [:]
        var adoptions: [(type: String, protos: [String], file: String)] = []
    }

    func testRealImplementationsAreQuietAndSeededBreaksFire() throws {
        guard let folder = ProcessInfo.processInfo.environment["LOCKSTEP_LS205_CORPUS"] else {
            throw XCTSkip("set LOCKSTEP_LS205_CORPUS to a folder of projects (ci/try-ls205)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        var workspaces = 0, findings = 0, breaks = 0, caught = 0
        var missed: [String] = []
        for name in names {
            let project = try Self.read(URL(fileURLWithPath: folder).appendingPathComponent(name))
            let adopted = Set(project.adoptions.flatMap(\.protos))
            let headers = project.protocolHeaders.filter { _, protos in protos.allSatisfy(adopted.contains) }
            let services = Set(headers.values.flatMap { $0 })
            let classes = Set(project.adoptions.filter { !services.isDisjoint(with: $0.protos) }.map(\.type))
            let business = project.files.filter { path, text in
                headers[path] == nil && classes.contains { Self.mentions(text, $0) }
            }
            guard !headers.isEmpty, !business.isEmpty else {
                print("ls205 corpus: \(name): no service protocol with an implementation, skipped")
                continue
            }
            workspaces += 1
            let ws = try Self.workspace(headers.keys.map { ($0, project.files[$0]!) }, business)
            let found = try ws.findings(rules)
            findings += found.count
            print(
                "ls205 corpus: \(name): \(headers.count) protocol headers (\(services.count) protocols), "
                    + "\(business.count) business files (\(classes.count) classes), \(found.count) LS205 findings")
            for finding in found { print("ls205 corpus:   \(finding.message)") }
            // Seeded break 1: a protocol only one class adopts loses that adoption.
            let single = services.sorted().first { proto in
                project.adoptions.filter { $0.protos.contains(proto) }.count == 1
            }
            if let proto = single, let adoption = project.adoptions.first(where: { $0.protos.contains(proto) }) {
                breaks += 1
                let broken = try Self.workspace(headers.keys.map { ($0, project.files[$0]!) }, business)
                let path = Self.flattened(adoption.file)
                let text = Self.droppingAdoption(of: proto, by: adoption.type, in: business[adoption.file] ?? "")
                try broken["Impl"].write("Classes/\(path)", text)
                try broken["Impl"].commit("seeded: \(adoption.type) no longer adopts \(proto)")
                let fired = try broken.findings(rules).contains { $0.message.contains(" implement \(proto) of") }
                if fired { caught += 1 } else { missed.append("\(name): <\(proto)> removed from \(adoption.type)") }
            }
            // Seeded break 2: the first @required method of a protocol renamed in the business files.
            for proto in services.sorted() {
                guard let header = headers.first(where: { $0.value.contains(proto) })?.key,
                    let keyword = Self.firstRequiredKeyword(of: proto, in: project.files[header] ?? ""),
                    business.values.contains(where: { Self.renaming(keyword, in: $0) != $0 })
                else { continue }
                breaks += 1
                let broken = try Self.workspace(headers.keys.map { ($0, project.files[$0]!) }, business)
                for (path, text) in business where Self.renaming(keyword, in: text) != text {
                    try broken["Impl"].write("Classes/\(Self.flattened(path))", Self.renaming(keyword, in: text))
                }
                try broken["Impl"].commit("seeded: \(keyword) of \(proto) renamed")
                let fired = try broken.findings(rules).contains {
                    $0.message.contains("adopts \(proto) of") && $0.message.contains(keyword)
                }
                if fired { caught += 1 } else { missed.append("\(name): \(proto)'s \(keyword) renamed") }
                break
            }
        }
        print(
            "ls205 corpus: \(names.count) project commits, \(workspaces) workspaces, \(findings) LS205 findings, "
                + "seeded breaks caught \(caught)/\(breaks)")
        for miss in missed { print("ls205 corpus: missed \(miss)") }
        XCTAssertEqual(missed, [], "every seeded break fires")
    }

    // MARK: - Reading a project (regular expressions, independent of the scanner)

    static func read(_ root: URL) throws -> Project {
        var project = Project()
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard ["h", "m", "mm"].contains(url.pathExtension),
                let data = FileManager.default.contents(atPath: url.path)
            else { continue }
            let path = String(url.path.dropFirst(root.path.count + 1))
            project.files[path] = String(decoding: data, as: UTF8.self)
        }
        for (path, text) in project.files {
            let code = uncommented(text)
            for match in code.matches(of: #/@interface\s+(\w+)\s*(?::\s*\w+\s*)?(?:\(\s*\w*\s*\))?\s*<([^>]*)>/#) {
                let protos = match.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                project.adoptions.append((String(match.1), protos, path))
            }
            guard path.hasSuffix(".h"), !code.contains("@interface"), !code.contains("@implementation") else {
                continue
            }
            var declared: [String] = []
            for match in code.matches(of: #/@protocol\s+(\w+)\s*(<[^>]*>)?\s*([;,]?)/#) where match.3.isEmpty {
                declared.append(String(match.1))
            }
            if !declared.isEmpty { project.protocolHeaders[path] = declared }
        }
        return project
    }

    static func uncommented(_ text: String) -> String {
        text.replacing(#/\/\*[\s\S]*?\*\//#, with: " ").replacing(#/\/\/[^\n]*/#, with: "")
    }

    static func mentions(_ text: String, _ type: String) -> Bool {
        uncommented(text).contains(try! Regex(#"@(interface|implementation)\s+"# + type + #"\b"#))
    }

    /// `-`/`+` `(type)keyword` of the first method of `proto` before `@optional` that NSObject does not provide: its
    /// first selector keyword.
    static func firstRequiredKeyword(of proto: String, in header: String) -> String? {
        let code = uncommented(header)
        guard let start = code.firstMatch(of: try! Regex(#"@protocol\s+"# + proto + #"\b[^;]*?\n"#)) else {
            return nil
        }
        let rest = code[start.range.upperBound...]
        let body = rest[..<(rest.range(of: "@end")?.lowerBound ?? rest.endIndex)]
        let required = body[..<(body.range(of: "@optional")?.lowerBound ?? body.endIndex)]
        // Not one every class inherits (`-description`): renaming it where the class overrides it breaks nothing.
        return required.matches(of: #/(?m)^\s*[-+]\s*\([^)]*\)\s*(\w+)/#).map { String($0.1) }.first { keyword in
            !ImplementationFacts.rootMembers.contains { $0.dropFirst() == keyword || $0.dropFirst() == keyword + ":" }
        }
    }

    static func renaming(_ keyword: String, in text: String) -> String {
        text.replacing(try! Regex(#"([-+]\s*\([^)]*\)\s*)"# + keyword + #"\b"#)) { match in
            String(text[match.range]).replacingOccurrences(of: keyword, with: "lsSeeded_\(keyword)")
        }
    }

    static func droppingAdoption(of proto: String, by type: String, in text: String) -> String {
        text.replacing(try! Regex(#"@interface\s+"# + type + #"\b[^<{]*<[^>]*>"#)) { match in
            let whole = String(text[match.range])
            guard let open = whole.firstIndex(of: "<") else { return whole }
            let kept = whole[whole.index(after: open)...].dropLast().split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { $0 != proto }
            return whole[..<open] + (kept.isEmpty ? "" : "<" + kept.joined(separator: ", ") + ">")
        }
    }

    static func flattened(_ path: String) -> String {
        path.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: " ", with: "_")
    }

    /// `Services` 1.0.0 (a podspec and the protocol headers) and `Impl` 1.0.0 requiring it, with the business files.
    static func workspace(_ headers: [(String, String)], _ business: [String: String]) throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let services = try ws.component("Services", kind: "protocols")
        try services.write(
            "Services.podspec",
            """
            Pod::Spec.new do |s|
              s.name = 'Services'
              s.ios.deployment_target = '12.0'
              s.source_files = 'Classes/**/*.{h,m}'
              s.public_header_files = 'Classes/**/*.h'
            end

            """)
        for (path, text) in headers { try services.write("Classes/\(flattened(path))", text) }
        try services.release("1.0.0")
        let impl = try ws.component(
            "Impl", kind: "business", implements: "Services", dependencies: [ws.dep("Services", "from: \"1.0.0\"")])
        for (path, text) in business { try impl.write("Classes/\(flattened(path))", text) }
        try impl.release("1.0.0")
        return ws
    }
}
