import SourceDiagnostics
import StoreCore

extension ConfigurationJSON {
    func settings(_ settings: ConfigurationSettings) -> JSONValue {
        typealias Key = StoreKitDecoder.SettingsKey
        var object = settings.unknownFields
        object[Key.locale.rawValue] = settings.locale.map(JSONValue.string)
        object[Key.storefront.rawValue] = settings.storefront.map(JSONValue.string)
        object[Key.timeRate.rawValue] = settings.timeRate.map(JSONValue.integer)
        object[Key.compatibilityTimeRate.rawValue] = settings.compatibilityTimeRate.map { rate in
            switch rate {
            case .rate(let value): .integer(value)
            case .byVersion(let rates): .object(rates.mapValues(JSONValue.integer))
            }
        }
        object[Key.askToBuyEnabled.rawValue] = settings.askToBuyEnabled.map(JSONValue.bool)
        object[Key.disableDialogs.rawValue] = settings.disableDialogs.map(JSONValue.bool)
        object[Key.renewalBillingIssuesEnabled.rawValue] = settings.renewalBillingIssuesEnabled.map(
            JSONValue.bool)
        object[Key.billingGracePeriodEnabled.rawValue] = settings.billingGracePeriodEnabled.map(
            JSONValue.bool)
        object[Key.billingIssuesEnabled.rawValue] = settings.billingIssuesEnabled.map(JSONValue.bool)
        object[Key.failTransactionsEnabled.rawValue] = settings.failTransactionsEnabled.map(JSONValue.bool)
        object[Key.storeKitError.rawValue] = settings.storeKitError.map(JSONValue.integer)
        object[Key.storeKitErrors.rawValue] = settings.storeKitErrors.map { .array($0.map(storeKitError)) }
        object[Key.applicationInternalID.rawValue] = settings.applicationInternalID.map(JSONValue.string)
        object[Key.developerTeamID.rawValue] = settings.developerTeamID.map(JSONValue.string)
        object[Key.lastSynchronizedDate.rawValue] = settings.lastSynchronizedDate.map {
            .number(Self.number($0))
        }
        return .object(object)
    }

    private func storeKitError(_ entry: ConfigurationStoreKitError) -> JSONValue {
        typealias Key = StoreKitDecoder.StoreKitErrorKey
        var object: [String: JSONValue] = [
            Key.name.rawValue: .string(entry.name.rawValue), Key.enabled.rawValue: .bool(entry.enabled),
        ]
        // 6.x leaves an unset error out; earlier versions write null.
        object[Key.current.rawValue] =
            entry.current.map { current in
                .object([
                    StoreKitDecoder.CurrentErrorKey.index.rawValue: .integer(current.index),
                    StoreKitDecoder.CurrentErrorKey.type.rawValue: .string(current.type.rawValue),
                ])
            } ?? (version.major < 6 ? .null : nil)
        return .object(object)
    }

    /// A double in JSON's shortest form, without a `.0` on whole numbers.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
