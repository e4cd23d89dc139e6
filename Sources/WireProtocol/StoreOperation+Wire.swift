import Foundation
import StoreCore

/// The wire form of every tester operation (docs/openapi.yaml): routes, bodies and answers.
extension StoreOperation {
    static let account = "/v1/control/accounts/{account}"
    static let transaction = account + "/transactions/{id}"

    // MARK: Routes

    /// Repeatable, as a PUT: the account is set to the same values again (a client that took
    /// the state over sends it again when the owner died before answering).
    static let addAccountRoute = OperationRoute("PUT", account, accountMustExist: false, isRepeatable: true) {
        p, body throws(StoreError) in
        var account = try WireCoding.decode(StoreAccount.self, from: body)
        account.name = p["account"].map(AccountName.init(rawValue:)) ?? account.name
        return [.addAccount(account)]
    }
    static let approveRoute = transactionRoute("approve") { id, _ throws(StoreError) in
        .approveAskToBuy(transactionID: id)
    }
    static let declineRoute = transactionRoute("decline") { id, _ throws(StoreError) in
        .declineAskToBuy(transactionID: id)
    }
    static let resolveRoute = transactionRoute("resolve") { id, _ throws(StoreError) in
        .resolveIssue(transactionID: id)
    }
    static let priceIncreaseRequestRoute = transactionRoute("price-increase-request") {
        id, _ throws(StoreError) in
        .requestPriceIncreaseConsent(transactionID: id)
    }
    static let priceIncreaseResponseRoute = transactionRoute("price-increase-response") {
        id, body throws(StoreError) in
        .respondToPriceIncrease(
            transactionID: id, accept: try WireCoding.decode(Wire.Value<Bool>.self, from: body).value)
    }
    static let refundRoute = transactionRoute("refund") { id, body throws(StoreError) in
        let refund = try WireCoding.decode(Wire.Refund.self, from: body)
        guard let reason = Transaction.RevocationReason(rawValue: refund.value) else {
            throw StoreError.invalidArgument(
                "refund reason must be 0 (other) or 1 (developer issue), got \(refund.value)")
        }
        return .refund(
            transactionID: id, reason: reason, percentage: refund.percentage ?? RefundRequest.fullRefund)
    }
    static let refundRequestRoute = transactionRoute("refund-request") { id, body throws(StoreError) in
        let text = try WireCoding.decode(Wire.Value<String>.self, from: body).value
        guard let reason = ConsumptionRequestReason(rawValue: text) else {
            throw StoreError.invalidArgument(
                "unknown refund request reason '\(text)': one of "
                    + ConsumptionRequestReason.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return .openRefundRequest(transactionID: id, reason: reason)
    }
    static let refundGrantRoute = transactionRoute("refund-grant") { id, body throws(StoreError) in
        let share = try WireCoding.decode(Wire.Value<Int?>.self, from: body).value
        return .grantRefundRequest(transactionID: id, percentage: share ?? RefundRequest.fullRefund)
    }
    static let refundDeclineRoute = transactionRoute("refund-decline") { id, _ throws(StoreError) in
        .declineRefundRequest(transactionID: id)
    }
    static let refundReverseRoute = transactionRoute("refund-reverse") { id, _ throws(StoreError) in
        .reverseRefund(transactionID: id)
    }
    static let autoRenewRoute = transactionRoute("auto-renew") { id, body throws(StoreError) in
        .setAutoRenew(try WireCoding.decode(Wire.Value<Bool>.self, from: body).value, transactionID: id)
    }
    static let deleteRoute = OperationRoute("DELETE", transaction) { p, _ throws(StoreError) in
        [.deleteTransaction(transactionID: try WireInput.transactionID(p))]
    }
    static let clearRoute = OperationRoute("DELETE", account + "/transactions") { _, _ throws(StoreError) in
        [.clearTransactions]
    }
    static let expireRoute = OperationRoute("POST", account + "/subscriptions/{product}/expire") {
        p, _ throws(StoreError) in
        [.expireSubscription(productID: p["product"] ?? "")]
    }
    static let renewRoute = OperationRoute("POST", account + "/subscriptions/{product}/renew") {
        p, _ throws(StoreError) in
        [.forceRenewal(productID: p["product"] ?? "")]
    }
    static let offDeviceRoute = OperationRoute("POST", account + "/off-device-purchases") {
        _, body throws(StoreError) in
        let request = try WireCoding.decode(Wire.PurchaseRequest.self, from: body)
        return [.buyOffDevice(productID: request.productID, options: request.options?.options ?? [])]
    }
    static let advancePeriodsRoute = OperationRoute("POST", account + "/clock/advance") {
        _, body throws(StoreError) in
        let advance = try WireCoding.decode(Wire.ClockAdvance.self, from: body)
        guard let periods = advance.periods, let group = advance.groupID else {
            throw StoreError.invalidArgument("give periods and groupID")
        }
        return [.advanceClockPeriods(count: periods, groupID: group)]
    }
    static let settingsRoute = OperationRoute("PATCH", account + "/settings") { _, body throws(StoreError) in
        try WireCoding.decode(Wire.SettingsPatch.self, from: body).settings.map(StoreOperation.apply)
    }
    static let advanceRoute = OperationRoute("POST", "/v1/control/clock/advance") {
        _, body throws(StoreError) in
        guard let seconds = try WireCoding.decode(Wire.ClockAdvance.self, from: body).seconds else {
            throw StoreError.invalidArgument("give seconds")
        }
        return [.advanceClock(seconds: seconds)]
    }
    static let resetRoute = OperationRoute("POST", "/v1/control/reset") { _, _ throws(StoreError) in
        [.resetToDefaultState]
    }
    /// Repeatable, as a PUT: the API's simulated failure is set to the same value again.
    static let simulatedErrorRoute = OperationRoute(
        "PUT", "/v1/control/simulated-errors/{api}", isRepeatable: true
    ) {
        p, body throws(StoreError) in
        guard let api = FailableAPI(key: p["api"] ?? "") else {
            throw StoreError.invalidArgument("unknown API '\(p["api"] ?? "")'")
        }
        let code = try WireCoding.decode(Wire.Value<String?>.self, from: body).value
        let failure = try code.map { code throws(StoreError) in
            guard let failure = SimulatedFailure(code: code) else {
                throw StoreError.invalidArgument("unknown failure '\(code)'")
            }
            return failure
        }
        return [.setSimulatedError(failure, api: api)]
    }

    /// Save points: the body's `value` is the name (null: the store chooses, or the newest).
    /// Both are repeatable: saving a name again writes the same moment over it (an unnamed one
    /// may come out twice), loading again puts the store where the first load did.
    static let saveStateRoute = OperationRoute("POST", "/v1/control/save-points", isRepeatable: true) {
        _, body throws(StoreError) in
        [.saveState(name: try WireCoding.decode(Wire.Value<String?>.self, from: body).value)]
    }
    static let loadStateRoute = OperationRoute("POST", "/v1/control/save-points/load", isRepeatable: true) {
        _, body throws(StoreError) in
        [.loadState(name: try WireCoding.decode(Wire.Value<String?>.self, from: body).value)]
    }

    /// A line a client adds to the QA journal (the paywall's reaction, its closing), as its
    /// words: a note no Kiosk client writes is refused.
    static let journalNoteRoute = OperationRoute("POST", "/v1/control/journal-notes") {
        _, body throws(StoreError) in
        let words = try WireCoding.decode(Wire.JournalNote.self, from: body)
        guard let note = JournalNote(action: words.action, result: words.result) else {
            throw StoreError.invalidArgument(
                "'\(words.action)' with the result '\(words.result)' is not a journal note (docs/qa.md)")
        }
        return [.journalNote(note)]
    }

    /// Every route an operation travels on, for the server's router.
    public static let routes: [OperationRoute] = [
        addAccountRoute, approveRoute, declineRoute, resolveRoute, priceIncreaseRequestRoute,
        priceIncreaseResponseRoute, refundRoute, refundRequestRoute, refundGrantRoute, refundDeclineRoute,
        refundReverseRoute, autoRenewRoute, deleteRoute, clearRoute, expireRoute, renewRoute, offDeviceRoute,
        advancePeriodsRoute, settingsRoute, advanceRoute, resetRoute, simulatedErrorRoute,
        saveStateRoute, loadStateRoute, journalNoteRoute,
    ]

    // MARK: Requests

    /// The request that carries this operation.
    public var wireRequest: OperationRequest {
        func on(_ route: OperationRoute, id: UInt64, _ body: (some Encodable)? = Optional<Int>.none)
            -> OperationRequest
        {
            OperationRequest(
                route: route, parameters: ["id": String(id)], body: body.map { WireCoding.encode($0) })
        }
        switch self {
        case .addAccount(let account):
            return OperationRequest(
                route: Self.addAccountRoute, parameters: ["account": account.name.rawValue],
                body: WireCoding.encode(account))
        case .approveAskToBuy(let id): return on(Self.approveRoute, id: id)
        case .declineAskToBuy(let id): return on(Self.declineRoute, id: id)
        case .resolveIssue(let id): return on(Self.resolveRoute, id: id)
        case .requestPriceIncreaseConsent(let id): return on(Self.priceIncreaseRequestRoute, id: id)
        case .respondToPriceIncrease(let id, let accept):
            return on(Self.priceIncreaseResponseRoute, id: id, Wire.Value(accept))
        case .refund(let id, let reason, let percentage):
            let share = percentage == RefundRequest.fullRefund ? nil : percentage
            return on(Self.refundRoute, id: id, Wire.Refund(value: reason.rawValue, percentage: share))
        case .openRefundRequest(let id, let reason):
            return on(Self.refundRequestRoute, id: id, Wire.Value(reason.rawValue))
        case .grantRefundRequest(let id, let percentage):
            return on(Self.refundGrantRoute, id: id, Wire.Value<Int?>(percentage))
        case .declineRefundRequest(let id): return on(Self.refundDeclineRoute, id: id)
        case .reverseRefund(let id): return on(Self.refundReverseRoute, id: id)
        case .setAutoRenew(let isOn, let id): return on(Self.autoRenewRoute, id: id, Wire.Value(isOn))
        case .deleteTransaction(let id): return on(Self.deleteRoute, id: id)
        case .clearTransactions: return OperationRequest(route: Self.clearRoute, parameters: [:])
        case .expireSubscription(let productID):
            return OperationRequest(route: Self.expireRoute, parameters: ["product": productID])
        case .forceRenewal(let productID):
            return OperationRequest(route: Self.renewRoute, parameters: ["product": productID])
        case .buyOffDevice(let productID, let options):
            return OperationRequest(
                route: Self.offDeviceRoute, parameters: [:],
                body: WireCoding.encode(Wire.PurchaseRequest(productID: productID, options: options)))
        case .advanceClockPeriods(let count, let groupID):
            return OperationRequest(
                route: Self.advancePeriodsRoute, parameters: [:],
                body: WireCoding.encode(Wire.ClockAdvance(periods: count, groupID: groupID)))
        case .apply(let setting):
            return OperationRequest(
                route: Self.settingsRoute, parameters: [:],
                body: WireCoding.encode(Wire.SettingsPatch(setting)))
        case .advanceClock(let seconds):
            return OperationRequest(
                route: Self.advanceRoute, parameters: [:],
                body: WireCoding.encode(Wire.ClockAdvance(seconds: seconds)))
        case .resetToDefaultState: return OperationRequest(route: Self.resetRoute, parameters: [:])
        case .setSimulatedError(let failure, let api):
            return OperationRequest(
                route: Self.simulatedErrorRoute, parameters: ["api": api.key],
                body: WireCoding.encode(Wire.Value(failure?.code)))
        case .saveState(let name):
            return OperationRequest(
                route: Self.saveStateRoute, parameters: [:], body: WireCoding.encode(Wire.Value(name)))
        case .loadState(let name):
            return OperationRequest(
                route: Self.loadStateRoute, parameters: [:], body: WireCoding.encode(Wire.Value(name)))
        case .journalNote(let note):
            return OperationRequest(
                route: Self.journalNoteRoute, parameters: [:],
                body: WireCoding.encode(Wire.JournalNote(action: note.action, result: note.result)))
        }
    }

    // MARK: Answers

    /// The body the server answers an operation's result with (nil: 204 No Content).
    public static func answerBody(_ result: StoreOperationResult) -> [UInt8]? {
        switch result {
        case .done: nil
        case .clock(let date): WireCoding.encode(Wire.Value(date))
        case .transaction(let transaction):
            WireCoding.encode(Wire.OffDevicePurchase(transaction, held: false))
        case .heldForApproval(let transaction):
            WireCoding.encode(Wire.OffDevicePurchase(transaction, held: true))
        case .savePoint(let name): WireCoding.encode(Wire.Value(name))
        }
    }

    /// Reads this operation's result from the server's answer.
    public func result(from body: [UInt8]) throws(StoreError) -> StoreOperationResult {
        switch self {
        case .advanceClock, .advanceClockPeriods:
            .clock(try WireCoding.decode(Wire.Value<Date>.self, from: body).value)
        case .buyOffDevice:
            try WireCoding.decode(Wire.OffDevicePurchase.self, from: body).result
        case .saveState, .loadState:
            .savePoint(try WireCoding.decode(Wire.Value<String>.self, from: body).value)
        // Every other operation, by name, so a new one does not compile until its answer is read.
        case .addAccount, .approveAskToBuy, .declineAskToBuy, .refund, .openRefundRequest,
            .grantRefundRequest, .declineRefundRequest, .reverseRefund, .expireSubscription, .forceRenewal,
            .setAutoRenew, .requestPriceIncreaseConsent, .respondToPriceIncrease, .resolveIssue,
            .deleteTransaction, .clearTransactions, .resetToDefaultState, .apply, .setSimulatedError,
            .journalNote:
            .done
        }
    }

    // MARK: Helpers

    private static func transactionRoute(
        _ name: String,
        _ make: @escaping @Sendable (UInt64, [UInt8]) throws(StoreError) -> StoreOperation
    ) -> OperationRoute {
        OperationRoute("POST", transaction + "/" + name) { p, body throws(StoreError) in
            [try make(try WireInput.transactionID(p), body)]
        }
    }
}
