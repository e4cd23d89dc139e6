import Foundation
import HTTP
import Paywall
import Simulator
import StoreCore
import TerminalUI

/// The cancel sheet's scenes (docs/retention.md): after the purchase, the developer's messages
/// are uploaded and approved, an endpoint on 127.0.0.1 answers as the scene asks, its URL is
/// configured, and `o` opens the sheet through the real request. Product IDs come from the
/// catalog: the plan bought, another plan of its group, the plan's first promotional offer.
struct RetentionScene {
    enum Kind { case message, image, switchPlan, offer, fallback }

    let kind: Kind
    let state: ShotState

    init?(_ state: ShotState) {
        switch state {
        case .cancelMessage: kind = .message
        case .cancelImage: kind = .image
        case .cancelSwitchPlan: kind = .switchPlan
        case .cancelOffer: kind = .offer
        case .cancelDefault: kind = .fallback
        case .eligible, .ineligible, .trial, .subscribed, .pending, .billingRetry, .sheet, .manager:
            return nil
        }
        self.state = state
    }

    /// Whether the sheet in front is the one the scene names.
    func isShown(in state: AppState) -> Bool {
        guard case .cancelSheet(let sheet, _, _) = state.overlay else { return false }
        switch (kind, sheet.offer, sheet.source) {
        case (.message, .none, .endpoint): return sheet.content?.image == nil
        case (.image, .none, .endpoint): return sheet.content?.image != nil
        case (.switchPlan, .switchPlan, .endpoint), (.offer, .promotionalOffer, .endpoint): return true
        case (.fallback, _, .fallback): return sheet.content != nil
        default: return false
        }
    }

    func open(on store: SimulatedStore, in paywall: inout HeadlessPaywall, catalog: String)
        async throws(ShotSceneError)
    {
        do {
            guard let answer = try await prepare(store, paywall.state) else { return }
            let endpoint = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { _ in
                // The default scene's endpoint answers after Apple's time limit (a cancelled sleep answers now).
                if kind == .fallback { try? await Task.sleep(for: .milliseconds(1_000)) }
                return .json(200, Array(answer.utf8))
            }
            endpoint.start()
            try await store.setRetentionRealtimeURL("http://127.0.0.1:\(endpoint.port)/retention")
            await paywall.press(.character("o"))
            await endpoint.stop(gracePeriod: 1)
        } catch {
            throw .storeUnavailable(
                catalog: catalog, reason: "the cancel sheet's scene could not be set up: \(error)")
        }
    }

    /// Uploads what the scene shows and returns the endpoint's answer; nil when the catalog
    /// cannot show it (the scene's mismatch then says so).
    private func prepare(_ store: SimulatedStore, _ state: AppState) async throws -> String? {
        guard let productID = state.store.activeStatus?.transaction.unsafePayloadValue.productID,
            let product = state.store.products.first(where: { $0.id == productID }),
            let info = product.subscription
        else { return nil }
        try await store.setRetentionAutoApprove(true)
        let message = UUID()
        switch kind {
        case .message:
            try await upload(
                store, message, "Before you go", "You have a 42-day streak. Cancel now and it resets.")
            return #"{"message":{"messageIdentifier":"\#(message)"}}"#
        case .image:
            let image = UUID()
            try await store.uploadRetentionImage(
                id: image, png: RetentionManagement.placeholderPNG(width: 3_840, height: 1_080),
                size: .fullSize)
            try await upload(
                store, message, "Look at all you made", "Your projects stay yours, but new ones need a plan.",
                image: RetentionMessage.Image(
                    imageIdentifier: image, altText: "A wall of the customer's finished projects"))
            return #"{"message":{"messageIdentifier":"\#(message)"}}"#
        case .switchPlan:
            guard
                let other = state.store.products.first(where: {
                    $0.id != productID && $0.subscription?.groupID == info.groupID
                        && $0.subscription?.period != info.period
                })
                    ?? state.store.products.first(where: {
                        $0.id != productID && $0.subscription?.groupID == info.groupID
                    })
            else { return nil }
            try await upload(
                store, message, "Keep it for less", "Switch to \(other.displayName) and keep every feature.")
            return #"{"alternateProduct":{"messageIdentifier":"\#(message)","productId":"\#(other.id)"}}"#
        case .offer:
            guard let offer = info.promotionalOffers.first, let offerID = offer.id else { return nil }
            try await upload(store, message, "Stay a while longer", "Here is an offer for staying with us.")
            let signature =
                #"{"encodedSignature":"c2lnbmVk","productId":"\#(productID)","nonce":"\#(UUID())","#
                + #""timestamp":1780000000000,"keyId":"SHOTKEY","offerIdentifier":"\#(offerID)"}"#
            return
                #"{"promotionalOffer":{"messageIdentifier":"\#(message)","promotionalOfferSignatureV1":\#(signature)}}"#
        case .fallback:
            try await upload(
                store, message, "We'd miss you", "Your library and settings will be kept for a year.")
            try await store.configureRetentionDefault(
                productID: productID,
                locale: state.store.settings.locale.replacingOccurrences(of: "_", with: "-"),
                messageID: message)
            return #"{"message":{"messageIdentifier":"\#(message)"}}"#
        }
    }

    private func upload(
        _ store: SimulatedStore, _ id: UUID, _ header: String, _ body: String,
        image: RetentionMessage.Image? = nil
    ) async throws {
        try await store.uploadRetentionMessage(
            id: id, content: RetentionMessage.Content(header: header, body: body, image: image))
    }
}
