import Foundation
@testable import LockstepManifest
import XCTest

/// Podspecs read statically, in the shapes real ones have (written for these tests): `s.`/`spec.` variables,
/// both quote styles, heredoc descriptions, subspecs with their own dependencies, platform-specific dependencies,
/// dependencies on the pod's own subspecs, Ruby Lockstep cannot read; and the JSON form spec repos hold.
final class PodspecTests: XCTestCase {
    static let podspec = """
        #
        # Be sure to run `pod lib lint Cart.podspec' before submitting.
        #
        Pod::Spec.new do |s|
          s.name             = 'Cart'
          s.version          = '2.1.0-rc.1'
          s.summary          = 'The cart of the shop.'
          s.description      = <<-DESC
        The cart keeps what the user buys.
          s.dependency 'NotADependency', '1.0'
                               DESC
          s.homepage         = 'https://git.example.com/ios/Cart'
          s.license          = { :type => 'MIT', :file => 'LICENSE' }
          s.source           = { :git => 'https://git.example.com/ios/Cart.git',
                                 :tag => s.version.to_s }
          s.ios.deployment_target = '13.0'
          s.swift_version = '5.9'
          s.source_files = 'Sources/Cart/**/*.swift'

          s.dependency 'CartProtocols', '~> 1.2'
          s.dependency "Networking", ">= 1.0", "< 3.0"
          s.ios.dependency 'Mediator', '1.4.0'
          # s.dependency 'Commented', '1.0'
          s.dependency 'Analytics',
                       '~> 4.2.1'

          s.subspec 'Core' do |core|
            core.source_files = 'Sources/Core/**/*'
          end

          s.subspec 'UI' do |ss|
            ss.dependency 'Cart/Core'
            ss.dependency 'Cart/Core', "#{s.version}"
            ss.dependency 'DesignSystem', '~> 3.0'
            ss.dependency 'Lottie', LOTTIE_VERSION
          end
        end

        """

