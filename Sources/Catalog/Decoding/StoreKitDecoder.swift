import SourceDiagnostics
import StoreCore

/// Decodes a `.storekit` document into a `StoreKitConfiguration`, checking what Xcode checks
/// and a little more, and reporting every problem with its position.
final class StoreKitDecoder {
    let context: DecodingContext
    /// `settings._locale`, decoded first so products can be checked against it.
    var defaultLocale = "en_US"
    /// Where each product ID (across every product list) and group ID was first seen.
    var productIDs: [String: JSONDocument.Node] = [:]
    var groupIDs: [String: JSONDocument.Node] = [:]

    enum Key: String, CaseIterable {
        case version, identifier, products, nonRenewingSubscriptions, subscriptionGroups, settings,
            appPolicies
        case subscriptionOffersKeyPair, subscriptionBundleGroups, subscriptionSuiteGroups
    }

    init(context: DecodingContext) {
        self.context = context
    }

    func decode() -> StoreKitConfiguration? {
        let document = context.document
        guard document.kind(of: document.root) == .object else {
            context.error("a .storekit file holds one JSON object", at: document.root)
            return nil
        }
        guard var reader = ObjectReader<Key>(context, document.root) else { return nil }
        let version = decodeVersion(&reader)
        let settings = reader.object(.settings) { [self] in decodeSettings($0, $1) }
        var configuration = StoreKitConfiguration(version: version ?? .newestKnown, settings: settings)
        configuration.identifier = reader.string(.identifier)
        configuration.products =
            reader.array(.products, required: true) { [self] in
                decodeProduct($0, $1, list: .products)
            } ?? []
        configuration.nonRenewingSubscriptions = reader.array(.nonRenewingSubscriptions) { [self] in
            decodeProduct($0, $1, list: .nonRenewingSubscriptions)
        }
        configuration.subscriptionGroups =
            reader.array(.subscriptionGroups, required: true) { [self] in decodeGroup($1) } ?? []
        configuration.appPolicies = reader.object(.appPolicies) { [self] in decodeAppPolicies($1) }
        configuration.subscriptionOffersKeyPair = reader.object(.subscriptionOffersKeyPair) { [self] in
            decodeKeyPair($1)
        }
        configuration.subscriptionBundleGroups = reader.array(.subscriptionBundleGroups)?.map {
            document.value(at: $0)
        }
        configuration.subscriptionSuiteGroups = reader.array(.subscriptionSuiteGroups)?.map {
            document.value(at: $0)
        }
        configuration.unknownFields = reader.finish()
        return configuration
    }

    private func decodeVersion(_ reader: inout ObjectReader<Key>) -> StoreKitConfiguration.Version? {
        guard let node = reader.present(.version, required: true) else { return nil }
        guard context.document.kind(of: node) == .object else {
            context.error(
                "\"version\" must be an object such as {\"major\": 4, \"minor\": 0}; Xcode does not read any other form",
                at: node)
            return nil
        }
        enum VersionKey: String, CaseIterable { case major, minor }
        guard var version = ObjectReader<VersionKey>(context, node) else { return nil }
        let major = version.int(.major, required: true, minimum: 1)
        let minor = version.int(.minor, required: true, minimum: 0)
        _ = version.finish()
        guard let major, let minor else { return nil }
        let result = StoreKitConfiguration.Version(major: major, minor: minor)
        if result.major > StoreKitConfiguration.Version.newestKnown.major {
            context.warning(
                "version \(result) is newer than any Kiosk knows (\(StoreKitConfiguration.Version.newestKnown)); keys it does not know are ignored",
                at: node)
        }
        return result
    }

    /// Records `id` in `seen`, reporting a duplicate at `node` (an error unless told otherwise).
    func claim(
        _ id: String, at node: JSONDocument.Node, in seen: inout [String: JSONDocument.Node], what: String,
        severity: Severity = .error, fix: String = "give each a unique ID"
    ) {
        if let first = seen[id] {
            let earlier = context.location(of: first)
            context.report(
                severity,
                "duplicate \(what) \"\(id)\" (first at line \(earlier.line), column \(earlier.column)); \(fix)",
                at: node)
        } else {
            seen[id] = node
        }
    }
}

extension StoreKitConfiguration {
    /// Decodes and checks a `.storekit` file's bytes; `file` names it in diagnostics.
    public static func decode(_ bytes: [UInt8], file: String) -> Decoded<StoreKitConfiguration> {
        DecodingContext.decode(bytes, file: file) { StoreKitDecoder(context: $0).decode() }
    }
}
