import Foundation
import Signing
import StoreCore

/// The cancel sheet's message (docs/retention.md): the App Store's side of a customer opening a
/// subscription's details. The store signs a `RealtimeRequestBody`, POSTs it to the configured
/// real-time URL, and shows what the endpoint chose if it is usable, else the default message
/// for the product and locale (developer.apple.com/documentation/retentionmessaging/
/// responding-to-realtime-retention-messaging-requests). The store makes the call itself
/// (`SimulatedStore.retentionSheet`), between `prepareCall` and `sheet(for:answer:)`, so the
/// wait for the endpoint holds no service across a suspension.
extension RetentionService {
    /// How long the store waits for the endpoint: the response time Apple names, "within
    /// approximately 700 ms in the sandbox" (Initiate Performance Test). Later is a failure.
    static let timeLimit = 0.7

    /// The sheet for the store's signed-in account's subscription to `productID`: the endpoint's
    /// choice, else the default message; journaled as one line. It runs on the store's executor
    /// (`store` is isolated), waits for the endpoint there holding no service, and asks the store
    /// for a new one afterwards: others' calls may have changed the store meanwhile.
    static func sheet(productID: String, on store: isolated SimulatedStore) async throws(StoreError)
        -> RetentionSheet
    {
        guard let latest = try await store.latest(for: productID)?.unsafePayloadValue,
            latest.productType == .autoRenewable
        else {
            throw StoreError.invalidAction(
                "The account has no subscription to \(productID): buy it first, then open its cancel sheet.")
        }
        // Apple's `userLocale` is BCP 47 (`en-US`); the store's setting is Xcode's (`en_US`).
        let locale = store.state.meta.settings.locale.replacingOccurrences(of: "_", with: "-")
        var sheet: RetentionSheet
        if let url = try store.retention.configuredRealtimeURL() {
            let prepared = try store.retention.prepareCall(
                url, originalTransactionID: latest.originalID, locale: locale)
            let call = await prepared.endpoint.call(
                signedPayload: prepared.signedPayload, timeout: RetentionService.timeLimit)
            sheet = store.retention.sheet(for: prepared, answer: call)
        } else {
            sheet = RetentionSheet(
                productID: productID, locale: locale, content: nil,
                source: .fallback(reason: "no real-time URL is configured"))
        }
        let service = store.retention
        sheet = try service.withDefault(sheet)
        try service.journal(sheet)
        return sheet
    }

    /// A real-time request ready to send: its signed body and where it goes.
    struct PreparedCall: Sendable {
        var url: String
        var payload: RealtimeRequestPayload
        var signedPayload: String
        var endpoint: RetentionEndpoint
        var locale: String
    }

    /// The configured real-time URL, if any.
    func configuredRealtimeURL() throws(StoreError) -> String? {
        do throws(RetentionError) {
            return try read { (ledger) throws(LedgerError) in try ledger.retentionMetaValue(Self.urlKey) }
        } catch {
            throw StoreError(error)
        }
    }

    /// Signs the request for the subscription whose original transaction is
    /// `originalTransactionID` to the endpoint at `url`.
    func prepareCall(_ url: String, originalTransactionID: UInt64, locale: String) throws(StoreError)
        -> PreparedCall
    {
        let signed: (payload: RealtimeRequestPayload, signedPayload: String)
        let endpoint: RetentionEndpoint
        do throws(RetentionError) {
            signed = try request(originalTransactionID: originalTransactionID, locale: locale)
        } catch {
            throw StoreError(error)
        }
        do throws(RetentionEndpointError) {
            endpoint = try RetentionEndpoint(url: url)
        } catch {
            throw StoreError.backend("the configured real-time URL cannot be called: \(error)")
        }
        return PreparedCall(
            url: url, payload: signed.payload, signedPayload: signed.signedPayload, endpoint: endpoint,
            locale: locale)
    }

    /// Reads the endpoint's answer; a failure of any kind is a `.fallback` naming it.
    func sheet(for prepared: PreparedCall, answer call: RetentionEndpoint.Call) -> RetentionSheet {
        let (url, locale) = (prepared.url, prepared.locale)
        let productID = prepared.payload.productId
        // The endpoint may answer a little after the limit on a loaded machine: Apple counts the
        // time, not the socket's timeout, so a late answer is a failure too.
        let late = call.milliseconds > Self.timeLimit * 1000
        let exchange = RetentionSheet.Exchange(
            url: url, requestIdentifier: prepared.payload.requestIdentifier,
            result: call.succeeded && late ? .timedOut : call.result, httpStatus: call.httpStatus,
            milliseconds: call.milliseconds, answer: String(decoding: call.body.prefix(2_000), as: UTF8.self))
        func fallback(_ reason: String) -> RetentionSheet {
            RetentionSheet(
                productID: productID, locale: locale, content: nil, source: .fallback(reason: reason),
                exchange: exchange)
        }
        guard call.succeeded, !late else {
            let status = call.httpStatus.map { " (HTTP \($0))" } ?? ""
            return fallback(
                "the endpoint's call ended \(exchange.result)\(status) after \(Int(call.milliseconds)) ms")
        }
        let choice: RetentionChoice
        do throws(RetentionChoice.Refusal) {
            choice = try RetentionChoice(answer: call.body)
        } catch {
            return fallback("the endpoint's answer is not usable: \(error.reason)")
        }
        do throws(RetentionChoice.Refusal) {
            let content = try approvedContent(choice.messageID)
            let offer = try checkedOffer(choice.offer, productID: productID)
            return RetentionSheet(
                productID: productID, locale: locale, content: content, offer: offer, source: .endpoint,
                exchange: exchange)
        } catch {
            return fallback(error.reason)
        }
    }

