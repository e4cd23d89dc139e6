import Foundation
import KioskStoreKit
import StoreCore

/// The domain of StoreKitTest's errors: Apple's `let SKTestErrorDomain: String`
/// (developer.apple.com/documentation/storekittest/sktesterrordomain), spelt as Apple spells it.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let SKTestErrorDomain = "SKTestErrorDomain"

/// An error of the test environment, as StoreKitTest's `struct SKTestError`
/// (developer.apple.com/documentation/storekittest/sktesterror), with a message that says what
/// was wrong and what to do. `catch SKTestError.fileNotFound` matches it, as on Apple platforms.
public struct SKTestError: Error, Sendable, Hashable, CustomNSError, LocalizedError, CustomStringConvertible {
    /// Apple's `SKTestError.Code` (developer.apple.com/documentation/storekittest/sktesterror/code):
    /// every case of its page. Apple does not document the raw values; these follow the page's
    /// order after `unknown`.
    public enum Code: Int, Sendable, Hashable {
        case unknown = 0
        case fileNotFound
        case invalidAction
        case invalidProductIdentifier
        case invalidProductType
        case invalidURL
        case noSubscriptionFound
        case noTransactionFound
        case serviceUnavailable

        /// `catch SKTestError.fileNotFound` and `case SKTestError.invalidAction` as patterns: a
        /// code matches an `SKTestError` of that code (Apple's bridged error codes do the same).
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? SKTestError)?.code == code
        }
    }

    public let code: Code
    /// What was wrong and what to do (Kiosk's addition; Apple's carries a `userInfo`).
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Apple's `init(_ code: SKTestError.Code, userInfo: [String : Any] = [:])`: the message is
    /// the user info's `NSLocalizedDescriptionKey`, if it has one.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.init(code, userInfo[NSLocalizedDescriptionKey] as? String ?? "\(code)")
    }

    /// Apple's `static var errorDomain: String`.
    public static var errorDomain: String { SKTestErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
    public var description: String { "SKTestError.\(code): \(message)" }
    public var errorDescription: String? { description }

    /// Apple's codes as `SKTestError`'s static properties (`SKTestError.fileNotFound`, ...).
    public static var unknown: Code { .unknown }
    public static var fileNotFound: Code { .fileNotFound }
    public static var invalidAction: Code { .invalidAction }
    public static var invalidProductIdentifier: Code { .invalidProductIdentifier }
    public static var invalidProductType: Code { .invalidProductType }
    public static var invalidURL: Code { .invalidURL }
    public static var noSubscriptionFound: Code { .noSubscriptionFound }
    public static var noTransactionFound: Code { .noTransactionFound }
    public static var serviceUnavailable: Code { .serviceUnavailable }

    /// A store's refusal as the test environment's error.
    init(_ error: StoreError) {
        switch error {
        case .transactionNotFound: self.init(.noTransactionFound, "\(error)")
        case .productNotFound: self.init(.invalidProductIdentifier, "\(error)")
        case .invalidAction, .invalidArgument: self.init(.invalidAction, "\(error)")
        case .backend: self.init(.serviceUnavailable, "\(error)")
        case .storeKit, .purchase, .accountNotFound, .idempotencyKeyReused:
            self.init(.unknown, "\(error)")
        }
    }
}
