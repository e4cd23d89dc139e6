import SourceDiagnostics

/// A localized name and description (`localizations[]` of products and groups).
public struct ConfigurationLocalization: Sendable, Hashable {
    /// `en_US`, `zh_Hans`, or a bare language such as `ja`.
    public var locale: String
    public var displayName: String?
    public var description: String?
    /// Keys Kiosk does not know, kept so the file round-trips.
    public var unknownFields: [String: JSONValue]

    public init(
        locale: String, displayName: String? = nil, description: String? = nil,
        unknownFields: [String: JSONValue] = [:]
    ) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
        self.unknownFields = unknownFields
    }
}
