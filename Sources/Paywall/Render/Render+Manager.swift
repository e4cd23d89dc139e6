import Foundation
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// The Transaction Manager: the account's transactions, an inspector, and the store's switches.
    static func renderManager(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
        let store = state.store
        // A long history loads a page at a time as the selection nears its end: say how much is in.
        let loaded =
            store.hasOlderRecords
            ? " · newest \(store.records.count) of \(store.recordCount), ↓ loads more" : ""
        let box = Box(
            title: "Transaction Manager · \(store.account)\(loaded)", style: canvas[.border],
            titleStyle: canvas[.accent], fill: canvas[.surface])
        box.render(in: area, buffer: &canvas.buffer)
        let inner = box.inner(area).inset(left: 1, right: 1)
        // The last two rows: what the last key did (its banner would be hidden behind this box, so
        // it shows here too), then the keys for the selected transaction.
        let parts = inner.split(rows: [.fill(), .fixed(3), .fixed(1), .fixed(1)])
        let columns = parts[0].split(columns: [.percentage(55), .fill()], spacing: 2)
        let records = store.records
        if state.managerShowsKeys {
            renderKeyList(&canvas, KeyMaps.page(for: .transactionManager).rows, area: parts[0])
        } else if state.managerShowsTimeline {
            renderTimeline(&canvas, state, area: parts[0])
        } else if state.managerShowsNotifications {
            renderNotifications(&canvas, store.notifications, area: parts[0])
        } else if records.isEmpty {
            canvas.text("No transactions for this account yet.", in: columns[0].row(0), role: .muted)
        } else {
            let items = records.map { record in
                let transaction = record.transaction.unsafePayloadValue
                return ListView.Item(
                    "\(transaction.id) \(store.name(of: transaction.productID))", detail: stateName(record))
            }
            let list = ListView(
                items, state: state.managerSelection, style: canvas[.text], selectedStyle: canvas[.selection],
                scrollStyle: canvas[.muted])
            list.render(in: columns[0], buffer: &canvas.buffer)
            let resolved = list.resolvedState(in: columns[0])
            for row in 0..<min(columns[0].height, records.count - resolved.offset) {
                canvas.targets.append((columns[0].row(row), .record(resolved.offset + row)))
            }
        }
        if !state.managerShowsNotifications, !state.managerShowsKeys, !state.managerShowsTimeline,
            let record = state.selectedRecord
        {
            let used = renderInspector(&canvas, store, record, area: columns[1])
            // The room under the inspector shows the subscription's story: its timeline and the
            // notifications its changes sent (the `t` view at full size).
            let below = columns[1].inset(top: used + 1)
            if below.height >= 6, SubscriptionTimeline(for: record, in: store) != nil {
                renderTimeline(&canvas, state, area: below)
            }
        }
        renderSwitches(&canvas, state, area: parts[1])
        if let notice = state.notices.last ?? state.awaitingApprovalNotices.last {
            renderNotices(&canvas, [notice], area: parts[2])
        }
        let hint =
            state.managerShowsKeys
            ? "any key closes this list" : ManagerHints.line(for: state.selectedRecord, width: parts[3].width)
        canvas.text(hint, in: parts[3], role: .muted)
    }

    /// Every row of a key map's help in as many columns as the area's width allows, key then
    /// description.
    static func renderKeyList(_ canvas: inout Canvas, _ entries: [KeyHelp], area: Rect) {
        let labelWidth = (entries.map { DisplayWidth.of($0.label) }.max() ?? 0) + 1
        let entryWidth = labelWidth + (entries.map { DisplayWidth.of($0.description) }.max() ?? 0) + 2
        let columns = max(1, min(3, area.width / max(1, entryWidth)))
        let rows = max(1, (entries.count + columns - 1) / columns)
        let width = area.width / columns
        for (index, binding) in entries.enumerated() {
            let row = index % rows
            guard row < area.height else { continue }
            let x = area.x + (index / rows) * width
            let line = Rect(x: x, y: area.y + row, width: width, height: 1)
            let parts = line.split(columns: [.fixed(labelWidth), .fill()])
            canvas.text(binding.label, in: parts[0], role: .accent)
            canvas.text(binding.description, in: parts[1], role: .text)
        }
    }

    /// The Transaction Manager's words for a record's state.
    static func stateName(_ record: TransactionRecord) -> String {
        switch record.state {
        case .purchased: "purchased"
        case .pendingApproval: "pending approval"
        case .declined: "declined"
        case .interrupted: "interrupted"
        case .refunded: "refunded"
        case .expired: "expired"
        case .billingRetry: "billing retry"
        case .gracePeriod: "grace period"
        case .upgraded: "upgraded"
        }
    }
}

