import Foundation
import StoreCore

/// What a developer's endpoint chose, read strictly from its `RealtimeResponseBody`
/// (developer.apple.com/documentation/retentionmessaging/realtimeresponsebody): exactly one of
/// `message`, `alternateProduct` and `promotionalOffer` ("mutually exclusive options"), each
/// naming its message by `messageIdentifier`. Anything else is refused with the reason, and the
/// App Store shows the default message instead.
struct RetentionChoice: Equatable {
    /// Why an answer cannot be shown.
    struct Refusal: Error {
        var reason: String
    }

    var messageID: UUID
    var offer: RetentionSheet.Offer

    init(answer: [UInt8]) throws(Refusal) {
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: Data(answer))
        } catch {
            throw Refusal(reason: "it is not a RealtimeResponseBody JSON object (\(Self.words(error)))")
        }
        let given = [body.message != nil, body.alternateProduct != nil, body.promotionalOffer != nil]
        guard given.filter({ $0 }).count == 1 else {
            throw Refusal(
                reason: "it must have exactly one of message, alternateProduct and promotionalOffer; it has "
                    + "\(given.filter { $0 }.count)")
        }
        if let message = body.message {
            messageID = try Self.identifier(message.messageIdentifier, "message")
            offer = .none
        } else if let alternate = body.alternateProduct {
            messageID = try Self.identifier(alternate.messageIdentifier, "alternateProduct")
            guard let productID = alternate.productId, !productID.isEmpty else {
                throw Refusal(reason: "alternateProduct.productId is missing")
            }
            var plan: BillingPlan.PlanType?
            if let raw = alternate.billingPlanType {
                guard let known = BillingPlan.PlanType(rawValue: raw) else {
                    throw Refusal(
                        reason: "alternateProduct.billingPlanType '\(raw)' is not BILLED_UPFRONT or MONTHLY")
                }
                plan = known
            }
            offer = .switchPlan(productID: productID, billingPlanType: plan)
        } else if let promotional = body.promotionalOffer {
            messageID = try Self.identifier(promotional.messageIdentifier, "promotionalOffer")
            offer = try Self.offer(promotional)
        } else {
            throw Refusal(reason: "it chose nothing")
        }
    }

    private static func identifier(_ text: String?, _ field: String) throws(Refusal) -> UUID {
        guard let text else { throw Refusal(reason: "\(field).messageIdentifier is missing") }
        guard let id = UUID(uuidString: text) else {
            throw Refusal(reason: "\(field).messageIdentifier '\(text)' is not a UUID")
        }
        return id
    }

    /// The signed offer: V2 is a JWS whose payload names the product and offer (Apple's
    /// `PromotionalOfferV2SignatureCreator`); V1 carries them beside the signature. The store
    /// checks the signature itself when the customer accepts, as for any purchase with it.
    private static func offer(_ promotional: Body.PromotionalOffer) throws(Refusal) -> RetentionSheet.Offer {
        switch (promotional.promotionalOfferSignatureV2, promotional.promotionalOfferSignatureV1) {
        case (let jws?, nil):
            let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
            // A payload that does not decode is refused just below, with what it lacks.
            guard parts.count == 3, let payload = base64URL(String(parts[1])),
                let claims = try? JSONDecoder().decode(V2Claims.self, from: payload)
            else {
                throw Refusal(
                    reason: "promotionalOfferSignatureV2 is not a JWS with productId and offerIdentifier")
            }
            return .promotionalOffer(
                productID: claims.productId, offerID: claims.offerIdentifier, signature: .jws(jws))
        case (nil, let v1?):
            guard let nonce = UUID(uuidString: v1.nonce) else {
                throw Refusal(reason: "promotionalOfferSignatureV1.nonce '\(v1.nonce)' is not a UUID")
            }
            return .promotionalOffer(
                productID: v1.productId, offerID: v1.offerIdentifier,
                signature: .legacy(
                    keyID: v1.keyId, nonce: nonce, timestamp: v1.timestamp, signature: v1.encodedSignature))
        case (nil, nil):
            throw Refusal(reason: "promotionalOffer has neither promotionalOfferSignatureV2 nor V1")
        case (.some, .some):
            throw Refusal(reason: "promotionalOffer has both signature versions; give one")
        }
    }

    private static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    private static func words(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        case nil: return "\(error)"
        @unknown default: return "\(error)"
        }
    }

    // Apple's field names, as the endpoint sends them.
    private struct Body: Decodable {
        struct Message: Decodable { var messageIdentifier: String? }
        struct AlternateProduct: Decodable {
            var messageIdentifier: String?
            var productId: String?
            var billingPlanType: String?
        }
        struct SignatureV1: Decodable {
            var encodedSignature: String
            var productId: String
            var nonce: String
            var timestamp: Int64
            var keyId: String
            var offerIdentifier: String
        }
        struct PromotionalOffer: Decodable {
            var messageIdentifier: String?
            var promotionalOfferSignatureV2: String?
            var promotionalOfferSignatureV1: SignatureV1?
        }
        var message: Message?
        var alternateProduct: AlternateProduct?
        var promotionalOffer: PromotionalOffer?
    }

    private struct V2Claims: Decodable {
        var productId: String
        var offerIdentifier: String
    }
}
