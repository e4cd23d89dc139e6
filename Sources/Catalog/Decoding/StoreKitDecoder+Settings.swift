import SourceDiagnostics
import StoreCore

extension StoreKitDecoder {
    enum SettingsKey: String, CaseIterable {
        case locale = "_locale"
        case storefront = "_storefront"
        case timeRate = "_timeRate"
        case compatibilityTimeRate = "_compatibilityTimeRate"
        case askToBuyEnabled = "_askToBuyEnabled"
        case disableDialogs = "_disableDialogs"
        case renewalBillingIssuesEnabled = "_renewalBillingIssuesEnabled"
        case billingGracePeriodEnabled = "_billingGracePeriodEnabled"
        case billingIssuesEnabled = "_billingIssuesEnabled"
        case failTransactionsEnabled = "_failTransactionsEnabled"
        case storeKitError = "_storeKitError"
        case storeKitErrors = "_storeKitErrors"
        case applicationInternalID = "_applicationInternalID"
        case developerTeamID = "_developerTeamID"
        case lastSynchronizedDate = "_lastSynchronizedDate"
    }

    /// `SKErrorCode`s the legacy `_storeKitError` accepts (SKTestSession.failureError).
    static let legacyErrorCodes = [0, 11, 12, 13, 14]

    func decodeSettings(_ context: DecodingContext, _ node: JSONDocument.Node) -> ConfigurationSettings? {
        guard var reader = ObjectReader<SettingsKey>(context, node) else { return nil }
        var settings = ConfigurationSettings()
        settings.locale = reader.string(.locale)
        if let locale = settings.locale { defaultLocale = locale }
        settings.storefront = reader.string(.storefront)
        if let code = settings.storefront, Storefront(alpha3: code) == nil,
            let at = reader.lookup(.storefront)
        {
            context.warning(
                "unknown storefront \"\(code)\"; Kiosk uses USA (USD); use an ISO 3166-1 alpha-3 code such as USA, GBR, DEU or JPN",
                at: at)
        }
        settings.timeRate = reader.int(.timeRate)
        if let rate = settings.timeRate, TimeRate(rawValue: rate) == nil, let at = reader.lookup(.timeRate) {
            let choices = TimeRate.allCases.map { String($0.rawValue) }
            context.warning(
                ObjectReader<SettingsKey>.invalidChoiceMessage(
                    String(rate), noun: "time rate", choices: choices)
                    + " (Kiosk runs in real time)", at: at)
        }
        settings.compatibilityTimeRate = decodeCompatibilityTimeRate(&reader)
        settings.askToBuyEnabled = reader.bool(.askToBuyEnabled)
        settings.disableDialogs = reader.bool(.disableDialogs)
        settings.renewalBillingIssuesEnabled = reader.bool(.renewalBillingIssuesEnabled)
        settings.billingGracePeriodEnabled = reader.bool(.billingGracePeriodEnabled)
        settings.billingIssuesEnabled = reader.bool(.billingIssuesEnabled)
        settings.failTransactionsEnabled = reader.bool(.failTransactionsEnabled)
        settings.storeKitError = reader.int(.storeKitError)
        if let code = settings.storeKitError, !Self.legacyErrorCodes.contains(code),
            let at = reader.lookup(.storeKitError)
        {
            context.warning(
                "\(code) is not an error code Xcode simulates; use 0 (unknown) or 11-14 (offer errors)",
                at: at)
        }
        settings.storeKitErrors = decodeStoreKitErrors(&reader)
        settings.applicationInternalID = reader.string(.applicationInternalID)
        settings.developerTeamID = reader.string(.developerTeamID)
        settings.lastSynchronizedDate = reader.double(.lastSynchronizedDate)
        settings.unknownFields = reader.finish()
        return settings
    }

    /// Both shapes seen in the wild: `6` and `{"3": 6}`.
    private func decodeCompatibilityTimeRate(_ reader: inout ObjectReader<SettingsKey>)
        -> ConfigurationSettings.CompatibilityTimeRate?
    {
        guard let node = reader.present(.compatibilityTimeRate) else { return nil }
        let document = context.document
        if let rate = document.int(node) { return .rate(rate) }
        guard document.kind(of: node) == .object else {
            context.error("expected a number or an object such as {\"3\": 6}", at: node)
            return nil
        }
        var rates: [String: Int] = [:]
        for member in document.members(of: node) {
            guard let rate = document.int(member.value) else {
                context.error("expected a whole number (a _timeRate value)", at: member.value)
                continue
            }
            rates[document.string(member.key) ?? ""] = rate
        }
        return .byVersion(rates)
    }

    enum StoreKitErrorKey: String, CaseIterable {
        case name, enabled, current
    }

    enum CurrentErrorKey: String, CaseIterable {
        case index, type
    }

    private func decodeStoreKitErrors(_ reader: inout ObjectReader<SettingsKey>)
        -> [ConfigurationStoreKitError]?
    {
        var seen: [String: JSONDocument.Node] = [:]
        return reader.array(.storeKitErrors) { [self] context, node in
            guard var entry = ObjectReader<StoreKitErrorKey>(context, node) else { return nil }
            let name = entry.enumeration(
                .name, as: FailableAPI.self, noun: "StoreKit API name", required: true)
            if let name, let at = entry.lookup(.name) { claim(name.rawValue, at: at, in: &seen, what: "API") }
            let enabled = entry.bool(.enabled) ?? false
            let current = entry.object(.current) { [self] in decodeCurrentError($1) }
            if let name, let failure = current?.failure, !name.accepts(failure),
                let at = entry.lookup(.current)
            {
                let kinds = ConfigurationStoreKitError.Current.Kind.allCases.filter { kind in
                    SimulatedFailure.cases(of: kind).contains { name.accepts($0) }
                }
                context.error(
                    "\(name.rawValue) cannot fail with \(failure); use type \(kinds.map(\.rawValue).joined(separator: " or "))",
                    at: at)
            }
            if enabled, current == nil, let at = entry.lookup(.enabled) {
                context.warning("enabled with no error chosen, so nothing fails; set \"current\"", at: at)
            }
            _ = entry.finish()
            return name.map { ConfigurationStoreKitError(name: $0, enabled: enabled, current: current) }
        }
    }

    private func decodeCurrentError(_ node: JSONDocument.Node) -> ConfigurationStoreKitError.Current? {
        guard var reader = ObjectReader<CurrentErrorKey>(context, node) else { return nil }
        let type = reader.enumeration(
            .type, as: ConfigurationStoreKitError.Current.Kind.self, noun: "error type", required: true)
        let index = reader.int(.index, required: true, minimum: 0)
        _ = reader.finish()
        guard let type, let index else { return nil }
        let cases = SimulatedFailure.cases(of: type)
        guard index < cases.count else {
            context.error(
                "index \(index) is out of range; \(type.rawValue) errors are numbered 0 to \(cases.count - 1)",
                at: reader.lookup(.index) ?? node)
            return nil
        }
        return ConfigurationStoreKitError.Current(type: type, index: index)
    }
}
