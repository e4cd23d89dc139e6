import Foundation

/// StoreKit's original API's error, as `struct SKError`
/// (developer.apple.com/documentation/storekit/skerror): here for its `Code`, the type of the
/// deprecated `SKTestSession.failureError`. Like `SKPaymentTransactionState`, it lives in
/// Kiosk's StoreKitTest because nothing else of Kiosk uses StoreKit's original API.
public struct SKError: Error, Sendable, Hashable {
    /// Apple's `SKError.Code`, every case, with its documented raw value.
    public enum Code: Int, Sendable, Hashable {
        case unknown = 0
        case clientInvalid = 1
        case paymentCancelled = 2
        case paymentInvalid = 3
        case paymentNotAllowed = 4
        case storeProductNotAvailable = 5
        case cloudServicePermissionDenied = 6
        case cloudServiceNetworkConnectionFailed = 7
        case cloudServiceRevoked = 8
        case privacyAcknowledgementRequired = 9
        case unauthorizedRequestData = 10
        case invalidOfferIdentifier = 11
        case invalidSignature = 12
        case missingOfferParams = 13
        case invalidOfferPrice = 14
        case overlayCancelled = 15
        case overlayInvalidConfiguration = 16
        case overlayTimeout = 17
        case ineligibleForOffer = 18
        case unsupportedPlatform = 19
        case overlayPresentedInBackgroundScene = 20
    }

    public let code: Code
    public init(_ code: Code) { self.code = code }

    public static var errorDomain: String { "SKErrorDomain" }
}
