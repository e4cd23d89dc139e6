/// Why a signed value failed verification, as StoreKit 2's `VerificationResult.VerificationError`.
/// Each case carries a reason a person can act on ("x5c holds 2 certificates, expected 3").
public enum VerificationError: Error, Sendable, Hashable, CustomStringConvertible {
    case revokedCertificate(reason: String = "")
    case invalidCertificateChain(reason: String = "")
    case invalidDeviceVerification(reason: String = "")
    case invalidEncoding(reason: String = "")
    case invalidSignature(reason: String = "")
    case missingRequiredProperties(reason: String = "")

    /// StoreKit's case name, used on the wire and in `.storekit` simulated errors.
    public var name: String {
        switch self {
        case .revokedCertificate: "revokedCertificate"
        case .invalidCertificateChain: "invalidCertificateChain"
        case .invalidDeviceVerification: "invalidDeviceVerification"
        case .invalidEncoding: "invalidEncoding"
        case .invalidSignature: "invalidSignature"
        case .missingRequiredProperties: "missingRequiredProperties"
        }
    }

    public var reason: String {
        switch self {
        case .revokedCertificate(let reason), .invalidCertificateChain(let reason),
            .invalidDeviceVerification(let reason), .invalidEncoding(let reason),
            .invalidSignature(let reason),
            .missingRequiredProperties(let reason):
            reason
        }
    }

    /// Every case without a reason, for pickers and for decoding a name.
    public static let allNames: [VerificationError] = [
        .revokedCertificate(), .invalidCertificateChain(), .invalidDeviceVerification(), .invalidEncoding(),
        .invalidSignature(), .missingRequiredProperties(),
    ]

    /// The case with this StoreKit name and an optional reason.
    public init?(name: String, reason: String = "") {
        switch name {
        case "revokedCertificate": self = .revokedCertificate(reason: reason)
        case "invalidCertificateChain": self = .invalidCertificateChain(reason: reason)
        case "invalidDeviceVerification": self = .invalidDeviceVerification(reason: reason)
        case "invalidEncoding": self = .invalidEncoding(reason: reason)
        case "invalidSignature": self = .invalidSignature(reason: reason)
        case "missingRequiredProperties": self = .missingRequiredProperties(reason: reason)
        default: return nil
        }
    }

    /// Whether two errors are the same case, whatever their reasons.
    public func isSameCase(as other: VerificationError) -> Bool { name == other.name }

    public var description: String { reason.isEmpty ? name : "\(name): \(reason)" }
}
