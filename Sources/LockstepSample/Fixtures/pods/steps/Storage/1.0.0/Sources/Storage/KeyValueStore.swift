/// Where components keep small values between launches.
public protocol KeyValueStore: AnyObject {
    func value(forKey key: String) -> String?
    func set(_ value: String?, forKey key: String)
}

/// A store that forgets everything when the app quits: for previews and tests.
public final class MemoryStore: KeyValueStore {
    private var values: [String: String] = [:]

    public init() {}

    public func value(forKey key: String) -> String? { values[key] }

    public func set(_ value: String?, forKey key: String) { values[key] = value }
}