extension PaywallProgram {
    /// The selected transaction's fields, one a row; returns how many rows it drew.
    @discardableResult
    static func renderInspector(
        _ canvas: inout Canvas, _ store: StoreSnapshot, _ record: TransactionRecord, area: Rect
    )
        -> Int
    {
        let transaction = record.transaction.unsafePayloadValue
        var lines: [(String, String)] = [
            ("Product", store.name(of: transaction.productID)), ("ID", "\(transaction.id)"),
            ("Original", "\(transaction.originalID)"), ("Type", typeName(transaction.productType)),
            ("State", stateName(record)), ("Purchased", formatClock(transaction.purchaseDate)),
        ]
        if let expiration = transaction.expirationDate { lines.append(("Expires", formatClock(expiration))) }
        if let offer = transaction.offer { lines.append(("Offer", offer.type.description)) }
        if let revoked = transaction.revocationDate { lines.append(("Revoked", formatClock(revoked))) }
        if let renewal = record.renewalInfo {
            lines.append(("Auto-renew", renewal.willAutoRenew ? "on" : "off"))
            if let next = renewal.autoRenewPreference, next != transaction.productID {
                lines.append(("Renews to", store.name(of: next)))
            }
        }
        if record.isPendingPriceIncreaseConsent { lines.append(("Price rise", "awaiting consent")) }
        if let request = record.refundRequest {
            lines.append(("Refund req", "\(request.status.rawValue) · \(request.reason.rawValue)"))
            if let preference = request.consumption?.refundPreference {
                lines.append(("Developer", preference))
            }
        }
        if let share = transaction.revocationPercentage, share < RefundRequest.fullRefund {
            lines.append(("Refunded", "\(share / 1000)%"))
        }
        lines.append(("Verified", record.transaction.isVerified ? "yes" : "NO"))
        lines.append(("Finished", record.isFinished ? "yes" : "no"))
        for (row, line) in lines.prefix(area.height).enumerated() {
            canvas.text(line.0, in: area.row(row).inset(right: area.width - 11), role: .muted)
            canvas.text(line.1, in: area.row(row).inset(left: 11), role: .text)
        }
        return min(lines.count, area.height)
    }

    static func renderSwitches(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
        let settings = state.store.settings
        func flag(_ on: Bool) -> String { on ? "on" : "off" }
        let first =
            "Ask to Buy \(flag(settings.askToBuyEnabled)) · billing retry \(flag(settings.billingRetryOnRenewal))"
            + " · grace \(flag(settings.billingGracePeriodEnabled)) \(settings.billingGracePeriodDays)d · interrupted "
            + "\(flag(settings.interruptedPurchasesEnabled)) · dialogs \(flag(!settings.disableDialogs))"
        let second =
            "clock \(state.store.clock.map(formatClock) ?? "--") · rate \(settings.timeRate) · storefront "
            + "\(settings.storefront) · locale \(settings.locale) · consumables \(flag(settings.includeFinishedConsumables))"
        let api = FailableAPI.allCases[min(state.managerAPIIndex, FailableAPI.allCases.count - 1)]
        let error = state.store.simulatedErrors[api].map { "\($0)" } ?? "none"
        let active = state.store.simulatedErrors.count
        canvas.text(first, in: area.row(0), role: .text)
        canvas.text(second, in: area.row(1), role: .text)
        canvas.text(
            "simulated error for \(api.rawValue): \(error) (\(active) active) · refund reason "
                + state.managerRefundReason.rawValue, in: area.row(2), role: .warning)
    }

    /// App Store Server Notifications, newest first, with what became of their delivery.
    static func renderNotifications(
        _ canvas: inout Canvas, _ notifications: [NotificationSummary], area: Rect
    ) {
        guard !notifications.isEmpty else {
            canvas.text(
                "No App Store Server Notifications for this account yet.", in: area.row(0), role: .muted)
            return
        }
        for (row, notification) in notifications.prefix(area.height).enumerated() {
            let delivery: (String, ThemeRole)
            if let last = notification.attempts.last {
                let status = last.httpStatus.map { " \($0)" } ?? ""
                let tries = notification.attempts.count == 1 ? "" : " ×\(notification.attempts.count)"
                delivery =
                    last.succeeded
                    ? ("✓ delivered\(status)\(tries)", .success)
                    : (
                        "✗ \(last.result)\(status)\(tries)"
                            + (notification.nextAttemptAt.map { ", next \(formatClock($0))" } ?? ", gave up"),
                        .error
                    )
            } else {
                delivery = ("not sent yet (needs kiosk serve --webhook)", .muted)
            }
            let line = area.row(row)
            let columns = line.split(columns: [.fixed(6), .fixed(44), .fixed(17), .fill()], spacing: 1)
            canvas.text("\(notification.sequence)", in: columns[0], role: .muted)
            canvas.text(notification.kind, in: columns[1], role: .text)
            canvas.text(formatClock(notification.createdAt), in: columns[2], role: .muted)
            canvas.text(delivery.0, in: columns[3], role: delivery.1)
        }
    }
}
