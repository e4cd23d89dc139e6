import Foundation
import Simulator
import StoreCore

/// `kiosk store ACTION ...`: every `Store` and `StoreControl` action from the shell, for
/// scripts and CI. Exit codes: 0 done, 1 the store refused (the reason is printed), 64 usage,
/// 65 a bad catalog, 73 an unusable state directory.
struct StoreCommand: Command {
    static let name = "store"
    static let summary = "Run store and Transaction Manager actions headlessly (for scripts and CI)."
    static let usage =
        "kiosk store ACTION [ARGUMENTS] [--json] [--catalog FILE] [--state DIR] [--account NAME] [--store URL]"
    static let options: [OptionSpec] =
        StoreOptions.specs + [
            .flag("json", help: "Print machine-readable JSON."),
            .flag(
                "jws",
                help:
                    "Print only the signed values, one JWS a line (for kiosk verify -); notifications: signed now."
            ),
            .option("quantity", value: "N", help: "buy: how many (consumables, 1 to 10)."),
            .option("offer-code", value: "REF", help: "buy: apply an offer code by reference name."),
            .option(
                "promo", value: "ID",
                help: "buy: apply a promotional offer by ID (no signature, as in testing)."),
            .option("winback", value: "ID", help: "buy: apply a win-back offer."),
            .option("token", value: "UUID", help: "buy: the appAccountToken."),
            .option("date", value: "ISO8601", help: "buy: a backdated purchase date."),
            .flag(
                "cancel-immediately",
                help: "buy: with --date, stop after one period (default: renew until now)."),
            .option("plan", value: "PLAN", help: "buy: billing plan, upfront or monthly."),
            .flag("ask-to-buy", help: "buy: simulate Ask to Buy for this purchase."),
            .flag("no-intro", help: "buy: treat the account as ineligible for the introductory offer."),
            .option("key", value: "KEY", help: "buy: an idempotency key."),
            .flag("off-device", help: "buy: purchase outside the app (arrives on updates)."),
            .flag("cancel", help: "buy: cancel the payment sheet."),
            .option("reason", value: "R", help: "refund: developer-issue or other (default)."),
            .option(
                "percentage", value: "P",
                help: "refund, refund-request grant: the share refunded, 0 to 100 (default 100)."),
            .option("periods", value: "N", help: "advance: renewal periods instead of a duration."),
            .option("group", value: "ID", help: "advance --periods: the subscription group."),
            .option("storefront", value: "CODE", help: "account add: the account's storefront."),
            .option("family", value: "ID", help: "account add: the account's family."),
            .option("after", value: "N", help: "notifications: only after this sequence number."),
            .option("limit", value: "N", help: "notifications: at most the newest N (default 100)."),
        ]
    static var discussion: String {
        "ACTIONS:\n" + StoreAction.allCases.map { "  " + $0.synopsis }.joined(separator: "\n")
    }

    var action: StoreAction
    var arguments: [String]
    var parsed: ParsedArguments
    var storeOptions: StoreOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let first = arguments.positionals.first else {
            throw UsageError("name an action: kiosk store --help lists them")
        }
        guard let action = StoreAction(rawValue: first) else {
            throw UsageError("unknown action '\(first)'; kiosk store --help lists them")
        }
        self.action = action
        self.arguments = Array(arguments.positionals.dropFirst())
        self.parsed = arguments
        self.storeOptions = try StoreOptions(arguments)
        storeOptions.resetsDamagedState = action == .reset
    }

    func run() async throws -> ExitCode {
        let opened = try await storeOptions.open(command: "kiosk store \(action.rawValue)")
        let output = StoreOutput(json: parsed.flag("json"), jwsOnly: parsed.flag("jws"))
        do {
            try await StoreActionRunner(store: opened.store, command: self, output: output).run()
            await opened.close()
            return .success
        } catch let error as StoreError {
            await opened.close()
            throw CommandFailure("kiosk store \(action.rawValue): \(error)", exit: .failure)
        } catch {
            await opened.close()
            throw error
        }
    }

    /// The positional argument at `index`, or a usage error naming it.
    func argument(_ index: Int, _ name: String) throws(UsageError) -> String {
        guard index < arguments.count else {
            throw UsageError("'\(action.rawValue)' needs \(name): \(action.synopsis)")
        }
        return arguments[index]
    }

    /// A transaction ID argument.
    func transactionID(_ index: Int = 0) throws(UsageError) -> UInt64 {
        let text = try argument(index, "a transaction ID")
        guard let id = UInt64(text) else { throw UsageError("'\(text)' is not a transaction ID (a number)") }
        return id
    }
}
