import XCTest
import SwiftParser
import LockstepAPI

final class TmpBench: XCTestCase {
    func testBench() throws {
        let text = try String(contentsOfFile: "/tmp/apidev/sample.swift", encoding: .utf8)
        let big = String(repeating: text + "\n", count: 1)
        let files = (0..<50).map { SourceFile(path: "F\($0).swift", text: big.replacingOccurrences(of: "Base", with: "Base\($0)").replacingOccurrences(of: "CartService", with: "CS\($0)")) }
        var t = Date()
        for _ in 0..<5 { for f in files { _ = Parser.parse(source: f.text) } }
        let parse = Date().timeIntervalSince(t)
        t = Date()
        var n = 0
        for _ in 0..<5 { n += APISurface.extract(from: files).declarations.count }
        let extract = Date().timeIntervalSince(t)
        print("BENCH parse \(parse) extract \(extract) decls \(n)")
    }
}
