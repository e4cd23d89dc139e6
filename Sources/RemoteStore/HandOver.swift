import Foundation
import HTTP
import StoreCore
import WireProtocol

/// One request's wait for the owner of a state directory while ownership moves (the owner quit
/// or was killed, another process takes the state over), so that the hand-over is invisible to
/// the caller: it counts what went wrong, bounds the whole wait by one deadline, and words the
/// error when the wait is given up, saying what happened and for how long.
struct HandOver {
    /// How long a request may wait, over every retry, for an owner that answers. Long enough for
    /// a new owner to open a large ledger (`StateOwnership.attach` waits as long for one).
    static let defaultTimeout: Duration = .seconds(30)

    /// "GET /v1/accounts/a/products" (for messages).
    let request: String
    /// The state directory (the socket's), for messages.
    let directory: String
    private let started = ContinuousClock.now
    private let timeout: Duration
    /// How many times the owner could not be reached, or refused the connection.
    private(set) var failures = 0
    /// How many of those were refusals (503 before the request was read: busy or quitting).
    private(set) var refusals = 0

    init(request: String, socketPath: String, timeout: Duration = defaultTimeout) {
        self.request = request
        directory = URL(fileURLWithPath: socketPath).deletingLastPathComponent().path
        self.timeout = timeout
    }

    var elapsed: Duration { ContinuousClock.now - started }

    var isOverdue: Bool { elapsed >= timeout }

    /// Whether an answer is the HTTP layer's own refusal of the connection (503, code 5030001:
    /// too many connections, or the owner is shutting down). It comes before the request is
    /// read, so the store did nothing and any request may be sent again.
    static func isRefusal(status: Int, body: [UInt8]) -> Bool {
        // A 503 without the HTTP layer's body is someone else's refusal: not safe to resend.
        guard status == 503, let error = try? WireCoding.decode(WireError.self, from: body) else {
            return false
        }
        return error.errorCode == WireError.http(status: 503, message: "").errorCode
    }

    /// Notes a failed try: the owner refused the connection (`refused`), could not be reached,
    /// or the connection ended before the answer.
    mutating func note(refused: Bool) {
        failures += 1
        if refused { refusals += 1 }
    }

    /// Waits a little before the next try. After a refusal, longer each time and with jitter, so
    /// that the clients refused together do not all come back at the same instant; after the
    /// owner could not be reached, nothing the first time (the caller waits for a new owner
    /// anyway), then a little, so that a socket that answers but never serves is not hammered
    /// until the deadline.
    func pause(afterRefusal refused: Bool) async {
        let milliseconds: Int
        if refused {
            let ceiling = min(20 * (1 << min(refusals, 5)), 500)
            milliseconds = Int.random(in: ceiling / 2...ceiling)
        } else {
            milliseconds = failures > 1 ? min(10 * failures, 200) : 0
        }
        // Cancelled: the caller's next try sees the cancellation; the pause is just shorter.
        if milliseconds > 0 { try? await Task.sleep(for: .milliseconds(milliseconds)) }
    }

    /// The error when the deadline passes with the owner still unreachable or refusing.
    func gaveUp(lastFailure: String) -> StoreError {
        let seconds = Self.seconds(elapsed)
        if refusals == failures {
            return .backend(
                "the owner of \(directory) refused \(request) \(failures) times over \(seconds) s (\(lastFailure)); "
                    + "nothing was done. Too many processes use this state at once: try again, or use fewer")
        }
        return .backend(
            "no owner of \(directory) answered \(request) within \(seconds) s (tried \(failures == 1 ? "once" : "\(failures) times"); last: "
                + "\(lastFailure)): the owner quit, was killed or is stuck; if it is stuck, stop it and try again"
        )
    }

    /// The error when no process could take the state over (`reattach` failed).
    func noNewOwner(because reason: StoreError) -> StoreError {
        .backend(
            "the owner of \(directory) quit or was killed while \(request) was tried, and no new owner took "
                + "over within \(Self.seconds(elapsed)) s: \(Self.text(of: reason))")
    }

    /// The error when a request that cannot be repeated safely was cut off.
    func cutOff() -> StoreError {
        .backend(
            "the owner of \(directory) stopped while \(request) was under way: it happened completely or "
                + "not at all; look (kiosk store transactions) before repeating it")
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) + Double(attoseconds) / 1e18)
    }

    private static func text(of error: StoreError) -> String {
        if case .backend(let message) = error { return message }
        return "\(error)"
    }
}
