import Foundation
import StoreCore
import TerminalUI

/// Prints `kiosk store` results: aligned text for people, JSON (sorted keys, dates in
/// milliseconds like signed payloads) for machines.
public struct StoreOutput: Sendable {
    public var json: Bool
    /// Print only the signed values (one JWS a line), for piping into `kiosk verify -`.
    public var jwsOnly = false
    /// Where each line goes: standard output for the CLI, a rehearsal's transcript otherwise.
    public var write: @Sendable (String) -> Void

    public init(json: Bool, jwsOnly: Bool = false, write: @escaping @Sendable (String) -> Void) {
        self.json = json
        self.jwsOnly = jwsOnly
        self.write = write
    }

    private struct Signed<T: Encodable>: Encodable {
        var payload: T
        var verified: Bool
        var verificationError: String?
        var jws: String
    }

    private struct Record: Encodable {
        var state: String
        var finished: Bool
        var transaction: Transaction
        var renewalInfo: RenewalInfo?
        var pendingPriceIncreaseConsent: Bool
        var refundRequest: RefundRequest?
    }

    private struct Status: Encodable {
        var state: String
        var transaction: Signed<Transaction>
        var renewalInfo: Signed<RenewalInfo>
    }

    private func signed<T>(_ result: VerificationResult<T>) -> Signed<T> {
        var error: String?
        if case .unverified(_, let failure, _) = result { error = failure.description }
        return Signed(
            payload: result.unsafePayloadValue, verified: result.isVerified, verificationError: error,
            jws: result.jwsRepresentation)
    }

