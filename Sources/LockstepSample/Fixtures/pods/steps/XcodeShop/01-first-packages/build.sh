#!/bin/sh
# XcodeShop's build. Where Xcode exists (a macOS runner) it is the real one:
if command -v xcodebuild > /dev/null 2>&1; then
    exec xcodebuild -project XcodeShop.xcodeproj -scheme XcodeShop -destination 'generic/platform=iOS Simulator' build
fi
# Elsewhere (the demo on Linux) a stand-in builds what Xcode would: every package reference of the project
# must be an exact version that the SwiftPM mirror Lockstep configured for its URL holds as a tag; then the
# app's sources are compiled with SwiftPM against exactly those versions, through the same mirrors.
# STANDIN_CHECK_ONLY=1 skips the compile (fast tests).
set -eu
mirrors=XcodeShop.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/configuration/mirrors.json
[ -f "$mirrors" ] || { echo "error: no SwiftPM mirrors in $mirrors"; exit 1; }
packages=$(awk -F'"' '/repositoryURL = /{ url = $2 } /version = /{ sub(/.*version = /, ""); sub(/;.*/, ""); print url, $0 }' \
    XcodeShop.xcodeproj/project.pbxproj)
echo "$packages" | while read -r url version; do
    mirror=$(sed 's|\\/|/|g' "$mirrors" | awk -F'"' -v url="$url" '/"mirror"/{ m = $4 } /"original"/{ if ($4 == url) print m }' | head -n 1)
    [ -n "$mirror" ] || { echo "error: no mirror for $url"; exit 1; }
    commit=$(git --git-dir "$mirror" rev-parse -q --verify "refs/tags/$version^{commit}") || { echo "error: $url has no $version"; exit 1; }
    echo "$(basename "$url" .git) $version: mirror at $(echo "$commit" | cut -c1-7)"
done
if [ -n "${STANDIN_CHECK_ONLY:-}" ] || ! command -v swift > /dev/null 2>&1; then
    echo "stand-in for xcodebuild: every package resolves at its pinned version (no Xcode here)"
    exit 0
fi
mkdir -p .standin/Sources/XcodeShop .standin/.swiftpm/configuration
cp XcodeShop/*.swift .standin/Sources/XcodeShop/
cp "$mirrors" .standin/.swiftpm/configuration/mirrors.json
{
    echo '// swift-tools-version: 5.9'
    echo 'import PackageDescription'
    echo 'let package = Package(name: "XcodeShopStandIn", platforms: [.macOS(.v12)], dependencies: ['
    echo "$packages" | while read -r url version; do echo "    .package(url: \"$url\", exact: \"$version\"),"; done
    echo '], targets: [.target(name: "XcodeShop", dependencies: ['
    echo "$packages" | while read -r url version; do
        name=$(basename "$url" .git)
        echo "    .product(name: \"$name\", package: \"$name\"),"
    done
    echo '])])'
} > .standin/Package.swift
cd .standin && swift build
echo "stand-in for xcodebuild: XcodeShop's sources compiled with SwiftPM against the pinned packages (no Xcode here)"
