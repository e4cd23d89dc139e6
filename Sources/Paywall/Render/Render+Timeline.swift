import Foundation
import StoreCore
import TerminalUI

extension SubscriptionTimeline {
    /// The timeline of the group a record's subscription belongs to, from what the snapshot
    /// holds; nil when the record is not an auto-renewable subscription.
    public init?(for record: TransactionRecord, in store: StoreSnapshot) {
        let transaction = record.transaction.unsafePayloadValue
        guard transaction.productType == .autoRenewable, let groupID = transaction.subscriptionGroupID else {
            return nil
        }
        var levels: [String: Int] = [:]
        for product in store.products { levels[product.id] = product.subscription?.groupLevel }
        self.init(
            groupID: groupID, records: store.records, notifications: store.notifications, levels: levels,
            now: store.clock ?? transaction.signedDate)
    }
}

extension PaywallProgram {
    /// The Transaction Manager's timeline view (`t`): the selected subscription's history.
    static func renderTimeline(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
        guard let record = state.selectedRecord,
            let timeline = SubscriptionTimeline(for: record, in: state.store)
        else {
            canvas.text(
                "Select an auto-renewable subscription to see its timeline (t: back to the transactions).",
                in: area.row(0), role: .muted)
            return
        }
        let product = record.transaction.unsafePayloadValue.productID
        canvas.text(
            "Timeline · \(state.store.name(of: product)) · group \(timeline.groupID)", in: area.row(0),
            role: .accent)
        var names: [String: String] = [:]
        for product in state.store.products { names[product.id] = product.displayName }
        // The picture first; then as many of the latest events as fit, the older ones counted.
        var lines = TimelineRenderer.picture(timeline, width: area.width)
        let events = TimelineRenderer.events(timeline, names: names, width: max(20, area.width))
        let room = max(0, area.height - 1 - lines.count)
        if events.count > room, room > 0 {
            let shown = room - 1
            lines.append([StyledRun("… \(events.count - shown) earlier events", .muted)])
            lines += events.suffix(shown)
        } else {
            lines += events
        }
        for (index, line) in lines.prefix(max(0, area.height - 1)).enumerated() {
            var x = area.x
            for run in line {
                let width = DisplayWidth.of(run.text)
                guard x < area.x + area.width else { break }
                let cell = Rect(
                    x: x, y: area.y + 1 + index, width: min(width, area.x + area.width - x), height: 1)
                canvas.text(run.text, in: cell, role: run.role)
                x += width
            }
        }
    }
}
