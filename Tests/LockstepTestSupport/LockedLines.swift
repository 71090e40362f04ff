import Foundation

/// Lines collected from concurrent runs (racing runners), under a lock.
public final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    public init() {}

    public func add(_ item: String) { lock.withLock { items.append(item) } }
    public var all: [String] { lock.withLock { items } }
}
