import Foundation
import LockstepManifest
import XCTest

/// Podfiles read statically, in the shapes real ones have (written for these tests): both hash syntaxes,
/// subspecs, targets and abstract targets, `def` blocks, post_install hooks, Ruby Lockstep cannot read.
final class PodfileTests: XCTestCase {
    static let podfile = """
        source 'https://github.com/example/Specs.git'
        source 'https://cdn.cocoapods.org/'
        platform :ios, '13.0'
        use_frameworks!
        inhibit_all_warnings!

        analytics_version = '4.2.0'

        def shared_pods
          pod 'Networking', '1.2.3'
          pod 'Mediator', '~> 1.0'  # the router
        end

        abstract_target 'Shop' do
          shared_pods
          pod "Cart", "~> 2.1.4"
          pod 'Firebase/Analytics', '>= 10.0', '< 11.0'
          pod 'Login', :git => 'https://git.example.com/ios/Login.git', :tag => '3.0.0'
          pod 'Detail', git: 'https://git.example.com/ios/Detail.git', branch: 'develop'
          pod 'DesignSystem', :path => '../DesignSystem'
          pod 'Picker', git: 'https://git.example.com/ios/Picker.git',
                        commit: 'fde095843bb8c08e8818097c51ed140373180790'
          pod 'Reveal-SDK', :configurations => ['Debug']
          pod 'Analytics', analytics_version
          pod 'Tracking', "#{analytics_version}"
          target 'ShopTests' do
            inherit! :search_paths
            pod 'Quick'
          end
        end

        post_install do |installer|
          installer.pods_project.targets.each do |target|
            target.build_configurations.each do |config|
              config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '13.0'
            end
          end
        end

        """

    /// A `:git` pod with a `:tag` is pinned as a version: the source options become `'1.2.3'` in the line's quotes;
    /// other options, the comment and every other byte stay.
    func testAGitPodWithATagIsPinnedAsAVersion() throws {
        let text = """
            pod 'Login', :git => "https://git.example.com/ios/Login.git", :tag => "v3.0.0", :modular_headers => true # \
            login
            pod 'Picker', git: 'https://git.example.com/ios/Picker.git',
                          tag: '2.0.0'
            pod 'Maps', :configurations => ['Debug'], :git => 'https://git.example.com/ios/Maps.git', :tag => '1.0.0'

            """
        let manifest = try PodfileReader.parse(text, file: "Podfile")
        XCTAssertEqual(manifest.dependencies.map(\.requirement), [.exact("3.0.0"), .exact("2.0.0"), .exact("1.0.0")])
        let pinned = manifest.pinning(manifest.dependencies.map { (dependency: $0, version: "9.8.7", url: nil) })
        XCTAssertEqual(
            pinned,
            """
            pod 'Login', "9.8.7", :modular_headers => true # login
            pod 'Picker', '9.8.7'
            pod 'Maps', '9.8.7', :configurations => ['Debug']

            """)
    }

