import Foundation
import Presets
import Simulator
import StoreCore

/// The report's opening: what a reader of a bug needs before the steps (issue 27). Which Kiosk
/// made it, on which catalog, and where each account ended: its entitlements and the state of
/// each subscription group it bought in.
extension QAReport {
    public struct Summary: Sendable {
        public struct Account: Sendable {
            public var name: AccountName
            public var entitlements: [String]
            /// `group: product state`, one per subscription group with a status.
            public var subscriptions: [String]

            public init(name: AccountName, entitlements: [String], subscriptions: [String]) {
                self.name = name
                self.entitlements = entitlements
                self.subscriptions = subscriptions
            }
        }

        /// The Kiosk release that made the report.
        public var version: String
        public var catalog: String
        public var accounts: [Account]
        /// What the presets the journal applied promise ("Subscriber in the billing grace
        /// period"), to hold the end state against.
        public var expected: [String] = []

        public init(version: String, catalog: String, accounts: [Account], expected: [String] = []) {
            self.version = version
            self.catalog = catalog
            self.accounts = accounts
            self.expected = expected
        }
    }

    /// Reads the summary from the store, account by account (each is switched to in turn);
    /// `version` is the Kiosk release making the report.
    public static func summary(store: any Store & StoreControl, catalog: String, version: String)
        async throws(StoreError) -> Summary
    {
        let products = try await store.allProducts()
        var names: [String: String] = [:]
        for product in products { names[product.id] = product.displayName }
        let groups = Array(Set(products.compactMap { $0.subscription?.groupID })).sorted()
        var accounts: [Summary.Account] = []
        for account in try await store.accounts() {
            try await store.switchAccount(to: account.name)
            let entitlements = try await store.currentEntitlements().map {
                names[$0.unsafePayloadValue.productID] ?? $0.unsafePayloadValue.productID
            }
            var subscriptions: [String] = []
            for group in groups {
                guard let status = try await store.subscriptionStatuses(for: group).first else { continue }
                let product = status.transaction.unsafePayloadValue.productID
                subscriptions.append("group \(group): \(names[product] ?? product) \(status.state)")
            }
            accounts.append(
                Summary.Account(name: account.name, entitlements: entitlements, subscriptions: subscriptions))
        }
        return Summary(version: version, catalog: catalog, accounts: accounts)
    }

    /// What each preset the steps applied says it builds, in the order applied.
    public static func presetExpectations(_ steps: [Step]) -> [String] {
        var seen: Set<String> = []
        return steps.compactMap { step -> String? in
            guard let screen = step.entry.screen, screen.hasPrefix("preset "), seen.insert(screen).inserted
            else {
                return nil
            }
            let name = String(screen.dropFirst("preset ".count))
            // A preset this Kiosk no longer has (the journal is older) promises nothing to check.
            return (try? Preset.named(name)).map { "\(name): \($0.summary)" }
        }
    }

    /// One line of the summary: Kiosk's own words and text from the state (catalog names,
    /// account names) kept apart, so each report escapes the state's text its own way.
    public struct SummaryLine: Sendable, Equatable {
        public enum Part: Sendable, Equatable {
            /// Kiosk's words: written as they are.
            case words(String)
            /// Text from the state, escaped for where it goes.
            case text(String)
            /// Text from the state shown as code (a catalog's path).
            case code(String)
        }

        /// An item of the account above it (a subscription), not of the summary.
        public var isNested: Bool
        public var parts: [Part]
    }

    /// The summary, line by line (`summaryLines` writes it as Markdown, the HTML report as a list).
    public var summaryItems: [SummaryLine] {
        guard let summary else { return [] }
        var lines = [
            SummaryLine(
                isNested: false,
                parts: [
                    // The version is Kiosk's own word (the release making the report), not the state's.
                    .words("Kiosk \(summary.version), catalog "), .code(summary.catalog),
                ])
        ]
        lines += summary.expected.map {
            SummaryLine(isNested: false, parts: [.words("Expected: "), .text($0)])
        }
        for account in summary.accounts {
            var parts: [SummaryLine.Part] = [.words("Account "), .text(account.name.rawValue), .words(": ")]
            if account.entitlements.isEmpty { parts.append(.words("no entitlements")) }
            for (index, entitlement) in account.entitlements.enumerated() {
                parts += (index == 0 ? [] : [.words(", ")]) + [.text(entitlement)]
            }
            lines.append(SummaryLine(isNested: false, parts: parts))
            lines += account.subscriptions.map { SummaryLine(isNested: true, parts: [.text($0)]) }
        }
        return lines
    }

    /// The summary as lines of Markdown, the state's text escaped as CommonMark requires
    /// (`inline`, `code`) like every other line of the report (issue 38).
    public var summaryLines: [String] {
        summaryItems.map { line in
            (line.isNested ? "  - " : "- ")
                + line.parts.map { part in
                    switch part {
                    case .words(let words): words
                    case .text(let text): Self.inline(text)
                    case .code(let text): Self.code(text)
                    }
                }.joined()
        }
    }

    /// A signed payload's JSON with each date (milliseconds since 1970, as Apple signs them)
    /// followed by the date in words, so a reader need not convert `1780000000000`.
    public static func readableDates(_ json: String) -> String {
        let pattern = /("[A-Za-z]*Date" : )(\d{12,14})/
        return json.replacing(pattern) { match in
            let milliseconds = Double(match.output.2) ?? 0
            let date = Date(timeIntervalSince1970: milliseconds / 1000)
            return "\(match.output.1)\"\(JournalTime.text(date)) UTC (\(match.output.2))\""
        }
    }
}
