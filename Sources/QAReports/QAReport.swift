import Foundation
import Signing
import Simulator
import StoreCore
import TerminalUI

/// What `kiosk report` tells, gathered once and written as HTML or Markdown
/// (`QAReport+HTML`, `QAReport+Markdown`): the journal's steps, each with the signed payloads
/// it made (decoded, and whether they verify against the state's root), the notifications it
/// caused with their delivery attempts, the paywall's screen at that step, and the timeline of
/// each subscription of the accounts it covers.
public struct QAReport: Sendable {
    /// A signed payload of a step: the transaction's JWS as the ledger holds it now.
    public struct Payload: Sendable {
        public var transactionID: UInt64
        public var json: String
        /// nil: it verifies against the state's root; else why not.
        public var problem: String?

        public init(transactionID: UInt64, json: String, problem: String? = nil) {
            self.transactionID = transactionID
            self.json = json
            self.problem = problem
        }
    }

    public struct Step: Sendable {
        public var entry: JournalEntry
        public var payloads: [Payload]
        public var attempts: [Int64: [DeliveryAttempt]]

        public init(entry: JournalEntry, payloads: [Payload], attempts: [Int64: [DeliveryAttempt]]) {
            self.entry = entry
            self.payloads = payloads
            self.attempts = attempts
        }
    }

    public var title: String
    public var stateDirectory: String
    public var rootFingerprint: String
    public var generatedAt: Date
    public var filterDescription: String
    public var steps: [Step]
    /// Each subscription group's history, per account (`QAReport+Timelines`).
    public var timelines: [Timeline]
    /// Why there are no timelines, when the store could not be read for them.
    public var timelineProblem: String?
    /// Where the store ended (`QAReport+Summary`), when it could be read.
    public var summary: Summary?

    public init(
        title: String, stateDirectory: String, rootFingerprint: String, generatedAt: Date,
        filterDescription: String, steps: [Step], timelines: [Timeline] = []
    ) {
        self.title = title
        self.stateDirectory = stateDirectory
        self.rootFingerprint = rootFingerprint
        self.generatedAt = generatedAt
        self.filterDescription = filterDescription
        self.steps = steps
        self.timelines = timelines
    }

    /// Reads the journal matching `filter` and everything its steps refer to.
    public static func gather(
        reader: LedgerReader, root: Certificate, filter: JournalFilter, stateDirectory: URL,
        now: Date = Date()
    ) throws -> QAReport {
        let verifier = JWSVerifier(trustedRoots: [root])
        let entries = try reader.journal(resolving: filter)
        let attempts = try reader.deliveryAttempts(for: entries.flatMap { $0.notifications.map(\.sequence) })
        let steps = try entries.map { entry in
            Step(
                entry: entry,
                payloads: try entry.transactionIDs.compactMap { id in
                    guard let jws = try reader.signature(of: id) else { return nil }
                    return payload(id, jws: jws, verifier: verifier)
                },
                attempts: attempts.filter { sequence, _ in
                    entry.notifications.contains { $0.sequence == sequence }
                })
        }
        var described: [String] = []
        if let since = filter.since { described.append("since \(JournalTime.text(since)) UTC") }
        if let session = filter.session { described.append("session \(session)") }
        if let account = filter.account { described.append("account \(account)") }
        return QAReport(
            title: "Kiosk QA report", stateDirectory: stateDirectory.path,
            rootFingerprint: root.sha256Fingerprint,
            generatedAt: now,
            filterDescription: described.isEmpty ? "the whole journal" : described.joined(separator: ", "),
            steps: steps)
    }

    private static func payload(_ id: UInt64, jws: String, verifier: JWSVerifier) -> Payload {
        do {
            let check = try verifier.check(jws)
            return Payload(
                transactionID: id, json: readableDates(PayloadJSON.pretty(check.payload)),
                problem: check.error.map { "\($0)" })
        } catch {
            return Payload(transactionID: id, json: "", problem: "\(error)")
        }
    }

    /// The picture of the paywall at a step: the screen in its colours when the journal holds
    /// its ANSI form (what the paywall sends), plain text for lines journaled before it did.
    public static func picture(of entry: JournalEntry) -> Picture? {
        guard let picture = entry.picture else { return nil }
        return ANSIScreen.hasEscapes(picture) ? .screen(ANSIScreen.buffer(from: picture)) : .text(picture)
    }

    public enum Picture: Sendable {
        /// An old journal line's picture: the characters only.
        case text(String)
        /// The screen read back from its ANSI form, cell by cell with its styles.
        case screen(Buffer)

        /// The characters only, trailing spaces trimmed (for Markdown).
        public var text: String {
            switch self {
            case .text(let text): text
            case .screen(let buffer): ANSIScreen.plainText(of: ScreenExport(buffer).render(.ansi))
            }
        }
    }

    /// The notifications of a step in words: "DID_FAIL_TO_RENEW/GRACE_PERIOD (#12)".
    public static func name(_ notification: JournalEntry.Notification) -> String {
        notification.type.rawValue + (notification.subtype.map { "/" + $0.rawValue } ?? "")
            + " (#\(notification.sequence))"
    }

    /// One delivery attempt in words.
    public static func describe(_ attempt: DeliveryAttempt) -> String {
        var text = "attempt \(attempt.attempt) at \(JournalTime.text(attempt.attemptedAt)): \(attempt.result)"
        if let status = attempt.httpStatus { text += " (HTTP \(status))" }
        if let next = attempt.nextAttemptAt { text += ", next at \(JournalTime.text(next))" }
        return text
    }
}