    func testPodsAreReadWithTheirPlaces() throws {
        let manifest = try PodfileReader.parse(Self.podfile, file: "apps/Shop/Podfile")
        XCTAssertEqual(manifest.format, .podfile)
        XCTAssertEqual(
            manifest.dependencies.map(\.identity),
            [
                "Networking", "Mediator", "Cart", "Firebase", "Login", "Detail", "DesignSystem", "Picker", "Reveal-SDK",
                "Quick",
            ])
        XCTAssertEqual(
            manifest.dependencies.map(\.requirement),
            [
                .exact("1.2.3"), .upToNextMajor("1.0.0"), .upToNextMinor("2.1.4"), .range("10.0.0", "11.0.0"),
                .exact("3.0.0"), .branch("develop"),
                .path("../DesignSystem"), .revision("fde095843bb8c08e8818097c51ed140373180790"),
                .range("0.0.0", "999999.0.0"), .range("0.0.0", "999999.0.0"),
            ])
        XCTAssertEqual(
            manifest.dependencies.map(\.line), [10, 11, 16, 17, 18, 19, 20, 21, 23, 28],
            "a call over two lines counts from its first")
        XCTAssertEqual(
            manifest.dependencies.first { $0.identity == "Login" }?.url, "https://git.example.com/ios/Login.git")
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [24, 25])
        XCTAssertTrue(
            manifest.unreadableDependencies.allSatisfy { $0.reason.contains("cannot read statically") },
            "\(manifest.unreadableDependencies)")
    }

    func testAPinChangesOnlyTheVersionArgumentsInTheFilesQuotes() throws {
        let manifest = try PodfileReader.parse(Self.podfile, file: "Podfile")
        func pinned(_ name: String) throws -> String {
            manifest.pinning(try XCTUnwrap(manifest.dependencies.first { $0.identity == name }), toExact: "2.2.0-rc.1")
        }
        XCTAssertEqual(
            try pinned("Cart"),
            Self.podfile.replacingOccurrences(of: "pod \"Cart\", \"~> 2.1.4\"", with: "pod \"Cart\", \"2.2.0-rc.1\""))
        XCTAssertEqual(
            try pinned("Firebase"), Self.podfile.replacingOccurrences(of: "'>= 10.0', '< 11.0'", with: "'2.2.0-rc.1'"))
        XCTAssertEqual(
            try pinned("Mediator"),
            Self.podfile.replacingOccurrences(of: "'~> 1.0'  # the router", with: "'2.2.0-rc.1'  # the router"))
        XCTAssertEqual(
            try pinned("Quick"), Self.podfile.replacingOccurrences(of: "pod 'Quick'", with: "pod 'Quick', '2.2.0-rc.1'")
        )
        XCTAssertEqual(
            try PodfileReader.parse(try pinned("Cart"), file: "Podfile").dependencies.first { $0.identity == "Cart" }?
                .requirement, .exact("2.2.0-rc.1"))
    }

    func testConstraintsMeanWhatCocoaPodsMeans() {
        XCTAssertEqual(PodfileReader.requirement(["~> 1"]), .upToNextMajor("1.0.0"))
        XCTAssertEqual(PodfileReader.requirement(["~> 0.1"]), .upToNextMajor("0.1.0"), "~> 0.1 admits 0.1 ≤ v < 1.0")
        XCTAssertEqual(PodfileReader.requirement(["~> 1.2.3"]), .upToNextMinor("1.2.3"))
        XCTAssertEqual(PodfileReader.requirement(["= 1.2"]), .exact("1.2.0"))
        XCTAssertEqual(PodfileReader.requirement(["1.2.3-beta.1"]), .exact("1.2.3-beta.1"))
        XCTAssertEqual(PodfileReader.requirement(["< 2.0", ">= 1.4"]), .range("1.4.0", "2.0.0"))
        XCTAssertEqual(PodfileReader.requirement(["> 1.0"]), .range("1.0.1", "999999.0.0"), "every release after 1.0.0")
        XCTAssertEqual(PodfileReader.requirement(["<= 1.4"]), .range("0.0.0", "1.4.1"))
        // Constraints intersect, as CocoaPods applies them all.
        XCTAssertEqual(PodfileReader.requirement(["~> 1.6", ">= 1.6.1"]), .upToNextMajor("1.6.1"))
        XCTAssertEqual(PodfileReader.requirement(["~> 4.4", ">= 4.4.2", "< 4.9"]), .range("4.4.2", "4.9.0"))
        XCTAssertNil(PodfileReader.requirement([">= 2.0", "< 1.0"]), "admits nothing")
        XCTAssertNil(PodfileReader.requirement(["= 1.0", "< 2.0"]))
        XCTAssertNil(PodfileReader.requirement(["~> x.y"]))
        XCTAssertNil(PodfileReader.requirement(["!= 1.0"]))
    }

    func testOddLinesNeverCrash() throws {
        let odd =
            "pod\npod 'A\npod 'B', :tag =>\npod :c\npod 'D', '1.0' if ENV['X']\n"
            + String(repeating: "pod 'E', '1.0'\n", count: 20_000)
        let manifest = try PodfileReader.parse(odd, file: "Podfile")
        XCTAssertEqual(manifest.dependencies.count, 20_000 + 1)
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [2, 4, 5])
    }
}

