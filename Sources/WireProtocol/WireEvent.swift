import Foundation
import StoreCore

extension Wire {
    /// One `StoreMessage` (the `messages` stream's data): `{"kind": "billingIssue", "productID": …}`.
    public struct Message: Codable, Sendable, Hashable {
        public var kind: String
        public var productID: String
        public var offerID: String?

        public init(_ message: StoreMessage) {
            switch message {
            case .priceIncreaseConsent(let product): (kind, productID) = ("priceIncreaseConsent", product)
            case .billingIssue(let product): (kind, productID) = ("billingIssue", product)
            case .winBackOffer(let product, let offer):
                (kind, productID, offerID) = ("winBackOffer", product, offer)
            }
        }

        public var message: StoreMessage? {
            switch kind {
            case "priceIncreaseConsent": .priceIncreaseConsent(productID: productID)
            case "billingIssue": .billingIssue(productID: productID)
            case "winBackOffer": offerID.map { .winBackOffer(productID: productID, offerID: $0) }
            default: nil
            }
        }
    }

    /// One `StoreEvent` (the `events` stream's data); the SSE event name is `type`.
    public struct Event: Codable, Sendable, Hashable {
        public var type: String
        public var transaction: WireSigned?
        public var message: Message?
        public var transactionID: UInt64?
        public var productID: String?
        public var date: Date?

        public init(type: String) { self.type = type }

        public init(_ event: StoreEvent) {
            switch event {
            case .transaction(let check):
                type = "transaction"
                transaction = WireSigned(check)
            case .message(let message):
                type = "message"
                self.message = Message(message)
            case .askToBuyDeclined(let id, let product):
                type = "askToBuyDeclined"
                transactionID = id
                productID = product
            case .clockChanged(let date):
                type = "clockChanged"
                self.date = date
            case .stateChanged: type = "stateChanged"
            }
        }
    }
}
