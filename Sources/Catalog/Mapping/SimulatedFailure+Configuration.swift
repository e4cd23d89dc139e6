import StoreCore

extension SimulatedFailure {
    /// The cases a `_storeKitErrors[].current` index counts through, in Apple's declaration
    /// order of each enum (which StoreCore's enums follow). The mapping of index to case is
    /// inferred from Xcode-written files, not documented by Apple.
    static func cases(of kind: ConfigurationStoreKitError.Current.Kind) -> [SimulatedFailure] {
        switch kind {
        case .generic: StoreKitError.allCases.map { .generic($0) }
        case .purchase: PurchaseError.allCases.map { .purchase($0) }
        case .verification: VerificationError.allNames.map { .verification($0) }
        }
    }

    /// The legacy `_storeKitError` (an `SKErrorCode`) as the failure it simulates for purchases.
    static func legacy(code: Int) -> SimulatedFailure? {
        switch code {
        case 0: .generic(.unknown)
        case 11: .purchase(.invalidOfferIdentifier)
        case 12: .purchase(.invalidOfferSignature)
        case 13: .purchase(.missingOfferParameters)
        case 14: .purchase(.invalidOfferPrice)
        default: nil
        }
    }
}

extension ConfigurationStoreKitError.Current {
    /// The failure this entry selects, or nil if the index is out of range.
    public var failure: SimulatedFailure? {
        let cases = SimulatedFailure.cases(of: type)
        return cases.indices.contains(index) ? cases[index] : nil
    }
}