    /// Prints `value` as JSON. A value JSON cannot carry (a non-finite number) fails the
    /// command rather than printing nothing where a script expects an answer.
    func emit(_ value: some Encodable) throws(StoreOutputError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        do {
            write(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw StoreOutputError(description: "cannot print the answer as JSON: \(error)")
        }
    }

    public func products(_ products: [Product]) throws(StoreOutputError) {
        if json { return try emit(products) }
        let rows = products.map { [$0.id, $0.type.rawValue, $0.displayPrice] }
        for (product, row) in zip(products, Self.columns(rows)) {
            var line = row + product.displayName
            if let info = product.subscription {
                line += "  [group \(info.groupID), level \(info.groupLevel), \(info.period)]"
            }
            write(line)
        }
    }

    /// Rows of cells as lines whose columns line up: each column as wide as its widest cell, by
    /// the columns a terminal gives it (a CJK price or an emoji takes two), then two spaces.
    public static func columns(_ rows: [[String]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in
            rows.map { column < $0.count ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
        }
        return rows.map { row in
            zip(row, widths).map { cell, width in
                cell + String(repeating: " ", count: width - DisplayWidth.of(cell) + 2)
            }.joined()
        }
    }

    /// A purchase's result. With `--json` a completed purchase carries its signed transaction and
    /// a pending one the ID of the transaction it left waiting for approval, so a script can
    /// approve or decline what it just bought.
    func purchase(_ result: PurchaseResult) throws(StoreOutputError) {
        switch result {
        case .success(let verification):
            if json {
                return try emit(
                    PurchaseAnswer(
                        result: "success", transactionID: String(verification.unsafePayloadValue.id),
                        transaction: signed(verification)))
            }
            if !jwsOnly { write("purchased") }
            try transactions([verification])
        case .pending(let pendingID):
            if json { return try emit(PurchaseAnswer(result: "pending", transactionID: String(pendingID))) }
            write(
                "pending: waiting for approval (transaction \(pendingID): kiosk store approve \(pendingID))")
        case .userCancelled:
            try json ? emit(PurchaseAnswer(result: "userCancelled")) : write("cancelled by the user")
        }
    }

    /// A purchase made outside the app that Ask to Buy holds: the text says it waits for
    /// approval, in the words of a held purchase from the app. `--json` and `--jws` print the
    /// provisional transaction as for any purchase outside the app (their shape stays one for
    /// scripts; `kiosk store transactions` tells its state).
    func heldForApproval(_ transaction: Transaction) throws(StoreOutputError) {
        guard !json && !jwsOnly else { return try transactions([.verified(transaction, jws: "")]) }
        try purchase(.pending(transactionID: transaction.id))
    }

    private struct PurchaseAnswer: Encodable {
        var result: String
        var transactionID: String?
        var transaction: Signed<Transaction>?
    }

    public func transactions(_ results: [VerificationResult<Transaction>]) throws(StoreOutputError) {
        if jwsOnly { return results.forEach { write($0.jwsRepresentation) } }
        if json { return try emit(results.map(signed)) }
        if results.isEmpty { return write("(none)") }
        for result in results {
            let transaction = result.unsafePayloadValue
            var line =
                "\(transaction.id)  \(transaction.productID.padded(40)) \(Self.date(transaction.purchaseDate))"
            if let expiration = transaction.expirationDate { line += "  expires \(Self.date(expiration))" }
            if let offer = transaction.offer { line += "  offer \(offer.type)" }
            if transaction.isRevoked { line += "  REFUNDED" }
            if transaction.isUpgraded { line += "  upgraded" }
            if transaction.ownershipType == .familyShared { line += "  family shared" }
            if case .unverified(_, let error, _) = result { line += "  UNVERIFIED (\(error))" }
            write(line)
        }
    }

    public func records(_ records: [TransactionRecord]) throws(StoreOutputError) {
        if json {
            return try emit(
                records.map {
                    Record(
                        state: $0.state.rawValue, finished: $0.isFinished,
                        transaction: $0.transaction.unsafePayloadValue,
                        renewalInfo: $0.renewalInfo,
                        pendingPriceIncreaseConsent: $0.isPendingPriceIncreaseConsent,
                        refundRequest: $0.refundRequest)
                })
        }
        if records.isEmpty { return write("(no transactions)") }
        let rows = records.map { record in
            let transaction = record.transaction.unsafePayloadValue
            return [
                "\(transaction.id)", record.state.rawValue, transaction.productID,
                Self.date(transaction.purchaseDate),
            ]
        }
        for (record, row) in zip(records, Self.columns(rows)) {
            let transaction = record.transaction.unsafePayloadValue
            var notes: [String] = []
            if !record.isFinished && record.state != .pendingApproval && record.state != .declined {
                notes.append("unfinished")
            }
            if record.isPendingPriceIncreaseConsent { notes.append("price increase pending") }
            if let request = record.refundRequest {
                notes.append("refund request \(request.status.rawValue) (\(request.reason.rawValue))")
            }
            if let share = transaction.revocationPercentage, share < RefundRequest.fullRefund {
                notes.append("refunded \(Double(share) / 1000)%")
            }
            write((row + notes.joined(separator: "  ")).trimmingTrailingSpaces)
        }
    }

    public func statuses(_ statuses: [SubscriptionStatus]) throws(StoreOutputError) {
        if json {
            return try emit(
                statuses.map {
                    Status(
                        state: "\($0.state)", transaction: signed($0.transaction),
                        renewalInfo: signed($0.renewalInfo))
                })
        }
        if statuses.isEmpty { return write("(no subscription in this group)") }
        for status in statuses {
            let info = status.renewalInfo.unsafePayloadValue
            var line = "\(status.state.description.padded(14)) \(info.currentProductID)"
            line +=
                info.willAutoRenew ? "  renews \(info.renewalDate.map(Self.date) ?? "?")" : "  will not renew"
            if let next = info.autoRenewPreference, next != info.currentProductID { line += " to \(next)" }
            if let reason = info.expirationReason { line += "  expired: \(reason)" }
            write(line)
        }
    }

    public func settings(_ settings: StoreSettings) throws(StoreOutputError) {
        if json { return try emit(settings) }
        write(
            """
            storefront    \(settings.storefront)
            locale        \(settings.locale)
            time rate     \(settings.timeRate) (\(settings.timeRate.rawValue))
            ask-to-buy    \(Self.onOff(settings.askToBuyEnabled))
            billing-retry \(Self.onOff(settings.billingRetryOnRenewal))
            grace-period  \(Self.onOff(settings.billingGracePeriodEnabled))
            interrupted   \(Self.onOff(settings.interruptedPurchasesEnabled))
            dialogs       \(Self.onOff(!settings.disableDialogs))
            grace-days    \(settings.billingGracePeriodDays)
            finished-consumables \(Self.onOff(settings.includeFinishedConsumables))
            """)
    }

    public func errors(_ errors: [FailableAPI: SimulatedFailure]) throws(StoreOutputError) {
        if json {
            return try emit(Dictionary(uniqueKeysWithValues: errors.map { ($0.key.key, $0.value.code) }))
        }
        for api in FailableAPI.allCases {
            write("\(api.key.padded(20)) \(errors[api]?.code ?? "none")")
        }
    }

    /// The accounts, the one commands act for marked `*` (`--account`, else `tester`).
    public func accounts(_ accounts: [StoreAccount], current: AccountName) throws(StoreOutputError) {
        if json { return try emit(accounts) }
        for account in accounts {
            write(
                (account.name == current ? "* " : "  ")
                    + "\(account.name.rawValue.padded(24)) \(account.storefront)"
                    + (account.familyID.map { "  family \($0)" } ?? ""))
        }
    }

    public func appTransaction(_ result: VerificationResult<AppTransaction>) throws(StoreOutputError) {
        if json { return try emit(signed(result)) }
        let app = result.unsafePayloadValue
        write(
            "\(app.bundleID) \(app.appVersion)  app transaction \(app.appTransactionID)  \(app.environment.rawValue)"
        )
        write(result.jwsRepresentation)
    }

    public func notifications(_ notifications: [NotificationSummary]) throws(StoreOutputError) {
        if json { return try emit(notifications) }
        if notifications.isEmpty { return write("(no notifications)") }
        let rows = notifications.map {
            [
                String($0.sequence), $0.kind, $0.productID ?? "-", Self.date($0.createdAt),
                Self.delivery($0),
            ]
        }
        for line in Self.columns(rows) { write(line.trimmingTrailingSpaces) }
    }

    /// What became of a notification's delivery, in the Transaction Manager's words.
    public static func delivery(_ notification: NotificationSummary) -> String {
        guard let last = notification.attempts.last else {
            return "not sent (no webhook yet, or waiting for its turn)"
        }
        let tries = notification.attempts.count == 1 ? "" : " x\(notification.attempts.count)"
        let status = last.httpStatus.map { " \($0)" } ?? ""
        if last.succeeded { return "delivered\(status)\(tries)" }
        let next = notification.nextAttemptAt.map { ", next try \(Self.date($0))" } ?? ", gave up"
        return "\(last.result)\(status)\(tries)\(next)"
    }

    public func value(_ name: String, _ value: some CustomStringConvertible & Encodable)
        throws(StoreOutputError)
    {
        try json ? emit([name: value]) : write("\(value)")
    }

    public func date(_ name: String, _ date: Date) throws(StoreOutputError) {
        try json ? emit([name: date.saturatingMilliseconds]) : write(Self.date(date))
    }

    public static func date(_ date: Date) -> String {
        date.formatted(
            .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
                .timeSeparator(.colon))
    }

    public static func onOff(_ value: Bool) -> String { value ? "on" : "off" }
}

extension String {
    /// Without the spaces a table's last column leaves at the end.
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Left-aligned in `width` characters (at least one space after).
    fileprivate func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

/// An answer `kiosk store` could not print.
public struct StoreOutputError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