    func testVersionNameSourceAndDependenciesAreReadWithTheirPlaces() throws {
        let manifest = try PodspecReader.parse(Self.podspec, file: "components/Cart/Cart.podspec")
        XCTAssertEqual(manifest.format, .podspec)
        XCTAssertEqual(manifest.packageName, "Cart")
        let facts = try XCTUnwrap(manifest.podspec)
        XCTAssertEqual(facts.name, "Cart")
        XCTAssertEqual(facts.version, "2.1.0-rc.1")
        XCTAssertEqual(facts.versionLine, 6)
        let text = Array(Self.podspec.utf8)
        XCTAssertEqual(String(decoding: text[try XCTUnwrap(facts.versionRange)], as: UTF8.self), "'2.1.0-rc.1'")
        XCTAssertEqual(
            String(decoding: text[try XCTUnwrap(facts.sourceRange)], as: UTF8.self),
            "{ :git => 'https://git.example.com/ios/Cart.git',\n                         :tag => s.version.to_s }")
        XCTAssertEqual(facts.sourceFiles, ["Sources/Cart/**/*.swift"])

        let read = manifest.dependencies.map { "\($0.identity) \($0.requirement.manifestText) :\($0.line)" }
        XCTAssertEqual(
            read,
            [
                "CartProtocols from: \"1.2.0\" :20",
                "Networking \"1.0.0\"..<\"3.0.0\" :21",
                "Mediator exact: \"1.4.0\" :22",
                "Analytics .upToNextMinor(from: \"4.2.1\") :24",
                "DesignSystem from: \"3.0.0\" :34",
            ], "the heredoc, the comment and the pod's own subspecs are not dependencies")
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [35], "`LOTTIE_VERSION` is Ruby")
        // One module named after the pod, from the folder `source_files` names.
        XCTAssertEqual(manifest.products.map(\.name), ["Cart"])
        XCTAssertEqual(manifest.targets.first?.path, "Sources/Cart")
    }

    func testAVersionLockstepCannotReadIsNamedNotGuessed() throws {
        let manifest = try PodspecReader.parse(
            """
            Pod::Spec.new do |spec|
              spec.name = "Login"
              spec.version = Login::VERSION
              spec.dependency "LoginProtocols", "~> 1.0"
            end
            """, file: "Login.podspec")
        XCTAssertNil(manifest.podspec?.version)
        XCTAssertEqual(manifest.unreadableDependencies.map { "\($0.line):\($0.column)" }, ["3:15"])
        XCTAssertTrue(manifest.unreadableDependencies.first?.reason.contains("not a string literal") == true)
        XCTAssertEqual(manifest.dependencies.map(\.identity), ["LoginProtocols"])
    }

    /// Ruby keeps the last version it runs and ignores `=begin` blocks and comments: Lockstep never guesses.
    func testRubyTheTextDoesNotDecideIsNeverGuessed() throws {
        let twice = try PodspecReader.parse(
            """
            =begin
              s.version = '0.0.1'
              s.dependency 'Old', '1.0'
            =end
            Pod::Spec.new do |s|
              s.name = 'Storage'
              if ENV['BETA']
                s.version = '1.0.0-beta.1'
              else
                s.version = '1.0.0'
              end
              s.source = { :git => 'https://git.example.com/ios/Storage.git', # don't edit
                           :tag => s.version.to_s }
            end
            """, file: "Storage.podspec")
        XCTAssertNil(twice.podspec?.version, "two versions: none trusted")
        XCTAssertEqual(twice.unreadableDependencies.map { "\($0.line)" }, ["10"])
        XCTAssertTrue(twice.unreadableDependencies.first?.reason.contains("more than once (also on line 8)") == true)
        XCTAssertEqual(twice.dependencies.map(\.identity), [], "the =begin block is a comment")
        XCTAssertNotNil(twice.podspec?.sourceRange, "a comment with an apostrophe inside the source hash")
        XCTAssertThrowsError(try twice.podspecForRelease(version: "1.0.1", git: "/m"))
        let replaced = try PodspecReader.parse(
            """
            Pod::Spec.new do |s|\n  s.name = 'X'\n  s.version = '1.0.0'\n  s.summary = 'Ren\u{FFFD}'\n  s.source \
            = { :git => 'x' }\nend\n
            """,
            file: "X.podspec")
        XCTAssertThrowsError(try replaced.podspecForRelease(version: "1.0.1", git: "/m")) { error in
            XCTAssertTrue("\(error)".contains("not UTF-8"), "\(error)")
        }
    }

    func testSomethingThatIsNotAPodspecIsAnError() {
        XCTAssertThrowsError(try PodspecReader.parse("puts 'hello'\n", file: "X.podspec")) { error in
            XCTAssertTrue("\(error)".contains("X.podspec:1:1"), "\(error)")
        }
    }

    static let json = """
        {
          "name": "Cart",
          "version": "2.1.0",
          "source": {
            "git": "https://git.example.com/ios/Cart.git",
            "tag": "2.1.0"
          },
          "source_files": "Sources/Cart/**/*.swift",
          "dependencies": {
            "CartProtocols": [
              "~> 1.2"
            ],
            "Networking": [">= 1.0", "< 3.0"],
            "Any": []
          },
          "subspecs": [
            {
              "name": "UI",
              "dependencies": {
                "Cart/Core": [],
                "DesignSystem": ["~> 3.0.1"],
                "Odd": ["!= 1.0"]
              }
            }
          ]
        }
        """

    func testTheJSONFormIsReadWithItsPlaces() throws {
        let manifest = try PodspecReader.parseJSON(Self.json, file: "Specs/Cart/2.1.0/Cart.podspec.json")
        XCTAssertEqual(manifest.format, .podspecJSON)
        let facts = try XCTUnwrap(manifest.podspec)
        XCTAssertEqual(facts.name, "Cart")
        XCTAssertEqual(facts.version, "2.1.0")
        XCTAssertEqual(facts.versionLine, 3)
        let text = Array(Self.json.utf8)
        XCTAssertEqual(String(decoding: text[try XCTUnwrap(facts.versionRange)], as: UTF8.self), "\"2.1.0\"")
        XCTAssertTrue(
            String(decoding: text[try XCTUnwrap(facts.sourceRange)], as: UTF8.self).hasPrefix("{\n    \"git\""))
        XCTAssertEqual(
            manifest.dependencies.map { "\($0.identity) \($0.requirement.manifestText) :\($0.line)" },
            [
                "CartProtocols from: \"1.2.0\" :10",
                "Networking \"1.0.0\"..<\"3.0.0\" :13",
                "Any \"0.0.0\"..<\"999999.0.0\" :14",
                "DesignSystem .upToNextMinor(from: \"3.0.1\") :21",
            ])
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [22], "`!= 1.0` has no SwiftPM equivalent")
        XCTAssertEqual(String(decoding: text[manifest.dependencies[0].requirementRange], as: UTF8.self), "\"~> 1.2\"")
    }

    func testBrokenJSONFailsWithLineAndColumn() {
        for (text, place) in [
            ("{\n  \"name\": \"Cart\",\n  \"version\": 2.1.0\n}", "3:14"), ("{\"name\": \"Cart\"", "1:16"),
            ("[1,", "1:4"),
        ] {
            XCTAssertThrowsError(try PodspecReader.parseJSON(text, file: "Cart.podspec.json"), text) { error in
                XCTAssertTrue("\(error)".contains("Cart.podspec.json:\(place):"), "\(error)")
            }
        }
        let deep = String(repeating: "[", count: 5_000)
        XCTAssertThrowsError(try PodspecReader.parseJSON(deep, file: "Deep.podspec.json"))
    }

    func testAReleaseSpecChangesOnlyTheVersionAndTheSource() throws {
        let ruby = try PodspecReader.parse(Self.podspec, file: "Cart.podspec")
        let released = try ruby.podspecForRelease(version: "2.1.0", git: "/tmp/it's/Cart.git", tag: "v2.1.0")
        XCTAssertEqual(
            released,
            Self.podspec
                .replacingOccurrences(of: "'2.1.0-rc.1'", with: "'2.1.0'")
                .replacingOccurrences(
                    of:
                        """
                        { :git => 'https://git.example.com/ios/Cart.git',\n                         :tag => \
                        s.version.to_s }
                        """,
                    with: "{ :git => '/tmp/it\\'s/Cart.git', :tag => 'v2.1.0' }"))
        let reread = try PodspecReader.parse(released, file: "Cart.podspec")
        XCTAssertEqual(reread.podspec?.version, "2.1.0")
        XCTAssertEqual(reread.dependencies.map(\.requirement), ruby.dependencies.map(\.requirement))

        let json = try PodspecReader.parseJSON(Self.json, file: "Cart.podspec.json")
        let pinned = try json.podspecForRelease(version: "2.2.0", git: "/tmp/mirrors/Cart.git", commit: "0123abcd")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(pinned.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? String, "2.2.0")
        XCTAssertEqual(object["source"] as? [String: String], ["git": "/tmp/mirrors/Cart.git", "commit": "0123abcd"])
        XCTAssertEqual(
            try PodspecReader.parseJSON(pinned, file: "x.podspec.json").dependencies.map(\.requirement),
            json.dependencies.map(\.requirement))

        let noVersion = try PodspecReader.parse(
            "Pod::Spec.new do |s|\n  s.name = 'X'\n  s.version = X::V\nend\n", file: "X.podspec")
        XCTAssertThrowsError(try noVersion.podspecForRelease(version: "1.0.0", git: "/m")) { error in
            XCTAssertTrue("\(error)".contains("no literal `version`"), "\(error)")
        }
        XCTAssertThrowsError(try ruby.podspecForRelease(version: "1.0.0\n", git: "/m"))
    }

    /// Generated stress cases: thousands of dependencies and subspecs, a megabyte-long heredoc, JSON nested to the
    /// limit and past it; read whole in bounded time, never a crash.
    func testGeneratedStressCases() throws {
        var ruby = "Pod::Spec.new do |s|\n  s.name = 'Big'\n  s.version = '1.0.0'\n  s.description = <<-DESC\n"
        ruby += String(repeating: "  s.dependency 'Fake', '1.0'\n", count: 20_000) + "  DESC\n"
        for index in 0..<5_000 {
            ruby +=
                "  s.subspec 'Sub\(index)' do |ss|\n    ss.dependency 'Pod\(index)', '~> \(index % 9 + 1).0'\n  end\n"
        }
        ruby += "end\n"
        let manifest = try PodspecReader.parse(ruby, file: "Big.podspec")
        XCTAssertEqual(manifest.dependencies.count, 5_000)
        XCTAssertFalse(manifest.dependencies.contains { $0.identity == "Fake" }, "heredoc text")
        let deps = (0..<10_000).map { "\"Pod\($0)\": [\"~> 1.\($0 % 7)\"]" }.joined(separator: ", ")
        let json = try PodspecReader.parseJSON(
            "{\"name\": \"Big\", \"version\": \"1.0.0\", \"dependencies\": {\(deps)}}", file: "Big.podspec.json")
        XCTAssertEqual(json.dependencies.count, 10_000)
        let nested =
            "{\"name\": \"Deep\", \"subspecs\": " + String(repeating: "[{\"subspecs\": ", count: 90) + "[]"
            + String(repeating: "}]", count: 90) + "}"
        XCTAssertNoThrow(try PodspecReader.parseJSON(nested, file: "Deep.podspec.json"))
        let tooDeep =
            "{\"name\": \"Deep\", \"subspecs\": " + String(repeating: "[{\"subspecs\": ", count: 150) + "[]"
            + String(repeating: "}]", count: 150) + "}"
        XCTAssertThrowsError(try PodspecReader.parseJSON(tooDeep, file: "Deep.podspec.json")) { error in
            XCTAssertTrue("\(error)".contains("nested deeper than 200 levels"), "\(error)")
        }
    }

    func testFormatsAreRecognizedByFileName() {
        XCTAssertEqual(ManifestFormat(path: "Cart.podspec"), .podspec)
        XCTAssertEqual(ManifestFormat(path: "specs/Cart.podspec.json"), .podspecJSON)
        XCTAssertNil(ManifestFormat(path: ".podspec"))
        XCTAssertEqual(PodspecReader.sourceFolder(["Sources/**/*.swift"]), "Sources")
        XCTAssertEqual(PodspecReader.sourceFolder(["Cart/Classes/Cart.swift"]), "Cart/Classes")
        XCTAssertNil(PodspecReader.sourceFolder(["**/*.swift"]))
    }
}

