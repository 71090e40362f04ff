import Foundation

/// Parses remembered by their text, shared by every diff of a run: a diff judges the same signatures and types
/// again for each candidate pair (hundreds of overloads in generated code), and parsing is what costs.
///
/// Bounded: past `limit` entries it starts again empty, so a long `check` over many releases keeps a working set
/// rather than every text it ever saw.
final class ParseMemo<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]
    private let limit: Int

    init(limit: Int = 50_000) { self.limit = limit }

    /// `parse(text)`, from memory when this text was parsed before (the parse runs outside the lock: two threads
    /// asking at once may both parse, with the same result).
    func value(for text: String, _ parse: (String) -> Value) -> Value {
        if let known = lock.withLock({ values[text] }) { return known }
        let parsed = parse(text)
        lock.withLock {
            if values.count >= limit { values.removeAll(keepingCapacity: true) }
            values[text] = parsed
        }
        return parsed
    }
}
