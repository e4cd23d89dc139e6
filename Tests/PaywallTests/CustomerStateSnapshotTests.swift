import Foundation
import Presets
import Simulator
import SnapshotSupport
import StoreCore
import TerminalUI
import Testing

@testable import Paywall

/// The rows of docs/behaviour.md's "What the paywall shows each customer": every customer
/// state, reached through the store's own operations (the presets testers use), rendered in
/// every template; each a snapshot, and each checked for the words its row promises.
@Suite(.serialized) struct CustomerStateSnapshotTests {
    /// A row of the table: how to reach it, and what the screen must (and must not) say.
    struct Row: Sendable, CustomStringConvertible {
        var name: String
        /// Brings the store to the state before the paywall opens, as a preset does.
        var reach: @Sendable (SimulatedStore) async throws -> Void
        /// What the customer does in the paywall once it is open.
        var inPaywall: (@Sendable (inout Driver) async -> Void)? = nil
        var shows: [String]
        var hides: [String] = []
        var description: String { name }
    }

    static func preset(_ name: String) -> @Sendable (SimulatedStore) async throws -> Void {
        { store in try await PresetRunner(try Preset.named(name)).apply(to: store) }
    }

    static let rows: [Row] = [
        Row(name: "new", reach: { _ in }, shows: ["Start 2-week free trial"]),
        Row(
            name: "win-back", reach: preset("expired-winback"), shows: ["expired on"],
            hides: ["free trial", "Current plan"]),
        Row(
            name: "trial", reach: preset("trial-ending-tomorrow"),
            shows: ["Free trial: Lumen Pro (Monthly) · ends", "then $9.99/month"], hides: ["Start"]),
        Row(
            name: "subscribed", reach: preset("active-monthly"),
            shows: ["Current plan: Lumen Ultimate (Monthly)", "Downgrade"],
            hides: ["Subscribe", "free trial"]),
        Row(
            name: "auto-renew-off",
            reach: { store in
                try await preset("active-monthly")(store)
                let latest = try #require(try await store.latest(for: "com.kiosk.lumen.ultimate.monthly"))
                _ = try await store.perform(.setAutoRenew(false, transactionID: latest.unsafePayloadValue.id))
            }, shows: ["Resume subscription", "access ends"]),
        Row(
            name: "downgrade-pending",
            reach: { store in
                try await preset("active-monthly")(store)
                _ = try await store.purchase("com.kiosk.lumen.pro.monthly", options: [])
            }, shows: ["changes to Lumen Pro (Monthly) on", "Starts"]),
        Row(name: "upgraded", reach: preset("upgraded"), shows: ["Current plan: Lumen Ultimate (Monthly)"]),
        Row(
            name: "billing-retry", reach: preset("billing-retry"),
            shows: ["Update payment method", "payment failed on", "retrying until"],
            hides: ["Subscribe", "free, then", "free trial"]),
        Row(
            name: "grace", reach: preset("grace-period"),
            shows: ["Update payment method", "grace period until"], hides: ["Subscribe", "free trial"]),
        Row(
            name: "expired",
            reach: { store in
                _ = try await store.purchase("com.kiosk.lumen.plus.monthly", options: [])
                _ = try await store.perform(.expireSubscription(productID: "com.kiosk.lumen.plus.monthly"))
            }, shows: ["Lumen Plus (Monthly) expired on"], hides: ["free trial", "Current plan"]),
        Row(
            name: "refunded", reach: preset("refunded"), shows: ["was refunded on"],
            hides: ["free trial", "Current plan"]),
        Row(
            name: "ask-to-buy",
            reach: { store in _ = try await store.perform(.apply(.askToBuy(true))) },
            inPaywall: { driver in
                await driver.press(.enter)  // the payment sheet
                await driver.press(.enter)  // confirm: the purchase waits for a parent
            }, shows: ["Awaiting approval"]),
        Row(name: "family-member", reach: preset("family-member"), shows: ["Shared by your family"]),
    ]

    static let size = Size(columns: 80, rows: 24)

    /// The paywall of a fresh store brought to `row`'s state, as it opens (on the plan it picks).
    static func driver(_ row: Row) async throws -> Driver {
        let store = try Fixtures.store()
        try await row.reach(store)
        var driver = try await Driver(store: store, content: try Fixtures.content(), size: size)
        if let inPaywall = row.inPaywall {
            await inPaywall(&driver)
            await driver.paywall.refresh()
        }
        return driver
    }

    @Test(arguments: rows)
    func everyTemplateShowsTheRow(_ row: Row) async throws {
        var driver = try await Self.driver(row)
        let theme = try Fixtures.theme()
        for template in PaywallTemplate.allCases {
            await PaywallReview.show(template, on: &driver.paywall)
            let text = PaywallProgram.render(driver.state, theme: theme, size: Self.size).buffer.plainText
            assertSnapshot(text, named: "\(row.name)-\(template.rawValue)")
            // The screen, the buttons and the call to action of the plan it opens on, together.
            let said =
                text + "\n" + PaywallProgram.callToAction(driver.state).label + "\n"
                + PaywallProgram.planRows(driver.state).map { "\($0.action) \($0.tag ?? "")" }.joined(
                    separator: "\n")
            for words in row.shows {
                #expect(said.contains(words), "\(row.name) in \(template): \(words)\n\(text)")
            }
            for words in row.hides {
                #expect(!text.contains(words), "\(row.name) in \(template): \(words)\n\(text)")
            }
        }
    }

    /// The plan held is never sold again: its button manages it instead.
    @Test func thePlanHeldIsNotSoldAgain() async throws {
        var driver = try await Self.driver(Self.rows[3])
        let held = try #require(driver.state.selectedPlan)
        #expect(held.id == "com.kiosk.lumen.ultimate.monthly")
        await driver.press(.enter)
        #expect(driver.state.overlay == nil, "no payment sheet for the plan held")
        #expect(driver.state.notices.contains { $0.text.contains("is your current plan") })
    }

    /// In billing retry the call to action fixes the payment (Manage), and access comes back.
    @Test func billingRetryFixesThePayment() async throws {
        var driver = try await Self.driver(Self.rows[7])
        #expect(PaywallProgram.callToAction(driver.state).label == "Update payment method")
        await driver.press(.enter)
        await driver.paywall.refresh()
        #expect(driver.state.store.activeStatus?.state == .subscribed)
    }
}
