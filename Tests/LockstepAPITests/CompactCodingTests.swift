import Foundation
import LockstepAPI
import XCTest

/// The API cache's binary form: every value comes back equal, and anything but a whole body decodes to nil.
final class CompactCodingTests: XCTestCase {
    /// A file exercising every field: overloads (base keys), extensions, conformances, generics, aliases (also per
    /// platform, generic ones), primary associated types, hidden types, `#if` platforms, non-ASCII text and a
    /// negative-free but multi-byte line number.
    static let text = """
        public protocol Store<Item> { associatedtype Item; func put(_ item: Item) }
        public typealias Pair<A> = Box<A, A>
        public struct Box<T, U>: Store, Equatable { public func put(_ item: T) {} }
        public func over(_ x: Int) {}
        public func over(_ x: String) {}
        struct Hidden {}
        extension Hidden { public func h() {} }
        extension Box where T == Int { public var café: String { "☕" } }
        public typealias Count = Int
        #if os(iOS)
        public typealias Mode = UInt16
        public func onlyOnIOS() {}
        #else
        public typealias Mode = UInt32
        #endif
        public enum E { case a(Int), b }
        """ + String(repeating: "\n", count: 300) + "public let late = 1\n"

    func testSurfacesComeBackEqual() throws {
        let context = APIContext(platforms: ["iOS", "macOS", "Linux"])
        let surface = APIFileSurface.extract(
            from: SourceFile(path: "Sources/M/A.swift", text: Self.text), context: context)
        XCTAssertGreaterThan(surface.count, 10)
        XCTAssertEqual(APIFileSurface(compact: surface.compactEncoded), surface)
        let empty = APIFileSurface.extract(from: SourceFile(path: "E.swift", text: ""))
        XCTAssertEqual(APIFileSurface(compact: empty.compactEncoded), empty)
        XCTAssertLessThan(
            surface.compactEncoded.count, try JSONEncoder().encode(surface).count / 2, "smaller than JSON too")
    }

    func testChangesComeBackEqual() throws {
        let old = APIFileSurface.extract(from: SourceFile(path: "A.swift", text: Self.text))
        let new = APIFileSurface.extract(
            from: SourceFile(
                path: "A.swift",
                text: Self.text.replacingOccurrences(of: "public func over(_ x: String) {}", with: "")
                    .replacingOccurrences(of: "func put(_ item: Item) }", with: "func put(_ item: Item); func take() }")
                    + "public func added(_ a: Int = 1) {}\n"))
        let changes = APIDiff(old: [old], new: [new], shared: []).changes
        XCTAssertGreaterThanOrEqual(changes.count, 3)
        XCTAssertEqual(APIChange.decodeCompact(APIChange.compactEncoded(changes)), changes)
        var noted = changes[0]
        noted.note = "a note"
        noted.platforms = ["iOS"]
        XCTAssertEqual(APIChange.decodeCompact(APIChange.compactEncoded([noted])), [noted])
        XCTAssertEqual(APIChange.decodeCompact(APIChange.compactEncoded([])), [])
    }

    func testAnythingButAWholeBodyIsNil() throws {
        let surface = APIFileSurface.extract(from: SourceFile(path: "A.swift", text: Self.text))
        let bytes = surface.compactEncoded
        for cut in [0, 1, 2, 3, 4, bytes.count / 2, bytes.count - 1] {
            XCTAssertNil(APIFileSurface(compact: Array(bytes.prefix(cut))), "cut at \(cut)")
        }
        XCTAssertNil(APIFileSurface(compact: bytes + [0]), "a trailing byte")
        XCTAssertNil(APIFileSurface(compact: Array(try JSONEncoder().encode(surface))), "the old JSON form")
        XCTAssertNil(APIChange.decodeCompact(bytes), "a surface is not a list of changes")
        var huge = Array(bytes.prefix(3))
        huge += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
        XCTAssertNil(APIFileSurface(compact: huge), "a count larger than the body")
        // Every single-byte corruption decodes to nil or to some surface, never traps.
        for index in stride(from: 3, to: bytes.count, by: 7) {
            var corrupt = bytes
            corrupt[index] ^= 0xA5
            _ = APIFileSurface(compact: corrupt)
        }
    }
}
