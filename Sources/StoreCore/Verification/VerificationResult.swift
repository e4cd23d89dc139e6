/// The outcome of checking a signed value, as StoreKit 2's `VerificationResult`.
///
/// Both cases carry the decoded payload and the JWS it came from; an unverified value also
/// carries the reason, so an app can see *why* it must not trust the value.
public enum VerificationResult<SignedType: Sendable & Hashable>: Sendable, Hashable {
    case verified(SignedType, jws: String)
    case unverified(SignedType, VerificationError, jws: String)

    /// The payload, whether or not it verified. Use only to show or log it.
    public var unsafePayloadValue: SignedType {
        switch self {
        case .verified(let value, _), .unverified(let value, _, _): value
        }
    }

    /// The payload when it verified.
    /// - Throws: the `VerificationError` when it did not.
    public var payloadValue: SignedType {
        get throws(VerificationError) {
            switch self {
            case .verified(let value, _): return value
            case .unverified(_, let error, _): throw error
            }
        }
    }

    /// The compact JWS the payload was decoded from.
    public var jwsRepresentation: String {
        switch self {
        case .verified(_, let jws), .unverified(_, _, let jws): jws
        }
    }

    public var isVerified: Bool {
        if case .verified = self { return true }
        return false
    }

    /// The same verdict with the payload transformed.
    public func map<T>(_ transform: (SignedType) -> T) -> VerificationResult<T> {
        switch self {
        case .verified(let value, let jws): .verified(transform(value), jws: jws)
        case .unverified(let value, let error, let jws): .unverified(transform(value), error, jws: jws)
        }
    }
}
