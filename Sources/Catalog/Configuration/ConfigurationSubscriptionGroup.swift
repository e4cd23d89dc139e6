import SourceDiagnostics

/// A subscription group (`subscriptionGroups[]`).
public struct ConfigurationSubscriptionGroup: Sendable, Hashable {
    public var id: String
    /// The group's reference name.
    public var name: String?
    /// Display names (editable since Xcode 16; often empty).
    public var localizations: [ConfigurationLocalization]?
    public var subscriptions: [ConfigurationSubscription]
    /// Keys Kiosk does not know, kept so the file round-trips.
    public var unknownFields: [String: JSONValue]

    public init(
        id: String, name: String? = nil, localizations: [ConfigurationLocalization]? = [],
        subscriptions: [ConfigurationSubscription] = [], unknownFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.name = name
        self.localizations = localizations
        self.subscriptions = subscriptions
        self.unknownFields = unknownFields
    }
}
