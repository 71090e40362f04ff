import ArgumentParser
import Foundation
@testable import LockstepCLI
import XCTest

/// Every `lockstep …` command line the README and docs/ show names a command that exists, with options that command
/// takes: a renamed command or option cannot leave the documentation behind.
final class DocumentedCommandsTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Options every command takes (some hidden from its help) and the root command's own.
    static let everywhere: Set<String> = ["--workspace", "--quiet", "--verbose", "-q", "-v", "--help", "-h"]
    static let rootOptions: Set<String> = ["--version", "--help", "--generate-completion-script"]

    static func documents() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = (FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []).filter {
            $0.hasSuffix(".md")
        }
        return [root.appendingPathComponent("README.md"), root.appendingPathComponent("ci/pipelines/README.md")]
            + names.sorted().map { docs.appendingPathComponent($0) }
    }

    /// The code of a Markdown text: each line of a fenced block and each inline code span.
    static func code(in text: String) -> [String] {
        var result: [String] = []
        var fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            if fenced { result.append(line) }
            result += line.matches(of: /`([^`]+)`/).map { String($0.1) }
        }
        return result
    }

    /// `lockstep WORD ARGS…` where lockstep starts a command (a line, after `$ `, a pipe, `&&`, `;`, `$(`), up to the
    /// end of that command: the word and the options it is given.
    static func commandLines(in code: String) -> [(command: String, options: [String])] {
        var found: [(String, [String])] = []
        for match in code.matches(of: /(?:^|\$ |\| |&& |; |\$\()lockstep ((?:--)?[a-z][a-z-]*)([^|;&#>)`]*)/) {
            let options = match.2.split(separator: " ").map(String.init).filter { $0.hasPrefix("-") }
                .map { String($0.split(separator: "=", maxSplits: 1)[0]) }
            found.append((String(match.1), options))
        }
        return found
    }

    func testTheParserFindsCommandLines() {
        XCTAssertEqual(Self.commandLines(in: "$ lockstep matrix --wide").map(\.command), ["matrix"])
        XCTAssertEqual(Self.commandLines(in: "lockstep graph | dot -Tsvg > graph.svg").first?.options, [])
        XCTAssertEqual(
            Self.commandLines(in: "bash ci/demo    # builds lockstep and runs").count, 0,
            "prose in a comment is not a command")
        XCTAssertEqual(Self.commandLines(in: "cd \"$(lockstep demo --replay-only)\"").first?.options, ["--replay-only"])
        XCTAssertEqual(Self.commandLines(in: "lockstep check --format=json").first?.options, ["--format"])
    }

    func testEveryDocumentedCommandAndOptionExists() throws {
        let commands = Dictionary(
            uniqueKeysWithValues: LockstepCommand.configuration.subcommands.map { ($0._commandName, $0) })
        var checked = 0
        for file in try Self.documents() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for code in Self.code(in: text) {
                for (command, options) in Self.commandLines(in: code) {
                    let place = "\(file.lastPathComponent): `\(code)`"
                    checked += 1
                    if command.hasPrefix("-") {
                        XCTAssertTrue(Self.rootOptions.contains(command), "\(place): lockstep has no option \(command)")
                        continue
                    }
                    guard let type = commands[command] else {
                        XCTFail("\(place): lockstep has no command \(command)")
                        continue
                    }
                    let help = LockstepCommand.helpMessage(for: type, columns: 1000)
                    for option in options where !Self.everywhere.contains(option) {
                        XCTAssertNotNil(
                            help.firstMatch(of: try Regex("(^|[\\s,\\[])\(option)([^a-z-]|$)")),
                            "\(place): lockstep \(command) has no option \(option)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 40, "command lines were found")
    }
}