/// Real Podfiles, when a folder of them is given (`LOCKSTEP_PODFILE_CORPUS=DIR`): every `pod` line is read or
/// named as unreadable, and a pin of each read one changes only its version bytes.
final class PodfileCorpusTests: XCTestCase {
    func testEveryPodfileOfTheCorpusReads() throws {
        guard let folder = ProcessInfo.processInfo.environment["LOCKSTEP_PODFILE_CORPUS"] else {
            throw XCTSkip("set LOCKSTEP_PODFILE_CORPUS to a folder of Podfiles")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        var pods = 0, unreadable: [String] = []
        for name in files {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let manifest = try PodfileReader.parse(text, file: ManifestFile(path: name))
            let calls = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
                let line = $0.drop { $0 == " " || $0 == "\t" }
                return line.hasPrefix("pod ") || line.hasPrefix("pod(") || line.hasPrefix("pod\t")
            }.count
            XCTAssertEqual(manifest.dependencies.count + manifest.unreadableDependencies.count, calls, name)
            pods += manifest.dependencies.count
            unreadable += manifest.unreadableDependencies.map(\.description)
            let bytes = Array(text.utf8)
            for dependency in manifest.dependencies {
                let after = Array(manifest.pinning(dependency, toExact: "9.8.7").utf8)
                let tail = bytes.count - dependency.requirementRange.upperBound
                XCTAssertTrue(
                    after.prefix(dependency.requirementRange.lowerBound).elementsEqual(
                        bytes.prefix(dependency.requirementRange.lowerBound))
                        && after.suffix(tail).elementsEqual(bytes.suffix(tail)), name)
            }
        }
        print("Podfile corpus: \(files.count) files, \(pods) pods read, \(unreadable.count) unreadable")
        for line in Set(unreadable.map { $0.split(separator: ":", maxSplits: 3).last.map(String.init) ?? $0 }).sorted()
        { print("  unreadable:\(line)") }
    }
}

/// Podfile.lock: what CocoaPods resolved, read by pod name; anything but a plain lock is an error with its place.
final class PodfileCommentAndSourceTests: XCTestCase {
    func testBeginEndBlocksAreCommentsAndOwnSourcesAreNamed() throws {
        let manifest = try PodfileReader.parse(
            """
            target 'App' do
            =begin
              pod 'Storage', '0.9.0'
            =end
              pod 'Storage', '1.0.0'
              pod 'Payments', '1.0.0', :source => 'https://github.com/CocoaPods/Specs.git'
              pod 'Maps', :podspec => 'https://example.com/Maps.podspec'
            end
            """, file: "Podfile")
        XCTAssertEqual(
            manifest.dependencies.map { "\($0.identity):\($0.line):\($0.podOption ?? "-")" },
            ["Storage:5:-", "Payments:6:source", "Maps:7:podspec"])
    }
}

/// Values quoted in messages and written into files: no terminal escapes, no megabyte versions, in any format.
final class UnprintableValueTests: XCTestCase {
    func testControlCharactersAndHugeValuesAreSetAside() throws {
        let podfile =
            """
            pod 'Payments', '1.0.0\u{1B}]0;PWNED\u{07}'\npod 'Storage', \
            '\(String(repeating: "9", count: 5_000))'\npod 'Fine', '1.0.0'\n
            """
        let manifest = try ManifestFormat.podfile.read(podfile, file: "Podfile")
        XCTAssertEqual(manifest.dependencies.map(\.identity), ["Fine"])
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [1, 2])
        XCTAssertFalse(
            manifest.unreadableDependencies.map(\.description).joined().unicodeScalars.contains { $0.value == 0x1B },
            "nothing echoed: \(manifest.unreadableDependencies.map(\.description).joined().debugDescription)")
        let json = try ManifestFormat.podspecJSON.read(
            "{\"name\": \"X\", \"version\": \"1.0.0\", \"dependencies\": {\"Y\\u001b[2J\": [\"1.0.0\"]}}",
            file: "X.podspec.json")
        XCTAssertEqual(json.dependencies.count, 0)
        XCTAssertEqual(json.unreadableDependencies.count, 1)
    }
}

