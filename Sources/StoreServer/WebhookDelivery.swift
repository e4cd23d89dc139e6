import Foundation
import HTTP
import Simulator
import StoreCore
import Synchronization

/// Notifications V2 delivery: every outbox notification is POSTed to the webhook as
/// `{"signedPayload": ...}` (signed once, from the content fixed at its event), in order per
/// account. A failed try is retried 1, 12, 24, 48 and 72 hours after the first, in store
/// time, so the store's time rate speeds the schedule up as it speeds up renewals. Every try is kept in the ledger,
/// so pending deliveries resume after a restart.
public final class WebhookDelivery: Sendable {
    /// Apple's retry schedule: hours after the first attempt.
    public static let retryHours: [Double] = [1, 12, 24, 48, 72]

    let store: SimulatedStore
    let host: String
    let port: UInt16
    let path: String
    private let task = Mutex<Task<Void, Never>?>(nil)
    /// Where a pass that cannot do its work says why (the ledger refusing a read, a
    /// notification that cannot be signed, a try that cannot be recorded).
    private let report: @Sendable (String) -> Void
    /// The last thing reported: a failure that lasts is said once, not on every pass.
    private let lastReport = Mutex<String?>(nil)

    /// - Parameters:
    ///   - url: `http://HOST:PORT/PATH` with an IPv4 host (TLS is not spoken).
    ///   - report: says what went wrong; standard error by default (`kiosk serve`'s console).
    public init(
        store: SimulatedStore, url: String,
        report: @escaping @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data("kiosk serve: webhook: \(line)\n".utf8))
        }
    ) throws(StoreServerError) {
        guard let parsed = URL(string: url), parsed.scheme == "http", let host = parsed.host else {
            throw .invalidWebhook("'\(url)' is not an http://HOST:PORT/PATH URL (https is not supported)")
        }
        self.store = store
        self.host = host == "localhost" ? "127.0.0.1" : host
        port = UInt16(parsed.port ?? 80)
        path = parsed.path.isEmpty ? "/" : parsed.path
        self.report = report
    }

    /// When the try after `attempts` failed tries is due, or nil when there is none left.
    public static func nextAttempt(firstAttempt: Date, failedAttempts: Int) -> Date? {
        guard failedAttempts >= 1, failedAttempts <= retryHours.count else { return nil }
        return firstAttempt.addingTimeInterval(retryHours[failedAttempts - 1] * 3_600)
    }

    /// Delivers in the background: at once whenever the store commits notifications, and every
    /// `retryInterval` seconds of wall time for retries falling due in store time.
    public func start(retryInterval: Double = 1) {
        let loop = Task { [self] in
            let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
            let signals = await store.outboxSignals()
            let forward = Task {
                for await _ in signals { wake.yield() }
            }
            let ticker = Task {
                while !Task.isCancelled {
                    // Cancelled only by `stop`: the loop's condition ends it then.
                    try? await Task.sleep(for: .seconds(retryInterval))
                    wake.yield()
                }
            }
            wake.yield()
            // One reader: a notification is never tried twice at once.
            for await _ in wakes {
                if Task.isCancelled { break }
                _ = await deliverDue()
            }
            forward.cancel()
            ticker.cancel()
        }
        task.withLock { $0 = loop }
    }

    public func stop() { task.withLock { $0?.cancel() } }

    /// One pass: for each account, tries its undelivered notifications in order, as long as each
    /// goes through: a catch-up's dozens of events reach the webhook in one pass, and an
    /// account whose oldest notification fails (or waits for its retry) sends nothing after it.
    /// - Returns: how many tries were made.
    @discardableResult
    public func deliverDue() async -> Int {
        let pending: [NotificationRecord]
        let now: Date
        do {
            pending = try await store.undeliveredNotifications(after: 0)
            now = try await store.now()
        } catch {
            say("cannot read the notifications to deliver (\(error)); trying again on the next pass")
            return 0
        }
        var blocked: Set<AccountName> = []
        var tries = 0
        for record in pending where !blocked.contains(record.notification.account) {
            let account = record.notification.account
            if let last = record.attempts.last, let due = last.nextAttemptAt, due > now {
                blocked.insert(account)
                continue
            }
            let signed: String
            do {
                signed = try await store.signedNotification(record.notification)
            } catch {
                say(
                    "cannot sign notification \(record.notification.sequence) of \(account) (\(error)); "
                        + "its account's notifications wait for it")
                blocked.insert(account)
                continue
            }
            let (result, status) = await post(signed)
            let count = record.attempts.count + 1
            let first = record.attempts.first?.attemptedAt ?? now
            let next =
                result == .success ? nil : Self.nextAttempt(firstAttempt: first, failedAttempts: count)
            do {
                try await store.record(
                    DeliveryAttempt(
                        sequence: record.notification.sequence, attempt: count, attemptedAt: now,
                        result: result, httpStatus: status, nextAttemptAt: next))
            } catch {
                // Unrecorded, the try is made again on the next pass: the webhook may hear it twice.
                say(
                    "notification \(record.notification.sequence) of \(account) was sent (\(result)) but the "
                        + "try could not be recorded (\(error)): it will be sent again")
                blocked.insert(account)
            }
            tries += 1
            if result != .success { blocked.insert(account) }
        }
        return tries
    }

    /// Reports `line` unless it is what was reported last.
    private func say(_ line: String) {
        let isNew = lastReport.withLock { last in
            defer { last = line }
            return last != line
        }
        if isNew { report(line) }
    }

    /// POSTs on a thread of its own (the socket blocks), mapping the outcome to Apple's
    /// SendAttemptResult.
    private func post(_ signedPayload: String) async -> (SendAttemptResult, Int?) {
        let body = Array(#"{"signedPayload":"\#(signedPayload)"}"#.utf8)
        let head =
            "POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let (host, port) = (host, port)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let socket: ClientSocket
                do {
                    socket = try ClientSocket(host: host, port: port)
                } catch {
                    continuation.resume(returning: (.socketIssue, nil))
                    return
                }
                defer { socket.close() }
                do throws(HTTPError) {
                    try socket.write(Array(head.utf8) + body)
                    let response = try socket.readResponse(timeout: 10)
                    let ok = (200..<300).contains(response.status)
                    continuation.resume(
                        returning: (ok ? .success : .unsuccessfulHTTPResponseCode, response.status))
                } catch .timedOut {
                    continuation.resume(returning: (.timedOut, nil))
                } catch .connectionClosed {
                    continuation.resume(returning: (.prematureClose, nil))
                } catch .malformed {
                    continuation.resume(returning: (.invalidResponse, nil))
                } catch {
                    continuation.resume(returning: (.socketIssue, nil))
                }
            }
        }
    }
}
