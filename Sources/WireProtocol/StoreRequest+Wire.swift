import Foundation
import StoreCore

/// The wire form of every app request (docs/openapi.yaml): routes, bodies and answers.
extension StoreRequest {
    static let account = "/v1/accounts/{account}"

    // MARK: Routes

    static let purchaseRoute = RequestRoute("POST", account + "/purchases") { input throws(StoreError) in
        let body = try WireCoding.decode(Wire.PurchaseRequest.self, from: input.body)
        var options = body.options?.options ?? []
        if let key = input.headers["Idempotency-Key"] { options.append(.idempotencyKey(key)) }
        let confirmed: Bool
        switch body.confirmation ?? "confirm" {
        case "confirm": confirmed = true
        case "cancel": confirmed = false
        case let other:
            throw StoreError.invalidArgument("confirmation must be confirm or cancel, got '\(other)'")
        }
        return [.purchase(productID: body.productID, options: options, confirmed: confirmed)]
    }
    static let finishRoute = RequestRoute("POST", account + "/transactions/{id}/finish", isRepeatable: true) {
        p, _ throws(StoreError) in
        [.finish(transactionID: try WireInput.transactionID(p))]
    }
    static let syncRoute = RequestRoute("POST", account + "/sync", isRepeatable: true) {
        _, _ throws(StoreError) in
        [.sync]
    }
    static let redeemRoute = RequestRoute("POST", account + "/offer-codes/redeem") {
        _, body throws(StoreError) in
        [.redeemOfferCode(try WireCoding.decode(Wire.Value<String>.self, from: body).value)]
    }
    static let refundRequestRoute = RequestRoute("POST", account + "/transactions/{id}/refund-request") {
        p, body throws(StoreError) in
        let code = try WireCoding.decode(Wire.Value<Int>.self, from: body).value
        guard let reason = Transaction.RevocationReason(rawValue: code) else {
            throw StoreError.invalidArgument(
                "refund reason must be 0 (other) or 1 (developer issue), got \(code)")
        }
        return [.requestRefund(transactionID: try WireInput.transactionID(p), reason: reason)]
    }
    static let manageRoute = RequestRoute("POST", account + "/manage-subscriptions", isRepeatable: true) {
        _, _ throws(StoreError) in
        [.showManageSubscriptions]
    }

    static let retentionRoute = RequestRoute("POST", account + "/subscriptions/{product}/cancel-sheet") {
        p, _ throws(StoreError) in
        [.retentionMessage(productID: p["product"] ?? "")]
    }

    /// Every route a request travels on, for the server's router.
    public static let routes: [RequestRoute] = [
        purchaseRoute, finishRoute, syncRoute, redeemRoute, refundRequestRoute, manageRoute, retentionRoute,
    ]

    // MARK: Requests

    /// The request that carries this one over HTTP (an idempotency key travels as the
    /// `Idempotency-Key` header, as payment APIs take it).
    public var wireRequest: WireRequest<StoreRequest> {
        switch self {
        case .purchase(let productID, let options, let confirmed):
            var headers: [String: String] = [:]
            if let key = options.idempotencyKey { headers["Idempotency-Key"] = key }
            let body = Wire.PurchaseRequest(
                productID: productID, options: options, confirmation: confirmed ? "confirm" : "cancel")
            return WireRequest(
                route: Self.purchaseRoute, parameters: [:], body: WireCoding.encode(body), headers: headers)
        case .finish(let id): return WireRequest(route: Self.finishRoute, parameters: ["id": String(id)])
        case .sync: return WireRequest(route: Self.syncRoute, parameters: [:])
        case .redeemOfferCode(let code):
            return WireRequest(
                route: Self.redeemRoute, parameters: [:], body: WireCoding.encode(Wire.Value(code)))
        case .requestRefund(let id, let reason):
            return WireRequest(
                route: Self.refundRequestRoute, parameters: ["id": String(id)],
                body: WireCoding.encode(Wire.Value(reason.rawValue)))
        case .showManageSubscriptions: return WireRequest(route: Self.manageRoute, parameters: [:])
        case .retentionMessage(let productID):
            return WireRequest(route: Self.retentionRoute, parameters: ["product": productID])
        }
    }

    // MARK: Answers

    /// The body the server answers a request's result with (nil: 204 No Content).
    public static func answerBody(_ result: StoreRequestResult) -> [UInt8]? {
        switch result {
        case .done: nil
        case .purchase(let result): WireCoding.encode(Wire.PurchaseOutcome(result))
        case .refundRequest(let status): WireCoding.encode(Wire.Value(status.rawValue))
        case .retention(let sheet): WireCoding.encode(sheet)
        }
    }
}