final class PodfileLockTests: XCTestCase {
    func testResolvedVersionsAreReadByPod() throws {
        let lock = """
            PODS:
              - Base (1.0.0)
              - Cart (1.0.1):
                - Base (~> 1.0)
                - CartProtocols (~> 1.0)
              - CartProtocols (1.0.0):
                - Base (~> 1.0)
              - Firebase/Analytics (10.4.0):
                - Firebase/Core
              - Firebase/Core (10.4.0)

            DEPENDENCIES:
              - Base (= 1.0.0)
              - Cart (= 1.0.1)

            SPEC CHECKSUMS:
              Base: 0123456789abcdef0123456789abcdef01234567

            PODFILE CHECKSUM: 89abcdef0123456789abcdef0123456789abcdef

            COCOAPODS: 1.15.2

            """
        let resolved = try PodfileLockReader.parse(lock, file: "Podfile.lock")
        XCTAssertEqual(
            resolved.mapValues(\.version),
            ["Base": "1.0.0", "Cart": "1.0.1", "CartProtocols": "1.0.0", "Firebase": "10.4.0"])
        XCTAssertEqual(resolved["Cart"]?.line, 3)
        XCTAssertThrowsError(try PodfileLockReader.parse("DEPENDENCIES: []\n", file: "Podfile.lock")) { error in
            XCTAssertTrue("\(error)".contains("has no `PODS:` list"), "\(error)")
        }
        XCTAssertThrowsError(try PodfileLockReader.parse("PODS: &p [a]\nX: *p\n", file: "Podfile.lock")) { error in
            XCTAssertTrue("\(error)".contains("Podfile.lock:1:7"), "\(error)")
        }
        XCTAssertThrowsError(try PodfileLockReader.parse("PODS: [\n", file: "Podfile.lock"))
        // Generated: a lock of 20,000 pods reads whole.
        let big =
            "PODS:\n" + (0..<20_000).map { "  - Pod\($0) (1.\($0 % 50).0):\n    - Base (~> 1.0)\n" }.joined()
            + "\nCOCOAPODS: 1.15.2\n"
        XCTAssertEqual(try PodfileLockReader.parse(big, file: "Podfile.lock").count, 20_000)
    }
}

/// Real Podfile.locks, when a folder of them is given (`LOCKSTEP_PODFILELOCK_CORPUS=DIR`, see `ci/try-xcode`):
/// each reads, with one version for every pod its `PODS:` names (by an independent line scan).
final class PodfileLockCorpusTests: XCTestCase {
    func testEveryLockOfTheCorpusReads() throws {
        guard let folder = ProcessInfo.processInfo.environment["LOCKSTEP_PODFILELOCK_CORPUS"] else {
            throw XCTSkip("set LOCKSTEP_PODFILELOCK_CORPUS to a folder of Podfile.lock files")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        var pods = 0
        for name in files {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let resolved = try PodfileLockReader.parse(text, file: ManifestFile(path: name))
            // `  - Name (1.2.3)` or `  - "Name (1.2.3)":` lines of the PODS section, subspecs folded into their pod.
            var names = Set<String>()
            var inPods = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !line.hasPrefix(" ") && !line.isEmpty { inPods = line.hasPrefix("PODS:") }
                guard inPods, line.hasPrefix("  - ") else { continue }
                let entry = line.dropFirst(4).filter { $0 != "\"" }
                guard let open = entry.lastIndex(of: "(") else { continue }
                names.insert(
                    String(entry[..<open].trimmingCharacters(in: .whitespaces).split(separator: "/").first ?? ""))
            }
            XCTAssertEqual(Set(resolved.keys), names, name)
            pods += resolved.count
        }
        print("Podfile.lock corpus: \(files.count) files, \(pods) pods resolved")
    }
}
