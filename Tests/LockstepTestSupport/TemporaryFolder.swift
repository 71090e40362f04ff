import Foundation

/// A fresh folder under the system temp dir, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL

    public init(_ label: String = "lockstep-test") throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        // Resolve /tmp symlinks so paths compare equal to what the tool prints.
        url = base.resolvingSymlinksInPath()
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    public func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }
}
