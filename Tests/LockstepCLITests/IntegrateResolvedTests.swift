import Foundation
@testable import LockstepCore
import LockstepTestSupport
import XCTest

/// The pin commit carries main's `Package.resolved` along (same commit, SwiftPM's format, the checkout follows).
final class IntegrateResolvedTests: XCTestCase {
    func resolved(_ iw: IntegrationWorkspace, cartRevision: String, cartVersion: String, originHash: String?) throws
        -> String
    {
        func entry(_ name: String, _ revision: String, _ version: String) -> String {
            """
                {
                  "identity" : "\(name.lowercased())",
                  "kind" : "remoteSourceControl",
                  "location" : "\(iw.ws.url(name))",
                  "state" : {
                    "revision" : "\(revision)",
                    "version" : "\(version)"
                  }
                }
            """
        }
        let base = try iw.ws["Base"].git("rev-list", "-n", "1", "1.0.0")
        let protocols = try iw.ws["CartProtocols"].git("rev-list", "-n", "1", "1.0.0")
        return "{\n" + (originHash.map { "  \"originHash\" : \"\($0)\",\n" } ?? "") + "  \"pins\" : [\n"
            + [
                entry("Base", base, "1.0.0"), entry("Cart", cartRevision, cartVersion),
                entry("CartProtocols", protocols, "1.0.0"),
            ].joined(separator: ",\n")
            + "\n  ],\n  \"version\" : \(originHash == nil ? 2 : 3)\n}\n"
    }

    func testThePinCommitUpdatesPackageResolvedInSwiftPMsFormat() throws {
        for format3 in [false, true] {
            let iw = try IntegrationWorkspace()
            let cart100 = try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.0")
            let manifestBefore = try Data(contentsOf: iw.ws["Main"].url.appendingPathComponent("Package.swift"))
            let hash = format3 ? SHA256.hex(manifestBefore) : nil
            try iw.ws["Main"].write(
                "Package.resolved", try resolved(iw, cartRevision: cart100, cartVersion: "1.0.0", originHash: hash))
            try iw.ws["Main"].commit("track Package.resolved")
            try iw.lockstep("bump", "Cart")
            let rc = try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.1-rc.1")
            let result = try iw.lockstep("integrate", "Cart")
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
            XCTAssertTrue(result.stdout.contains("Package.resolved updated"), result.stdout)
            let manifestAfter = Data(try iw.ws["Main"].git("show", "HEAD:Package.swift").utf8 + [0x0A])
            let expected = try resolved(
                iw, cartRevision: rc, cartVersion: "1.0.1", originHash: format3 ? SHA256.hex(manifestAfter) : nil)
            let committed = try String(
                contentsOf: iw.ws["Main"].url.appendingPathComponent("Package.resolved"), encoding: .utf8)
            XCTAssertEqual(committed, expected, "format \(format3 ? 3 : 2)")
            XCTAssertEqual(
                try iw.ws["Main"].git("show", "--stat", "--format=", "HEAD").split(separator: "\n").count, 3,
                "both files in one commit")
            XCTAssertEqual(try iw.ws["Main"].git("status", "--porcelain"), "", "the checkout follows both files")
        }
    }

    func testUncommittedEditsOfOtherEntriesAreKeptAndEditsOfThePinnedEntryRefused() throws {
        let iw = try IntegrationWorkspace()
        let cart100 = try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.0")
        let file = iw.ws["Main"].url.appendingPathComponent("Package.resolved")
        let committed = try resolved(iw, cartRevision: cart100, cartVersion: "1.0.0", originHash: nil)
        try iw.ws["Main"].write("Package.resolved", committed)
        try iw.ws["Main"].commit("track Package.resolved")
        try iw.lockstep("bump", "Cart")
        // A local resolve moved Cart's entry: that touches what the pin rewrites, so the run refuses up front.
        try committed.replacingOccurrences(
            of: "\"version\" : \"1.0.0\"\n      }\n    },\n    {\n      \"identity\" : \"cartprotocols\"",
            with: "\"version\" : \"0.9.0\"\n      }\n    },\n    {\n      \"identity\" : \"cartprotocols\""
        )
        .write(to: file, atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try String(contentsOf: file, encoding: .utf8), committed)
        let refused = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.contains("apps/Main/Package.resolved touch the lines the pin rewrites"), refused.stderr)
        XCTAssertEqual(iw.builds(), [])
        // An edit of another entry is kept, and the pin lands beside it.
        let local = committed.replacingOccurrences(of: "\"identity\" : \"base\",", with: "\"identity\" : \"base\", ")
        XCTAssertNotEqual(local, committed)
        try local.write(to: file, atomically: true, encoding: .utf8)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("your uncommitted edits kept"), result.stdout)
        let rc = try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.1")
        let pinned = try resolved(iw, cartRevision: rc, cartVersion: "1.0.1", originHash: nil)
        XCTAssertEqual(try iw.ws["Main"].git("show", "HEAD:Package.resolved") + "\n", pinned)
        XCTAssertEqual(
            try String(contentsOf: file, encoding: .utf8),
            pinned.replacingOccurrences(of: "\"identity\" : \"base\",", with: "\"identity\" : \"base\", "))
    }

    func testAPackageResolvedWithoutTheComponentIsLeftAndSaysSo() throws {
        let iw = try IntegrationWorkspace()
        let text = "{\n  \"pins\" : [\n  ],\n  \"version\" : 2\n}\n"
        try iw.ws["Main"].write("Package.resolved", text)
        try iw.ws["Main"].commit("empty Package.resolved")
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("Package.resolved has no entry for cart, left as it is"), result.stdout)
        XCTAssertEqual(try iw.ws["Main"].git("show", "HEAD:Package.resolved") + "\n", text)
    }

    func testABrokenPackageResolvedIsRefusedByTheDryRunAndTheRun() throws {
        let iw = try IntegrationWorkspace()
        try iw.ws["Main"].write("Package.resolved", "{\n  \"pins\" : [\n")
        try iw.ws["Main"].commit("broken")
        try iw.lockstep("bump", "Cart")
        let dry = try iw.lockstep("integrate", "Cart", "--dry-run")
        let real = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(real.status, 1)
        XCTAssertTrue(real.stderr.contains("apps/Main/Package.resolved is not valid JSON"), real.stderr)
        XCTAssertEqual(dry.status, 1)
        XCTAssertEqual(dry.stderr, real.stderr)
        XCTAssertEqual(iw.builds(), [])
    }
}
