import StoreCore

/// A Retention Messaging request Kiosk refuses, as Apple's API answers it: the HTTP status,
/// Apple's error code (the `APIError` values of app-store-server-library) and a message that
/// says what to change. Nothing is stored when one is thrown.
public struct RetentionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var status: Int
    public var code: Int
    public var message: String

    public init(status: Int, code: Int, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) (error \(code))" }
}

extension StoreError {
    /// The one mapping of a retention refusal into the store's errors: a request Kiosk refuses
    /// (4xx) is the caller's to change, anything else (the ledger under it) is the backend's.
    init(_ error: RetentionError) {
        self =
            (400..<500).contains(error.status)
            ? .invalidArgument(error.description) : .backend(error.description)
    }
}

extension RetentionError {
    // The codes below are Apple's, named as in `APIError`; the pages are under
    // developer.apple.com/documentation/retentionmessaging/.

    static func generalBadRequest(_ message: String) -> Self {
        Self(status: 400, code: 4_000_000, message: message)
    }
    static func invalidProductID(_ message: String) -> Self {
        Self(status: 400, code: 4_000_023, message: message)
    }
    static func invalidImage(_ message: String) -> Self {
        Self(status: 400, code: 4_000_161, message: message)
    }
    static func headerTooLong(_ message: String) -> Self {
        Self(status: 400, code: 4_000_162, message: message)
    }
    static func bodyTooLong(_ message: String) -> Self {
        Self(status: 400, code: 4_000_163, message: message)
    }
    static func invalidLocale(_ message: String) -> Self {
        Self(status: 400, code: 4_000_164, message: message)
    }
    static func altTextTooLong(_ message: String) -> Self {
        Self(status: 400, code: 4_000_175, message: message)
    }
    static func invalidPerformanceTestRequest(_ message: String) -> Self {
        Self(status: 400, code: 4_000_211, message: message)
    }
    static func invalidRequestID(_ message: String) -> Self {
        Self(status: 400, code: 4_000_212, message: message)
    }
    static func existingPerformanceTestRun(_ message: String) -> Self {
        Self(status: 400, code: 4_000_213, message: message)
    }
    static func badRealtimeURL(_ message: String) -> Self {
        Self(status: 400, code: 4_000_215, message: message)
    }
    static func badImageSize(_ message: String) -> Self {
        Self(status: 400, code: 4_000_216, message: message)
    }
    static func tooManyBulletPoints(_ message: String) -> Self {
        Self(status: 400, code: 4_000_218, message: message)
    }
    static func bulletPointTextTooLong(_ message: String) -> Self {
        Self(status: 400, code: 4_000_219, message: message)
    }
    static func aboveImageRequiresImage(_ message: String) -> Self {
        Self(status: 400, code: 4_000_224, message: message)
    }
    static func maximumImages(_ message: String) -> Self {
        Self(status: 403, code: 4_030_014, message: message)
    }
    static func maximumMessages(_ message: String) -> Self {
        Self(status: 403, code: 4_030_016, message: message)
    }
    static func messageNotApproved(_ message: String) -> Self {
        Self(status: 403, code: 4_030_017, message: message)
    }
    static func imageNotApproved(_ message: String) -> Self {
        Self(status: 403, code: 4_030_018, message: message)
    }
    static func imageInUse(_ message: String) -> Self { Self(status: 403, code: 4_030_019, message: message) }
    static func imageNotFound(_ message: String) -> Self {
        Self(status: 404, code: 4_040_014, message: message)
    }
    static func messageNotFound(_ message: String) -> Self {
        Self(status: 404, code: 4_040_015, message: message)
    }
    static func performanceTestNotFound(_ message: String) -> Self {
        Self(status: 404, code: 4_040_018, message: message)
    }
    static func defaultMessageNotFound(_ message: String) -> Self {
        Self(status: 404, code: 4_040_020, message: message)
    }
    static func realtimeURLNotFound(_ message: String) -> Self {
        Self(status: 404, code: 4_040_021, message: message)
    }
    static func imageAlreadyExists(_ message: String) -> Self {
        Self(status: 409, code: 4_090_000, message: message)
    }
    static func messageAlreadyExists(_ message: String) -> Self {
        Self(status: 409, code: 4_090_001, message: message)
    }
    static func internalError(_ message: String) -> Self {
        Self(status: 500, code: 5_000_000, message: message)
    }
}
