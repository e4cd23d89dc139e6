import Foundation
import Paywall
import StoreCore

extension RehearsalSession {
    /// Checks an expectation; a miss throws `expected …, got …`.
    func check(_ expectation: Expectation) async throws {
        switch expectation {
        case .screen(let text, let present):
            if paywall == nil { try await launch() }
            let shown = screenText?.contains(text) ?? false
            guard shown != present else { return }
            throw StepFailure(
                present
                    ? "expected the screen to show \"\(text)\", got a screen without it"
                    : "expected no \"\(text)\" on the screen, got it")
        case .entitlement(let productID, let present):
            let owned = try await entitlements()
            guard owned.contains(productID) != present else { return }
            throw StepFailure(
                "expected \(present ? "an" : "no") entitlement to \(productID), got \(Self.list(owned, none: "no entitlements"))"
            )
        case .noEntitlements:
            let owned = try await entitlements()
            guard !owned.isEmpty else { return }
            throw StepFailure("expected no entitlements, got \(Self.list(owned, none: ""))")
        case .transactionState(let reference, let state):
            let record = try await record(reference)
            guard record.state.rawValue != state else { return }
            throw StepFailure(
                "expected transaction \(reference) (\(record.id)) state \(state), got \(record.state.rawValue)"
            )
        case .transactionFinished(let reference, let finished):
            let record = try await record(reference)
            guard record.isFinished != finished else { return }
            throw StepFailure(
                "expected transaction \(reference) (\(record.id)) \(finished ? "finished" : "unfinished"), got "
                    + (record.isFinished ? "finished" : "unfinished"))
        case .status(let group, let expected):
            let statuses = try await openStore().backend.subscriptionStatuses(for: group)
            let names = statuses.map { Self.statusName($0.state) }
            guard !names.contains(expected) else { return }
            throw StepFailure(
                "expected status \(expected) in group \(group), got \(Self.list(names, none: "no subscription in the group"))"
            )
        case .notification(let type, let subtype): try await checkNotification(type: type, subtype: subtype)
        case .noNotification:
            guard let next = try await nextNotification() else { return }
            throw StepFailure("expected no more notifications, got \(Self.kind(next))")
        case .banner(let kind, let text):
            if paywall == nil { try await launch() }
            let notices = paywall?.state.banners ?? []
            let matching = notices.filter { "\($0.kind)" == kind && (text.map($0.text.contains) ?? true) }
            guard matching.isEmpty else { return }
            throw StepFailure(
                "expected a \(kind) banner\(text.map { " with \"\($0)\"" } ?? ""), got "
                    + Self.list(notices.map { "\($0.kind) \"\($0.text)\"" }, none: "no banner"))
        case .noBanner:
            let notices = paywall?.state.banners ?? []
            guard !notices.isEmpty else { return }
            throw StepFailure(
                "expected no banner, got " + Self.list(notices.map { "\($0.kind) \"\($0.text)\"" }, none: ""))
        case .verified(let reference, let expected): try await checkVerified(reference, expected: expected)
        case .error(let text):
            guard let pending = pendingError else {
                throw StepFailure("expected an error \"\(text)\", got none: the step before succeeded")
            }
            pendingError = nil
            guard pending.message.contains(text) else {
                throw StepFailure("expected an error with \"\(text)\", got: \(pending.message)")
            }
        case .cancelSheet(let kind, let text):
            guard case .cancelSheet(let sheet, _, _) = paywall?.state.overlay else {
                throw StepFailure(
                    "expected the cancel sheet in front (press o, or W in the manager), got none")
            }
            guard sheet.kindWord == kind else {
                throw StepFailure(
                    "expected a cancel sheet with \(kind), got \(sheet.kindWord): \(sheet.summary)")
            }
            if let text, !sheet.summary.contains(text), sheet.content?.body.contains(text) != true {
                throw StepFailure("expected the cancel sheet to show \"\(text)\", got: \(sheet.summary)")
            }
        case .clock(let date):
            let now = try await openStore().backend.now()
            guard now != date else { return }
            throw StepFailure("expected the clock at \(Self.dateText(date)), got \(Self.dateText(now))")
        }
    }

    private func entitlements() async throws -> [String] {
        try await openStore().backend.currentEntitlements().map(\.unsafePayloadValue.productID).sorted()
    }

    private func record(_ reference: TransactionReference) async throws -> TransactionRecord {
        let id = try await resolve(reference)
        guard let record = try await openStore().backend.transactionRecords().first(where: { $0.id == id })
        else {
            throw StepFailure(
                "expected transaction \(reference) (\(id)), got no such transaction (deleted or cleared?)")
        }
        return record
    }

    /// The transaction's JWS checked against the store's root, and the store's own verdict.
    private func checkVerified(_ reference: TransactionReference, expected: Bool) async throws {
        let record = try await record(reference)
        let store = try await openStore()
        let problem: String?
        if case .unverified(_, let error, _) = record.transaction {
            problem = "\(error)"
        } else {
            problem = store.verify(record.transaction.jwsRepresentation, try await store.backend.now())
        }
        switch (expected, problem) {
        case (true, let problem?):
            throw StepFailure(
                "expected transaction \(reference) (\(record.id)) verified, got unverified: \(problem)")
        case (false, nil):
            throw StepFailure("expected transaction \(reference) (\(record.id)) unverified, got verified")
        default: return
        }
    }

    /// The outbox's next notification after the last one expected, in order.
    private func nextNotification() async throws -> NotificationSummary? {
        let history = try await openStore().backend.notificationHistory(limit: 1000)
        return history.filter { $0.sequence > notificationCursor }.min { $0.sequence < $1.sequence }
    }

    private func checkNotification(type: NotificationType, subtype: NotificationSubtype?) async throws {
        guard let next = try await nextNotification() else {
            throw StepFailure(
                "expected notification \(type)\(subtype.map { "/\($0)" } ?? ""), got no more notifications")
        }
        notificationCursor = next.sequence
        guard next.type == type, subtype == nil || next.subtype == subtype else {
            throw StepFailure(
                "expected notification \(type)\(subtype.map { "/\($0)" } ?? "") next, got \(Self.kind(next))")
        }
    }

    static func kind(_ notification: NotificationSummary) -> String { notification.kind }

    static func list(_ items: [String], none: String) -> String {
        items.isEmpty ? none : items.joined(separator: ", ")
    }

    static func statusName(_ state: SubscriptionStatus.RenewalState) -> String {
        RehearsalParser.statusNames.first { $0.value == state }?.key ?? "\(state)"
    }

    static func dateText(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
