import SourceDiagnostics
import StoreCore

/// A catalog ready for the simulator and the paywall: the `.storekit` configuration, its
/// optional paywall sidecar, and the warnings found while loading them.
///
/// ```swift
/// let catalog = try LoadedCatalog.load(contentsOf: "catalogs/Pro.storekit")
/// let products = catalog.products(locale: "de_DE", storefront: Storefront(alpha3: "DEU"))
/// let settings = catalog.settings            // StoreSettings
/// let errors = catalog.simulatedErrors       // [FailableAPI: SimulatedFailure]
/// let copy = catalog.paywallCopy(locale: "de_DE")
/// ```
public struct LoadedCatalog: Sendable {
    /// The `.storekit` path as given.
    public var path: String
    public var configuration: StoreKitConfiguration
    /// The sidecar `NAME.paywall.json`, if there is one.
    public var paywall: PaywallCopy?
    /// Warnings from both files (errors make `load` throw).
    public var warnings: [Diagnostic]

    public init(
        path: String, configuration: StoreKitConfiguration, paywall: PaywallCopy? = nil,
        warnings: [Diagnostic] = []
    ) {
        self.path = path
        self.configuration = configuration
        self.paywall = paywall
        self.warnings = warnings
    }

    /// Reads a `.storekit` file and its sidecar, if present.
    ///
    /// - Throws: `CatalogError.unreadable`, or `.invalid` with every diagnostic when either
    ///   file has an error (Xcode would not load such a catalog either).
    public static func load(contentsOf path: String) throws(CatalogError) -> LoadedCatalog {
        let catalog = StoreKitConfiguration.decode(try CatalogFile.read(path), file: path)
        let configuration = try catalog.get(file: path)
        var result = LoadedCatalog(path: path, configuration: configuration, warnings: catalog.diagnostics)
        let sidecarPath = PaywallCopy.sidecarPath(forCatalogAt: path)
        if CatalogFile.exists(sidecarPath) {
            let groupIDs = Set(configuration.subscriptionGroups.map(\.id))
            let sidecar = PaywallCopy.decode(
                try CatalogFile.read(sidecarPath), file: sidecarPath, groupIDs: groupIDs)
            result.paywall = try sidecar.get(file: sidecarPath)
            result.warnings += sidecar.diagnostics
        }
        return result
    }

    /// Products localized for `locale` and priced for `storefront` (catalog defaults when nil).
    public func products(locale: String? = nil, storefront: Storefront? = nil) -> [Product] {
        configuration.products(locale: locale, storefront: storefront)
    }

    /// The settings a session starts with.
    public var settings: StoreSettings { configuration.initialSettings }

    /// The simulated errors a session starts with.
    public var simulatedErrors: [FailableAPI: SimulatedFailure] { configuration.initialSimulatedErrors }

    /// Subscription groups with localized names, the leading group first.
    public func subscriptionGroups(locale: String? = nil) -> [CatalogSubscriptionGroup] {
        let groups = configuration.subscriptionGroups(locale: locale)
        guard let leading = paywall?.leadingGroupID,
            let index = groups.firstIndex(where: { $0.id == leading })
        else {
            return groups
        }
        return [groups[index]] + groups[..<index] + groups[(index + 1)...]
    }

    /// The group the paywall leads with: the sidecar's choice, else the first group.
    public var leadingGroupID: String? {
        paywall?.leadingGroupID ?? configuration.subscriptionGroups.first?.id
    }

    /// The sidecar's copy for `locale` (exact, language, then its default locale).
    public func paywallCopy(locale: String? = nil) -> PaywallLocalization? {
        paywall?.localization(for: locale ?? configuration.defaultLocale)
    }

    /// Terms and privacy for `locale`: the catalog's `appPolicies` where it has them, the
    /// sidecar's links for whatever it lacks.
    public func policies(locale: String? = nil) -> CatalogPolicies {
        let own = configuration.policies(locale: locale)
        guard let copy = paywallCopy(locale: locale) else { return own }
        return own.filling(from: copy.policies)
    }
}
