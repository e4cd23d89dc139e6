import Foundation
import Paywall
import Simulator
import StoreCore
import TerminalUI

/// The subscription timelines of a report: for each account the report covers, each
/// subscription group it has bought in, drawn as the Transaction Manager draws it (`t`).
extension QAReport {
    /// One subscription group's history for one account.
    public struct Timeline: Sendable {
        public var account: AccountName
        public var groupID: String
        /// The subscription it was selected by: the account's latest in the group.
        public var productName: String
        /// The picture in the default theme's colours, for the HTML report.
        public var screen: Buffer
        /// The colours the theme gives the terminal's defaults.
        public var palette: ExportPalette
        /// The same without style, for the Markdown report.
        public var plainText: String
    }

    /// How wide the timelines are drawn: as wide as the widest paywall picture that travels.
    public static let timelineWidth = 100

    /// The timelines of `accounts` (in order, each once), from a snapshot of the store read the
    /// way the Transaction Manager reads it, so both draw the same history
    /// (`SubscriptionTimeline(for:in:)`: records, notifications, group levels and the clock).
    public static func timelines(store: any StoreControl, accounts: [AccountName], theme: Theme)
        async throws(StoreError)
        -> [Timeline]
    {
        var result: [Timeline] = []
        var done: Set<AccountName> = []
        for account in accounts where done.insert(account).inserted {
            do {
                try await store.switchAccount(to: account)
            } catch .accountNotFound {
                continue  // deleted since, or a filter naming no account: nothing to draw
            }
            // Every record: a timeline covers the whole history.
            let snapshot = try await store.snapshot(groupID: nil, recordLimit: Int.max)
            var names: [String: String] = [:]
            for product in snapshot.products { names[product.id] = product.displayName }
            var groups: Set<String> = []
            // Records are newest first: each group is drawn once, named by its latest subscription.
            for record in snapshot.records {
                guard let timeline = SubscriptionTimeline(for: record, in: snapshot),
                    groups.insert(timeline.groupID).inserted
                else { continue }
                let lines = TimelineRenderer.lines(timeline, width: timelineWidth, names: names)
                result.append(
                    Timeline(
                        account: account, groupID: timeline.groupID,
                        productName: snapshot.name(of: record.transaction.unsafePayloadValue.productID),
                        screen: screen(of: lines, theme: theme), palette: ExportPalette(theme: theme),
                        plainText: TimelineRenderer.plainText(timeline, width: timelineWidth, names: names)))
            }
        }
        return result
    }

    /// Styled lines drawn into a buffer on the theme's surface, one line a row.
    public static func screen(of lines: [[StyledRun]], theme: Theme) -> Buffer {
        let width = lines.map { $0.reduce(0) { $0 + DisplayWidth.of($1.text) } }.max() ?? 0
        var buffer = Buffer(
            size: Size(columns: max(timelineWidth, width), rows: lines.count),
            filling: Cell(" ", style: theme[.surface]))
        for (y, line) in lines.enumerated() {
            var x = 0
            for run in line {
                x = buffer.write(run.text, x: x, y: y, style: theme[.surface].patched(with: theme[run.role]))
            }
        }
        return buffer
    }

    /// The accounts a report's timelines are drawn for: every account its steps acted for (with
    /// `--account`, its steps are that account's), in order of appearance.
    public static func timelineAccounts(steps: [Step]) -> [AccountName] {
        var seen: Set<AccountName> = []
        return steps.map(\.entry.account).filter { !$0.rawValue.isEmpty && seen.insert($0).inserted }
    }

    /// Adds the subscription timelines and the summary, read from `store` (opened for one of
    /// ``timelineAccounts(steps:)``) the way the Transaction Manager reads them. When the store
    /// cannot be read, the report says why in ``timelineProblem`` and keeps the rest.
    public mutating func addTimelinesAndSummary(
        store: any Store & StoreControl, theme: Theme, catalog: String, version: String
    ) async {
        do {
            timelines = try await Self.timelines(
                store: store, accounts: Self.timelineAccounts(steps: steps), theme: theme)
            summary = try await Self.summary(store: store, catalog: catalog, version: version)
            summary?.expected = Self.presetExpectations(steps)
        } catch {
            timelineProblem = "\(error)"
        }
    }
}
