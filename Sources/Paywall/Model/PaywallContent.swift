/// What the paywall shows beside the store's own data: the marketing copy, the policies and
/// which subscription group leads. The `kiosk` executable builds it from a catalog, so this
/// module never reads catalogs itself.
public struct PaywallContent: Sendable, Hashable {
    /// One line of the feature list under the header.
    public struct Feature: Sendable, Hashable {
        public var symbol: String
        public var title: String
        public var detail: String?

        public init(symbol: String = "•", title: String, detail: String? = nil) {
            self.symbol = symbol
            self.title = title
            self.detail = detail
        }
    }

    public var title: String
    public var subtitle: String?
    public var features: [Feature]
    /// The call to action ("Subscribe").
    public var callToAction: String
    /// The call to action when the selected plan carries an introductory offer.
    public var callToActionWithIntroOffer: String
    public var termsText: String?
    public var termsURL: String?
    public var privacyText: String?
    public var privacyURL: String?
    /// The subscription group the picker shows; nil picks the first group found.
    public var leadingGroupID: String?
    /// Shown in the status line: where the store lives (`sim`, a URL).
    public var backendName: String
    /// Shown in the status line: the catalog file name.
    public var catalogName: String

    public init(
        title: String = "Premium", subtitle: String? = nil, features: [Feature] = [],
        callToAction: String = "Subscribe", callToActionWithIntroOffer: String = "Start free trial",
        termsText: String? = nil, termsURL: String? = nil, privacyText: String? = nil,
        privacyURL: String? = nil, leadingGroupID: String? = nil, backendName: String = "sim",
        catalogName: String = ""
    ) {
        self.title = title
        self.subtitle = subtitle
        self.features = features
        self.callToAction = callToAction
        self.callToActionWithIntroOffer = callToActionWithIntroOffer
        self.termsText = termsText
        self.termsURL = termsURL
        self.privacyText = privacyText
        self.privacyURL = privacyURL
        self.leadingGroupID = leadingGroupID
        self.backendName = backendName
        self.catalogName = catalogName
    }
}
