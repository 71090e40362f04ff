# Homebrew formula for Lockstep, built from source. This repository is its own tap:
#   brew tap acme/lockstep https://git.example.com/ios/lockstep.git
#   brew install acme/lockstep/lockstep          # the tag below; --HEAD for the newest commit of main
# Set `homepage`, `url` and `head` to where your team hosts Lockstep, and `tag`/`revision` to its newest release.
# A release build takes about 15 minutes on 2 cores, most of it compiling swift-syntax.
class Lockstep < Formula
  desc "Keep component repos and the iOS apps built from them in lockstep"
  homepage "https://git.example.com/ios/lockstep"
  url "https://git.example.com/ios/lockstep.git", tag: "v0.1.0"
  head "https://git.example.com/ios/lockstep.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on "libgit2"

  on_macos do
    # Swift 6.2 or newer (Package.swift: swift-tools-version 6.2).
    depends_on xcode: ["26.0", :build]
  end

  on_linux do
    depends_on "swift" => :build
  end

  def install
    args = ["--disable-sandbox", "--configuration", "release", "--product", "lockstep"]
    # On Linux the Swift runtime goes into the binary, so the build-time swift is not needed to run it.
    args << "--static-swift-stdlib" if OS.linux?
    system "swift", "build", *args
    bin_path = Utils.safe_popen_read("swift", "build", *args, "--show-bin-path").chomp
    libexec.install "#{bin_path}/lockstep"
    # `lockstep demo` finds the sample in the module's resource bundle beside the binary (links followed).
    libexec.install Dir["#{bin_path}/Lockstep_LockstepSample.{resources,bundle}"]
    bin.install_symlink libexec/"lockstep"
    # Manual pages from the command definitions (swift-argument-parser's generate-manual plugin): man lockstep.
    system "swift", "package", "--disable-sandbox", "plugin", "generate-manual", "--multi-page"
    man1.install Dir[".build/plugins/GenerateManual/outputs/lockstep/*.1"]
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/lockstep --version")
    workspace = testpath/"demo"
    system bin/"lockstep", "demo", "--replay-only", "--dir", workspace.to_s
    assert_path_exists workspace/"lockstep.yml"
    assert_match "Cart", shell_output("#{bin}/lockstep matrix --workspace #{workspace}")
  end
end
