#!/bin/sh
# PodShop's build. Where CocoaPods and Xcode exist (a macOS runner) it is the real one:
if command -v pod > /dev/null 2>&1 && command -v xcodebuild > /dev/null 2>&1; then
    pod install && exec xcodebuild -workspace PodShop.xcworkspace -scheme PodShop -destination 'generic/platform=iOS Simulator' build
fi
# Elsewhere (the demo on Linux) a stand-in checks what `pod install` would resolve in the build copy: the
# Podfile's first source is Lockstep's temporary spec repo, and it serves every pod at the exact version
# pinned, from a git repo that holds the commit the spec names.
set -eu
specs=$(sed -n "1s|^source 'file://\(.*\)'\$|\1|p" Podfile)
[ -n "$specs" ] || { echo "error: the Podfile's first source is not a local spec repo"; exit 1; }
grep "^ *pod '" Podfile | sed "s/^ *pod '\([^']*\)', '\([^']*\)'.*/\1 \2/" | while read -r pod version; do
    spec=$(ls "$specs/$pod/$version/" 2> /dev/null | head -n 1)
    [ -n "$spec" ] || { echo "error: $pod $version is not in the spec repo"; exit 1; }
    git=$(grep -o "[\"':]git[\"']* *[:=>]* *[\"'][^\"']*" "$specs/$pod/$version/$spec" | sed "s/.*[\"']//")
    commit=$(grep -o "[\"':]commit[\"']* *[:=>]* *[\"'][0-9a-f]*" "$specs/$pod/$version/$spec" | sed "s/.*[\"']//")
    git --git-dir "$git" cat-file -e "$commit^{commit}" || { echo "error: $pod $version: $git lacks $commit"; exit 1; }
    echo "$pod $version: $spec, source at $(echo "$commit" | cut -c1-7)"
done
echo "stand-in for pod install && xcodebuild: every pod resolves from the spec repo (no CocoaPods here)"
