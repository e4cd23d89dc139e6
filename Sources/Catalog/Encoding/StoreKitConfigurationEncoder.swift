import SourceDiagnostics

/// Writes a `StoreKitConfiguration` back as a `.storekit` file in Xcode's style.
///
/// Keys follow the configuration's version the way Xcode does: an absent introductory
/// offer is `null` before 5.0 and left out from 5.0; an unset `_storeKitErrors[].current`
/// is `null` before 6.0 and left out from 6.0; other nil values are left out. Unknown keys
/// are written back as they were read, so decode -> encode -> decode is lossless.
public struct StoreKitConfigurationEncoder: Sendable {
    /// What to write for `subscriptionOffersKeyPair.privateKey`.
    public enum PrivateKeyPolicy: Sendable, Hashable {
        /// Replace it with `"REDACTED"` (the default: catalogs get shared and committed).
        case redact
        /// Write it as read, for tools that edit a developer's own file in place.
        case keep
    }

    public var privateKeyPolicy: PrivateKeyPolicy

    public init(privateKeyPolicy: PrivateKeyPolicy = .redact) {
        self.privateKeyPolicy = privateKeyPolicy
    }

    /// The file's text.
    public func encode(_ configuration: StoreKitConfiguration) -> String {
        XcodeJSONWriter().string(from: jsonValue(of: configuration))
    }

    /// The file's UTF-8 bytes.
    public func encodeBytes(_ configuration: StoreKitConfiguration) -> [UInt8] {
        Array(encode(configuration).utf8)
    }

    /// The configuration as a JSON tree.
    public func jsonValue(of configuration: StoreKitConfiguration) -> JSONValue {
        typealias Key = StoreKitDecoder.Key
        let rules = ConfigurationJSON(version: configuration.version, privateKeyPolicy: privateKeyPolicy)
        var object = configuration.unknownFields
        object[Key.version.rawValue] = .object([
            "major": .integer(configuration.version.major), "minor": .integer(configuration.version.minor),
        ])
        object[Key.identifier.rawValue] = configuration.identifier.map(JSONValue.string)
        object[Key.products.rawValue] = .array(configuration.products.map(rules.product))
        object[Key.nonRenewingSubscriptions.rawValue] = configuration.nonRenewingSubscriptions.map {
            .array($0.map(rules.product))
        }
        object[Key.subscriptionGroups.rawValue] = .array(configuration.subscriptionGroups.map(rules.group))
        object[Key.settings.rawValue] = configuration.settings.map(rules.settings)
        object[Key.appPolicies.rawValue] = configuration.appPolicies.map(rules.appPolicies)
        object[Key.subscriptionOffersKeyPair.rawValue] = configuration.subscriptionOffersKeyPair.map(
            rules.keyPair)
        object[Key.subscriptionBundleGroups.rawValue] = configuration.subscriptionBundleGroups.map(
            JSONValue.array)
        object[Key.subscriptionSuiteGroups.rawValue] = configuration.subscriptionSuiteGroups.map(
            JSONValue.array)
        return .object(object)
    }
}