/// Real podspecs, when a folder of them is given (`LOCKSTEP_PODSPEC_CORPUS=DIR`, see `ci/try-podspecs`): each
/// reads as a podspec, and every `.dependency` line is read, named as unreadable, or one of the pod's own subspecs.
final class PodspecCorpusTests: XCTestCase {
    func testEveryPodspecOfTheCorpusReads() throws {
        guard let folder = ProcessInfo.processInfo.environment["LOCKSTEP_PODSPEC_CORPUS"] else {
            throw XCTSkip("set LOCKSTEP_PODSPEC_CORPUS to a folder of podspecs")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        var dependencies = 0, versions = 0, unreadable: [String] = []
        for name in files {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let manifest: Manifest
            do {
                manifest =
                    name.hasSuffix(".json")
                    ? try PodspecReader.parseJSON(text, file: ManifestFile(path: name))
                    : try PodspecReader.parse(text, file: ManifestFile(path: name))
            } catch {
                XCTFail("\(error)")
                continue
            }
            let facts = try XCTUnwrap(manifest.podspec, name)
            XCTAssertNotNil(facts.name, name)
            if facts.version != nil { versions += 1 }
            XCTAssertTrue(
                facts.version != nil || !manifest.unreadableDependencies.isEmpty,
                "\(name): a version read or named as unreadable")
            dependencies += manifest.dependencies.count
            unreadable += manifest.unreadableDependencies.map(\.description)
            guard !name.hasSuffix(".json") else { continue }
            // Every `x.dependency` line outside comments: read, unreadable, or the pod's own subspec.
            let own = facts.name ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.drop { $0 == " " || $0 == "\t" }
            }
            let calls = lines.filter { line in
                guard !line.hasPrefix("#"), let dot = line.range(of: ".dependency") else { return false }
                let after = line[dot.upperBound...]
                let named = after.drop { $0 == " " || $0 == "(" }.dropFirst().prefix { $0 != "'" && $0 != "\"" }
                return (after.first == " " || after.first == "(") && named != Substring(own)
                    && !named.hasPrefix(own + "/")
                    && line[..<dot.lowerBound].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            }.count
            XCTAssertEqual(
                manifest.dependencies.count + manifest.unreadableDependencies.count - (facts.version == nil ? 1 : 0),
                calls, name)
        }
        print(
            """
            Podspec corpus: \(files.count) files, \(versions) versions read, \(dependencies) dependencies read, \
            \(unreadable.count) unreadable
            """
        )
        for line in Set(unreadable.map { $0.split(separator: ":", maxSplits: 3).last.map(String.init) ?? $0 }).sorted()
        { print("  unreadable:\(line)") }
    }
}
