import Foundation

/// Runs swift-syntax work on a thread of its own with a large stack.
///
/// The parser and syntax visitors recurse once per nesting level of the tree; a hostile file (10,000 nested
/// `#if`s or a 10,000-long member chain) would overflow the 512 KB–8 MB stack of the calling thread.
/// The stack is reserved address space; only the pages a deep file touches are used.
enum LargeStack {
    static let bytes = 512 << 20

    /// `body`'s result, computed on a large-stack thread while the caller waits.
    static func run<T>(_ body: @escaping () -> T) -> T {
        let slot = Slot(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { slot.result = slot.body(); done.signal() }
        thread.stackSize = bytes
        thread.start()
        done.wait()
        return slot.result!
    }

    /// Carries the closure and its result across the thread; the semaphore orders the accesses.
    private final class Slot<T>: @unchecked Sendable {
        let body: () -> T
        var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
    }
}
