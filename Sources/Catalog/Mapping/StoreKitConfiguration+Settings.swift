import StoreCore

extension StoreKitConfiguration {
    /// `settings._locale`, or StoreKit's default `en_US`.
    public var defaultLocale: String { settings?.locale ?? "en_US" }

    /// The storefront of `settings._storefront`; the United States when absent or unknown.
    public var storefront: Storefront {
        settings?.storefront.flatMap { Storefront(alpha3: $0) } ?? .unitedStates
    }

    /// The store switches a session starts with, as Xcode's Configuration Settings set them.
    public var initialSettings: StoreSettings {
        let settings = settings ?? ConfigurationSettings()
        return StoreSettings(
            storefront: storefront.countryCode, locale: defaultLocale,
            timeRate: settings.timeRate.flatMap { TimeRate(rawValue: $0) } ?? .realTime,
            askToBuyEnabled: settings.askToBuyEnabled ?? false,
            billingRetryOnRenewal: settings.renewalBillingIssuesEnabled ?? false,
            billingGracePeriodEnabled: settings.billingGracePeriodEnabled ?? false,
            interruptedPurchasesEnabled: settings.billingIssuesEnabled ?? false,
            disableDialogs: settings.disableDialogs ?? false)
    }

    /// The simulated errors a session starts with: every enabled `_storeKitErrors` entry with
    /// an error chosen, or, in files before 3.0, the legacy `_storeKitError` for purchases
    /// when `_failTransactionsEnabled` is on.
    public var initialSimulatedErrors: [FailableAPI: SimulatedFailure] {
        guard let settings else { return [:] }
        var result: [FailableAPI: SimulatedFailure] = [:]
        for entry in settings.storeKitErrors ?? [] where entry.enabled {
            if let failure = entry.current?.failure, entry.name.accepts(failure) {
                result[entry.name] = failure
            }
        }
        if settings.storeKitErrors == nil, settings.failTransactionsEnabled == true,
            let failure = SimulatedFailure.legacy(code: settings.storeKitError ?? 0)
        {
            result[.purchase] = failure
        }
        return result
    }
}
