/// The nine StoreKit APIs whose failure Xcode can simulate, as StoreKitTest's
/// `FailableStoreKitAPI`. Raw values are the `_storeKitErrors[].name` strings of `.storekit` files.
public enum FailableAPI: String, Sendable, Hashable, Codable, CaseIterable {
    case loadProducts = "Load Products"
    case purchase = "Purchase"
    case verification = "Verification"
    case appStoreSync = "App Store Sync"
    case subscriptionStatus = "Subscription Status"
    case appTransaction = "App Transaction"
    case manageSubscriptions = "Manage Subscriptions Sheet"
    case refundRequest = "Refund Request Sheet"
    case offerCodeRedeem = "Offer Code Redeem Sheet"

    /// A short name for command lines and the wire (`loadProducts`, `purchase`, ...).
    public var key: String {
        switch self {
        case .loadProducts: "loadProducts"
        case .purchase: "purchase"
        case .verification: "verification"
        case .appStoreSync: "appStoreSync"
        case .subscriptionStatus: "subscriptionStatus"
        case .appTransaction: "appTransaction"
        case .manageSubscriptions: "manageSubscriptions"
        case .refundRequest: "refundRequest"
        case .offerCodeRedeem: "offerCodeRedeem"
        }
    }

    public init?(key: String) {
        guard let api = Self.allCases.first(where: { $0.key == key || $0.rawValue == key }) else {
            return nil
        }
        self = api
    }

    /// Whether a failure of this kind may be simulated for this API (reference section 3.5):
    /// `purchase` also takes purchase errors, `verification` takes only verification errors.
    public func accepts(_ failure: SimulatedFailure) -> Bool {
        switch (self, failure) {
        case (.verification, .verification): true
        case (.verification, _), (_, .verification): false
        case (.purchase, .purchase): true
        case (_, .purchase): false
        case (_, .generic): true
        }
    }
}

/// A simulated failure, as StoreKitTest's `SKTestFailures`.
public enum SimulatedFailure: Sendable, Hashable, CustomStringConvertible {
    case generic(StoreKitError)
    case purchase(PurchaseError)
    case verification(VerificationError)

    public var description: String {
        switch self {
        case .generic(let error): "StoreKitError.\(error.rawValue)"
        case .purchase(let error): "Product.PurchaseError.\(error.rawValue)"
        case .verification(let error): "VerificationError.\(error.name)"
        }
    }
}

extension SimulatedFailure {
    /// A stable text form for the wire, the ledger and command lines: `generic.networkError`,
    /// `purchase.invalidQuantity`, `verification.invalidSignature`.
    public var code: String {
        switch self {
        case .generic(let error): "generic.\(error.rawValue)"
        case .purchase(let error): "purchase.\(error.rawValue)"
        case .verification(let error): "verification.\(error.name)"
        }
    }

    /// Parses `code`; also accepts a bare case name (`networkError`, `invalidQuantity`,
    /// `invalidSignature`) when it names exactly one failure.
    public init?(code: String) {
        let parts = code.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2 {
            switch parts[0] {
            case "generic":
                guard let e = StoreKitError(rawValue: parts[1]) else { return nil }
                self = .generic(e)
            case "purchase":
                guard let e = PurchaseError(rawValue: parts[1]) else { return nil }
                self = .purchase(e)
            case "verification":
                guard let e = VerificationError(name: parts[1]) else { return nil }
                self = .verification(e)
            default: return nil
            }
            return
        }
        if let e = StoreKitError(rawValue: code) {
            self = .generic(e)
        } else if let e = PurchaseError(rawValue: code) {
            self = .purchase(e)
        } else if let e = VerificationError(name: code) {
            self = .verification(e)
        } else {
            return nil
        }
    }

    /// Every failure without a reason, for pickers and help texts.
    public static var allCases: [SimulatedFailure] {
        StoreKitError.allCases.map(SimulatedFailure.generic)
            + PurchaseError.allCases.map(SimulatedFailure.purchase)
            + VerificationError.allNames.map(SimulatedFailure.verification)
    }
}
