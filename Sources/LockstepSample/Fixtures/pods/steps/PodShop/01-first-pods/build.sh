#!/bin/sh
# PodShop's build. Where CocoaPods and Xcode exist (a macOS runner) it is the real one:
if command -v pod > /dev/null 2>&1 && command -v xcodebuild > /dev/null 2>&1; then
    pod install && exec xcodebuild -workspace PodShop.xcworkspace -scheme PodShop -destination 'generic/platform=iOS Simulator' build
fi
# Elsewhere (the demo on Linux) a stand-in does what `pod install` would resolve: the Podfile's first source
# is Lockstep's temporary spec repo, which must serve every pod at the exact version pinned, from a git repo
# holding the commit its spec names. The pods that also ship a Package.swift (the Swift ones) are then
# compiled with the app's sources by SwiftPM against exactly those commits (each pod's URL redirected to the
# git repo its spec names). Objective-C pods (a podspec, no Package.swift: ShippingProtocols, Shipping) are
# resolved and checked the same way but not compiled: Linux has no Objective-C Foundation, and the app's Swift
# sources import them only `#if canImport(…)`. STANDIN_CHECK_ONLY=1 skips the compile (fast tests).
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
    if git --git-dir "$git" cat-file -e "$commit:Package.swift" 2> /dev/null; then swiftpm=yes; else swiftpm=no; fi
    echo "$pod $version $spec $git $commit $swiftpm"
done)
echo "$resolved" | while read -r pod version spec git commit swiftpm; do
    note=""; [ "$swiftpm" = yes ] || note=" (no Package.swift: Objective-C, resolved and checked, not compiled here)"
    echo "$pod $version: $spec, source at $(echo "$commit" | cut -c1-7)$note"
done
objc=$(echo "$resolved" | awk '$6 == "no" { printf "%s%s", (n++ ? ", " : ""), $1 }')
resolved=$(echo "$resolved" | awk '$6 == "yes"')
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
    echo "$resolved" | while read -r pod version spec git commit swiftpm; do echo "    .package(url: \"https://git.example.com/ios/$pod.git\", revision: \"$commit\"),"; done
    echo '], targets: [.target(name: "PodShop", dependencies: ['
    echo "$resolved" | while read -r pod version spec git commit swiftpm; do echo "    .product(name: \"$pod\", package: \"$pod\"),"; done
    echo '])])'
} > .standin/Package.swift
cd .standin && swift build
echo "stand-in for pod install && xcodebuild: PodShop's sources compiled with SwiftPM against the pods' commits${objc:+; $objc (Objective-C) resolved and checked, not compiled} (no CocoaPods here)"
