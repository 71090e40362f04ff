import LockstepAPI
import XCTest

final class ProbeTests: XCTestCase {
    func testProbe() {
        let cases: [(String, String, String)] = [
            ("class first entry protocol gains a conformance before it",
             "public class C: CustomStringConvertible { public var description: String { \"\" } }",
             "public class C: Equatable, CustomStringConvertible { public var description: String { \"\" }\n public static func == (a: C, b: C) -> Bool { true } }"),
            ("class conforming to own protocol, another added first",
             "public protocol P {}\npublic protocol Q {}\npublic class C: P {}",
             "public protocol P {}\npublic protocol Q {}\npublic class C: Q, P {}"),
            ("class with a superclass gains protocol",
             "open class B {}\npublic class C: B {}",
             "open class B {}\npublic protocol Q {}\npublic class C: B, Q {}"),
            ("protocol conformance moved from decl to extension",
             "public protocol P {}\npublic class C: P {}",
             "public protocol P {}\npublic class C {}\nextension C: P {}"),
            ("conformance through a module-qualified name",
             "public struct S: Hashable {}",
             "public struct S: Swift.Hashable {}"),
        ]
        for (name, old, new) in cases {
            let diff = APIDiff(old: APISurface.extract(from: [SourceFile(path: "Sources/A.swift", text: old)]),
                new: APISurface.extract(from: [SourceFile(path: "Sources/A.swift", text: new)]))
            print("PROBE", name, "=>", diff.impact.label)
            for change in diff.changes { print("PROBE   ", change) }
        }
    }
}
