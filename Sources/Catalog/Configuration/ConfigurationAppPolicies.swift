import SourceDiagnostics

/// `appPolicies` (4.0+): the license agreement and per-locale privacy policies that
/// `SubscriptionStoreView` links to.
public struct ConfigurationAppPolicies: Sendable, Hashable {
    /// The end-user license agreement text (may be empty).
    public var eula: String?
    public var policies: [Policy]
    /// Keys Kiosk does not know, kept so the file round-trips.
    public var unknownFields: [String: JSONValue]

    /// A privacy policy for one locale: text, URL, or both (either may be empty).
    public struct Policy: Sendable, Hashable {
        public var locale: String
        public var policyText: String?
        public var policyURL: String?

        public init(locale: String, policyText: String? = nil, policyURL: String? = nil) {
            self.locale = locale
            self.policyText = policyText
            self.policyURL = policyURL
        }
    }

    public init(eula: String? = nil, policies: [Policy] = [], unknownFields: [String: JSONValue] = [:]) {
        self.eula = eula
        self.policies = policies
        self.unknownFields = unknownFields
    }
}

/// `subscriptionOffersKeyPair`: the key Xcode signs promotional offers with.
///
/// Real files commit the private key to public repositories, so Kiosk never prints it:
/// `description`, `debugDescription` and reflection all redact it.
public struct ConfigurationOfferKeyPair: Sendable, Hashable, CustomStringConvertible,
    CustomDebugStringConvertible,
    CustomReflectable
{
    public var id: String?
    /// Base64 PKCS#8 EC private key. Do not log.
    public var privateKey: String?

    public init(id: String?, privateKey: String?) {
        self.id = id
        self.privateKey = privateKey
    }

    public var description: String { "ConfigurationOfferKeyPair(id: \(id ?? "nil"), privateKey: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["id": id as Any, "privateKey": "<redacted>"]) }
}