    /// A sheet that fell back shows the default message for its product and locale, and no offer.
    func withDefault(_ sheet: RetentionSheet) throws(StoreError) -> RetentionSheet {
        guard case .fallback(let reason) = sheet.source else { return sheet }
        var sheet = sheet
        sheet.content = try defaultContent(productID: sheet.productID, locale: sheet.locale)
        sheet.offer = .none
        sheet.source = .fallback(reason: reason)
        return sheet
    }

    /// The message as the sheet shows it, when it and its images are APPROVED (Apple's
    /// `message`: "otherwise, the retention message fails").
    private func approvedContent(_ id: UUID) throws(RetentionChoice.Refusal) -> RetentionSheet.Content {
        let key = Self.key(id)
        let message: RetentionMessage?
        let images: [RetentionImage]
        do throws(RetentionError) {
            message = try self.message(id)
            images = try self.images()
        } catch {
            throw RetentionChoice.Refusal(reason: "the store could not read its messages: \(error)")
        }
        guard let message else { throw RetentionChoice.Refusal(reason: "message \(key) is not uploaded") }
        guard message.state == .approved else {
            throw RetentionChoice.Refusal(reason: "message \(key) is \(message.state.rawValue), not APPROVED")
        }
        let byID = Dictionary(images.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for imageID in message.content.imageIdentifiers where byID[imageID]?.state != .approved {
            let state = byID[imageID]?.state.rawValue ?? "deleted"
            throw RetentionChoice.Refusal(
                reason: "image \(Self.key(imageID)) of message \(key) is \(state), not APPROVED")
        }
        let picture = message.content.image.flatMap { image in
            byID[image.imageIdentifier].map {
                RetentionSheet.Picture(
                    imageID: Self.key($0.id), altText: image.altText, width: $0.width,
                    height: $0.height)
            }
        }
        return RetentionSheet.Content(
            messageID: key, header: message.content.header, body: message.content.body, image: picture,
            headerAboveImage: message.content.headerPosition == .aboveImage,
            bulletPoints: (message.content.bulletPoints ?? []).map {
                RetentionSheet.Bullet(text: $0.text, altText: $0.altText)
            })
    }

    /// A switch-plan product must be another subscription of the same group; a promotional
    /// offer one of the current product's.
    private func checkedOffer(_ offer: RetentionSheet.Offer, productID: String)
        throws(RetentionChoice.Refusal) -> RetentionSheet.Offer
    {
        let current = products.product(productID, storefront: storefront)
        switch offer {
        case .none: return offer
        case .switchPlan(let alternate, let plan):
            guard let product = products.product(alternate, storefront: storefront),
                let info = product.subscription, info.groupID == current?.subscription?.groupID
            else {
                throw RetentionChoice.Refusal(
                    reason:
                        "alternateProduct.productId '\(alternate)' is not a subscription of \(productID)'s group"
                )
            }
            guard alternate != productID else {
                throw RetentionChoice.Refusal(
                    reason: "alternateProduct.productId is \(productID), the product the customer has")
            }
            if let plan, !info.billingPlans.isEmpty, !info.billingPlans.contains(where: { $0.type == plan }) {
                throw RetentionChoice.Refusal(
                    reason:
                        "\(alternate) has no \(plan.rawValue) billing plan (alternateProduct.billingPlanType)"
                )
            }
            return offer
        case .promotionalOffer(let offered, let offerID, _):
            guard offered == productID else {
                throw RetentionChoice.Refusal(
                    reason: "the promotional offer's signature is for \(offered), not \(productID)")
            }
            guard current?.subscription?.promotionalOffers.contains(where: { $0.id == offerID }) == true
            else {
                throw RetentionChoice.Refusal(reason: "\(productID) has no promotional offer '\(offerID)'")
            }
            return offer
        }
    }

    /// The default message for the product in the locale, or in the locale's language
    /// (Kiosk's choice: Apple does not say how it matches locales), when it is still APPROVED.
    private func defaultContent(productID: String, locale: String) throws(StoreError) -> RetentionSheet
        .Content?
    {
        let defaults: [RetentionDefault]
        do throws(RetentionError) {
            defaults = try self.defaults().filter { $0.productID == productID }
        } catch {
            throw StoreError(error)
        }
        let language = locale.split(separator: "-").first.map(String.init) ?? locale
        let chosen =
            defaults.first { $0.locale.caseInsensitiveCompare(locale) == .orderedSame }
            ?? defaults.first { $0.locale.split(separator: "-").first.map(String.init) == language }
        guard let chosen else { return nil }
        do throws(RetentionChoice.Refusal) {
            return try approvedContent(chosen.messageID)
        } catch {
            // A default whose message was rejected since it was configured shows nothing.
            return nil
        }
    }

    /// Journals what was asked and answered as one line.
    func journal(_ sheet: RetentionSheet) throws(StoreError) {
        var action = "Opening the cancel sheet of \(sheet.productID) in \(sheet.locale)"
        if let exchange = sheet.exchange {
            action +=
                ": asked \(exchange.url) (request \(exchange.requestIdentifier)), answered "
                + "\(exchange.result) in \(Int(exchange.milliseconds)) ms"
            if !exchange.answer.isEmpty { action += " \(exchange.answer.prefix(300))" }
        }
        do throws(RetentionError) {
            try write(action, result: sheet.summary) { (_) throws(LedgerError) in }
        } catch {
            throw StoreError(error)
        }
    }
}
