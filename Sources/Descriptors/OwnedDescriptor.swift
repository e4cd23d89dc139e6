import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one owner of an open file descriptor: it closes the number exactly once, and never while
/// someone is using it.
///
/// A number closed twice is the worst bug a server with a thread per connection can have: the
/// kernel hands the freed number to the next `socket`, `accept` or `open`, and the second close
/// then closes another connection's socket or a listener under it ("bind failed: Bad file
/// descriptor" in a test that only opened a socket). Every descriptor Kiosk opens is therefore
/// held here, and the raw number is lent out only for the length of a call (`withNumber`):
///
/// - `close()` closes at once when nobody holds the number; while a call holds it (a read
///   blocked in `poll` on another thread), the close waits for that call to return, so the
///   number cannot be reused under it.
/// - A second `close()` and a use after `close()` stop a debug build at the faulty line. A
///   release build goes on safely: the second close does nothing, and a late call is lent -1,
///   which system calls refuse with `EBADF` (and `poll` ignores, waiting out its timeout)
///   instead of acting on a reused number.
///
/// The state is one atomic word, so lending the number costs no lock shared between threads.
public final class OwnedDescriptor: Sendable, CustomStringConvertible {
    private let number: Int32
    /// Bit 0: closed (asked for); the bits above: how many calls hold the number now.
    private let state = Atomic<Int>(0)
    private static let closedBit = 1
    private static let oneUser = 2

    /// Takes ownership of `number`, an open descriptor nothing else will close.
    public init(_ number: Int32) {
        precondition(number >= 0, "OwnedDescriptor needs an open descriptor, not \(number)")
        self.number = number
    }

    deinit {
        // The last reference is gone, so no call can hold the number: close it if still open.
        if state.load(ordering: .acquiring) & Self.closedBit == 0 { Self.closeNumber(number) }
    }

    /// Whether `close()` was called (the number may still be held by a call that will close it).
    public var isClosed: Bool { state.load(ordering: .acquiring) & Self.closedBit != 0 }

    public var description: String { "descriptor \(number)\(isClosed ? " (closed)" : "")" }

    /// Lends the number to `body` for the length of the call; after `close()`, lends -1.
    public func withNumber<Result, Failure: Error>(_ body: (Int32) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        guard acquire() else {
            assertionFailure("\(number) used after it was closed")
            return try body(-1)
        }
        defer { release() }
        return try body(number)
    }

    /// Like `withNumber`, for a use that may legitimately come after a close (a shutdown asked for
    /// from another thread as the connection ends): after `close()` the body is not called.
    public func ifOpen(_ body: (Int32) -> Void) {
        guard acquire() else { return }
        defer { release() }
        body(number)
    }

    /// Closes the descriptor now, or as soon as the calls holding it return. Closing twice is a bug.
    public func close() {
        let before = state.bitwiseOr(Self.closedBit, ordering: .acquiringAndReleasing).oldValue
        guard before & Self.closedBit == 0 else {
            assertionFailure("\(number) closed twice")
            return
        }
        if before == 0 { Self.closeNumber(number) }
    }

    /// Closes it unless it is closed already: for an owner whose close may race another path's
    /// (a client closing a connection that its own deinit would close too).
    public func closeIfOpen() {
        let before = state.bitwiseOr(Self.closedBit, ordering: .acquiringAndReleasing).oldValue
        if before == 0 { Self.closeNumber(number) }
    }

    private func acquire() -> Bool {
        var current = state.load(ordering: .relaxed)
        while current & Self.closedBit == 0 {
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: current + Self.oneUser, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    private func release() {
        let after = state.subtract(Self.oneUser, ordering: .acquiringAndReleasing).newValue
        // The last user out after a close asked for does the close.
        if after == Self.closedBit { Self.closeNumber(number) }
    }

    private static func closeNumber(_ number: Int32) {
        // Linux frees the number even when close reports EINTR: never retry it (a retry could
        // close a number another thread has just been given).
        _ = Glibc.close(number)
    }
}
