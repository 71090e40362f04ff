import Foundation

/// Runs swift-syntax work on threads with a large stack.
///
/// The parser and syntax visitors recurse once per nesting level of the tree; a hostile file (a 10,000-long
/// member chain, 10,000 `() ->`) would overflow the 512 KB–8 MB stack of the calling thread. The stack is
/// reserved address space; only the pages a deep file touches are used. The threads are kept and reused:
/// `check` parses thousands of files, and a new thread per file would cost more than many a parse.
enum LargeStack {
    static let bytes = 512 << 20

    /// `body`'s result, computed on a large-stack thread while the caller waits.
    static func run<T>(_ body: @escaping () -> T) -> T {
        let slot = Slot(body)
        let done = DispatchSemaphore(value: 0)
        Pool.shared.submit {
            slot.result = slot.body()
            done.signal()
        }
        done.wait()
        return slot.result!
    }

    /// Carries the closure and its result across threads; the semaphore orders the accesses.
    private final class Slot<T>: @unchecked Sendable {
        let body: () -> T
        var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
    }

    /// Large-stack threads waiting for jobs; a new one starts when jobs outnumber the threads waiting.
    private final class Pool: @unchecked Sendable {
        static let shared = Pool()

        private let condition = NSCondition()
        private var jobs: [@Sendable () -> Void] = []
        private var waiting = 0

        func submit(_ job: @escaping @Sendable () -> Void) {
            condition.lock()
            jobs.append(job)
            let start = jobs.count > waiting
            condition.signal()
            condition.unlock()
            if start {
                let thread = Thread { [self] in work() }
                thread.stackSize = LargeStack.bytes
                thread.start()
            }
        }

        /// Runs jobs for ever (the threads are few: at most as many as callers waiting at once).
        private func work() {
            condition.lock()
            while true {
                while jobs.isEmpty {
                    waiting += 1
                    condition.wait()
                    waiting -= 1
                }
                let job = jobs.removeFirst()
                condition.unlock()
                job()
                condition.lock()
            }
        }
    }
}
