/// General store failures, as StoreKit 2's `StoreKitError`.
public enum StoreKitError: String, Error, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case unknown
    case userCancelled
    case networkError
    case systemError
    case notAvailableInStorefront
    case notEntitled
    case unsupported

    public var description: String {
        switch self {
        case .unknown: "An unknown error occurred."
        case .userCancelled: "The user cancelled."
        case .networkError: "The network is not available."
        case .systemError: "A system error occurred."
        case .notAvailableInStorefront: "The product is not available in this storefront."
        case .notEntitled: "The app is not entitled to this action."
        case .unsupported: "This action is not supported here."
        }
    }
}

/// Purchase failures, as StoreKit 2's `Product.PurchaseError`.
public enum PurchaseError: String, Error, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case invalidQuantity
    case productUnavailable
    case purchaseNotAllowed
    case ineligibleForOffer
    case invalidOfferIdentifier
    case invalidOfferPrice
    case invalidOfferSignature
    case missingOfferParameters

    public var description: String {
        switch self {
        case .invalidQuantity: "The quantity is not valid for this product."
        case .productUnavailable: "The product is not available."
        case .purchaseNotAllowed: "Purchases are not allowed for this account."
        case .ineligibleForOffer: "The account is not eligible for this offer."
        case .invalidOfferIdentifier: "No offer has that identifier."
        case .invalidOfferPrice: "The offer's price is not valid."
        case .invalidOfferSignature: "The offer's signature is not valid."
        case .missingOfferParameters: "The offer is missing parameters."
        }
    }
}
