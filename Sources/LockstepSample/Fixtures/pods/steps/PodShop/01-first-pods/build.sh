#!/bin/sh
# PodShop's build. Where CocoaPods and Xcode exist (a macOS runner) it is the real one:
if command -v pod > /dev/null 2>&1 && command -v xcodebuild > /dev/null 2>&1; then
    pod install && exec xcodebuild -workspace PodShop.xcworkspace -scheme PodShop -destination 'generic/platform=iOS Simulator' build
fi
# Elsewhere (the demo on Linux) a stand-in does what `pod install` would resolve: the Podfile's first source
# is Lockstep's temporary spec repo, which must serve every pod at the exact version pinned, from a git repo
# holding the commit its spec names. These pods also ship a Package.swift, so the app's sources are then
# compiled with SwiftPM against exactly those commits (each pod's URL redirected to the git repo its spec
# names). STANDIN_CHECK_ONLY=1 skips the compile (fast tests).
set -eu
specs=$(sed -n "1s|^source 'file://\(.*\)'\$|\1|p" Podfile)
[ -n "$specs" ] || { echo "error: the Podfile's first source is not a local spec repo"; exit 1; }
pods=$(grep "^ *pod '" Podfile | sed "s/^ *pod '\([^']*\)', '\([^']*\)'.*/\1 \2/")
resolved=$(echo "$pods" | while read -r pod version; do
    spec=$(ls "$specs/$pod/$version/" 2> /dev/null | head -n 1)
    [ -n "$spec" ] || { echo "error: $pod $version is not in the spec repo" >&2; exit 1; }
    git=$(grep -o "[\"':]git[\"']* *[:=>]* *[\"'][^\"']*" "$specs/$pod/$version/$spec" | sed "s/.*[\"']//")
    commit=$(grep -o "[\"':]commit[\"']* *[:=>]* *[\"'][0-9a-f]*" "$specs/$pod/$version/$spec" | sed "s/.*[\"']//")
    git --git-dir "$git" cat-file -e "$commit^{commit}" || { echo "error: $pod $version: $git lacks $commit" >&2; exit 1; }
    echo "$pod $version $spec $git $commit"
done)
echo "$resolved" | while read -r pod version spec git commit; do echo "$pod $version: $spec, source at $(echo "$commit" | cut -c1-7)"; done
if [ -n "${STANDIN_CHECK_ONLY:-}" ] || ! command -v swift > /dev/null 2>&1; then
    echo "stand-in for pod install && xcodebuild: every pod resolves from the spec repo (no CocoaPods here)"
    exit 0
fi
mkdir -p .standin/Sources/PodShop .standin/.swiftpm/configuration
cp Sources/PodShop/*.swift .standin/Sources/PodShop/
{
    echo '{ "version": 1, "object": ['
    echo "$resolved" | awk '{ printf "%s{ \"original\": \"https://git.example.com/ios/%s.git\", \"mirror\": \"%s\" }\n", (NR > 1 ? ", " : ""), $1, $4 }'
    echo '] }'
} > .standin/.swiftpm/configuration/mirrors.json
{
    echo '// swift-tools-version: 5.9'
    echo 'import PackageDescription'
    echo 'let package = Package(name: "PodShopStandIn", platforms: [.macOS(.v12)], dependencies: ['
    echo "$resolved" | while read -r pod version spec git commit; do echo "    .package(url: \"https://git.example.com/ios/$pod.git\", revision: \"$commit\"),"; done
    echo '], targets: [.target(name: "PodShop", dependencies: ['
    echo "$resolved" | while read -r pod version spec git commit; do echo "    .product(name: \"$pod\", package: \"$pod\"),"; done
    echo '])])'
} > .standin/Package.swift
cd .standin && swift build
echo "stand-in for pod install && xcodebuild: PodShop's sources compiled with SwiftPM against the pods' commits (no CocoaPods here)"
