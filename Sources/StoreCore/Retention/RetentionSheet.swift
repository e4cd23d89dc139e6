import Foundation

/// What the App Store shows a customer who opens a subscription's details and may cancel it:
/// the retention message the developer's Get Retention Message endpoint chose in real time, or
/// the default message configured for the product and locale when the endpoint could not
/// answer (developer.apple.com/documentation/retentionmessaging/
/// responding-to-realtime-retention-messaging-requests: "If your server response fails for any
/// reason, the system displays a default retention message that you configure in advance").
/// With neither, the sheet is the App Store's own cancel confirmation (`content` nil).
public struct RetentionSheet: Sendable, Hashable, Codable {
    /// The message's words and pictures, as uploaded (`UploadMessageRequestBody`).
    public struct Content: Sendable, Hashable, Codable {
        public var messageID: String
        public var header: String
        public var body: String
        /// The message's image, described (the terminal shows its alt text and size).
        public var image: Picture?
        /// Apple's `headerPosition` `ABOVE_IMAGE`: the header is drawn above the image.
        public var headerAboveImage: Bool
        public var bulletPoints: [Bullet]

        public init(
            messageID: String, header: String, body: String, image: Picture? = nil,
            headerAboveImage: Bool = false, bulletPoints: [Bullet] = []
        ) {
            self.messageID = messageID
            self.header = header
            self.body = body
            self.image = image
            self.headerAboveImage = headerAboveImage
            self.bulletPoints = bulletPoints
        }
    }

    /// An uploaded image: what it shows in words, and its size in pixels.
    public struct Picture: Sendable, Hashable, Codable {
        public var imageID: String
        public var altText: String
        public var width: Int
        public var height: Int

        public init(imageID: String, altText: String, width: Int, height: Int) {
            self.imageID = imageID
            self.altText = altText
            self.width = width
            self.height = height
        }
    }

    /// A bullet point: its text and its icon's alt text.
    public struct Bullet: Sendable, Hashable, Codable {
        public var text: String
        public var altText: String

        public init(text: String, altText: String) {
            self.text = text
            self.altText = altText
        }
    }

    /// What accepting the message does.
    public enum Offer: Sendable, Hashable, Codable {
        /// A text message (with or without an image): nothing to accept.
        case none
        /// Apple's `alternateProduct`: switch to another plan of the group, bought through the
        /// store's upgrade/downgrade rules, on the billing plan named (if any).
        case switchPlan(productID: String, billingPlanType: BillingPlan.PlanType?)
        /// Apple's `promotionalOffer`: the offer the developer signed, applied to the current
        /// product from its next renewal.
        case promotionalOffer(productID: String, offerID: String, signature: PromotionalOfferSignature)
    }

    /// Where the message came from.
    public enum Source: Sendable, Hashable, Codable {
        /// The developer's endpoint answered it in time.
        case endpoint
        /// The endpoint could not be used (`reason` says why): the default message, if any.
        case fallback(reason: String)
    }

    /// What was asked: the signed request's identifier, the URL and how long the answer took.
    public struct Exchange: Sendable, Hashable, Codable {
        public var url: String
        public var requestIdentifier: String
        /// Apple's `SendAttemptResult` of the call: SUCCESS, TIMED_OUT, ...
        public var result: SendAttemptResult
        public var httpStatus: Int?
        public var milliseconds: Double
        /// The endpoint's answer, cut at 2,000 bytes (for the journal and the QA report).
        public var answer: String

        public init(
            url: String, requestIdentifier: String, result: SendAttemptResult, httpStatus: Int?,
            milliseconds: Double,
            answer: String
        ) {
            self.url = url
            self.requestIdentifier = requestIdentifier
            self.result = result
            self.httpStatus = httpStatus
            self.milliseconds = milliseconds
            self.answer = answer
        }
    }

    /// The subscription the customer looks at.
    public var productID: String
    /// The customer's locale as the request carried it (`userLocale`, e.g. `en-US`).
    public var locale: String
    /// The message shown; nil: no message, the App Store's own confirmation.
    public var content: Content?
    public var offer: Offer
    public var source: Source
    /// The call to the endpoint; nil when no real-time URL is configured.
    public var exchange: Exchange?

    public init(
        productID: String, locale: String, content: Content?, offer: Offer = .none, source: Source,
        exchange: Exchange? = nil
    ) {
        self.productID = productID
        self.locale = locale
        self.content = content
        self.offer = offer
        self.source = source
        self.exchange = exchange
    }

    /// One line for the journal and the QA report: what was shown, and why.
    public var summary: String {
        let shown =
            content.map { content in
                let kind: String
                switch offer {
                case .none: kind = content.image == nil ? "message" : "message with image"
                case .switchPlan(let productID, let plan):
                    kind = "switch-plan offer to \(productID)" + (plan.map { " (\($0.rawValue))" } ?? "")
                case .promotionalOffer(_, let offerID, _): kind = "promotional offer \(offerID)"
                }
                return "\(kind) \(content.messageID) \"\(content.header)\""
            } ?? "no retention message"
        switch source {
        case .endpoint: return shown + " (from the endpoint)"
        case .fallback(let reason):
            return (content == nil ? shown : "default " + shown) + " (\(reason))"
        }
    }
}

extension RetentionSheet {
    /// The sheet's kind in one word, as rehearsals name it: `message`, `image`, `switch-plan`,
    /// `offer` (from the endpoint), `default` (the fallback's message) or `none`.
    public var kindWord: String {
        guard let content else { return "none" }
        if case .fallback = source { return "default" }
        switch offer {
        case .none: return content.image == nil ? "message" : "image"
        case .switchPlan: return "switch-plan"
        case .promotionalOffer: return "offer"
        }
    }
}
