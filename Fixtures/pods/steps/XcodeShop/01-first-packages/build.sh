#!/bin/sh
# XcodeShop's build. Where Xcode exists (a macOS runner) it is the real one:
if command -v xcodebuild > /dev/null 2>&1; then
    exec xcodebuild -project XcodeShop.xcodeproj -scheme XcodeShop -destination 'generic/platform=iOS Simulator' build
fi
# Elsewhere (the demo on Linux) a stand-in checks what Xcode would resolve in the build copy: every package
# reference is an exact version, and the SwiftPM mirror Lockstep configured for its URL holds that version's tag.
set -eu
mirrors=XcodeShop.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/configuration/mirrors.json
[ -f "$mirrors" ] || { echo "error: no SwiftPM mirrors in $mirrors"; exit 1; }
awk -F'"' '/repositoryURL = /{ url = $2 } /version = /{ sub(/.*version = /, ""); sub(/;.*/, ""); print url, $0 }' \
    XcodeShop.xcodeproj/project.pbxproj | while read -r url version; do
    mirror=$(sed 's|\\/|/|g' "$mirrors" | awk -F'"' -v url="$url" '/"mirror"/{ m = $4 } /"original"/{ if ($4 == url) print m }' | head -n 1)
    [ -n "$mirror" ] || { echo "error: no mirror for $url"; exit 1; }
    commit=$(git --git-dir "$mirror" rev-parse -q --verify "refs/tags/$version^{commit}") || { echo "error: $url has no $version"; exit 1; }
    echo "$(basename "$url" .git) $version: mirror at $(echo "$commit" | cut -c1-7)"
done
echo "stand-in for xcodebuild: every package resolves at its pinned version (no Xcode here)"
