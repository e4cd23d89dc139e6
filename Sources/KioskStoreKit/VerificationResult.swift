import Foundation
import StoreCore

/// The outcome of checking a signed value, as StoreKit 2's `VerificationResult`: the same two
/// cases (`verified`, `unverified`) with the payload, so `case .verified(let transaction)`
/// and `try result.payloadValue` read as they do on Apple platforms.
///
/// The signature was checked by Kiosk's simulator (or, over the wire, by `RemoteStore` against
/// the server's root): `unverified` carries what failed, including a failure a test asked for
/// (`SKTestSession.setSimulatedError(.verification(...), forAPI: .verification)`).
public enum VerificationResult<SignedType> {
    case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
    case verified(SignedType)

    /// Why a signed value failed verification, with Apple's cases.
    public enum VerificationError: Error, Sendable, Hashable, LocalizedError {
        case revokedCertificate
        case invalidCertificateChain
        case invalidDeviceVerification
        case invalidEncoding
        case invalidSignature
        case missingRequiredProperties

        public var errorDescription: String? {
            switch self {
            case .revokedCertificate: "The certificate that signed the value was revoked."
            case .invalidCertificateChain: "The certificate chain of the signed value is not valid."
            case .invalidDeviceVerification: "The device verification of the signed value does not match."
            case .invalidEncoding: "The signed value is not correctly encoded."
            case .invalidSignature: "The signature of the value does not verify."
            case .missingRequiredProperties: "The signed value is missing required properties."
            }
        }
    }

    /// The payload when it verified.
    /// - Throws: the `VerificationError` when it did not.
    public var payloadValue: SignedType {
        get throws {
            switch self {
            case .verified(let value): return value
            case .unverified(_, let error): throw error
            }
        }
    }

    /// The payload, whether or not it verified: only to show or log it.
    public var unsafePayloadValue: SignedType {
        switch self {
        case .verified(let value), .unverified(let value, _): value
        }
    }

    /// The compact JWS the payload was decoded from (`header.payload.signature`).
    public var jwsRepresentation: String {
        (unsafePayloadValue as? any SignedPayload)?.signedJWS ?? ""
    }

    /// When the payload was signed.
    public var signedDate: Date {
        (unsafePayloadValue as? any SignedPayload)?.payloadSignedDate ?? Date(timeIntervalSince1970: 0)
    }

    /// The JWS header, payload and signature, decoded from base64url.
    public var headerData: Data { JWSParts(jwsRepresentation).part(0) }
    public var payloadData: Data { JWSParts(jwsRepresentation).part(1) }
    public var signatureData: Data { JWSParts(jwsRepresentation).part(2) }
    /// The bytes the signature covers (`header.payload`, as ASCII).
    public var signedData: Data {
        let parts = jwsRepresentation.split(separator: ".", omittingEmptySubsequences: false)
        return Data(parts.prefix(2).joined(separator: ".").utf8)
    }
}

extension VerificationResult: Sendable where SignedType: Sendable {}
extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

/// A payload Kiosk signed: it keeps its JWS, because Apple's `VerificationResult` cases carry
/// only the payload while `jwsRepresentation` must still answer.
protocol SignedPayload {
    var signedJWS: String { get }
    var payloadSignedDate: Date { get }
}

/// The three base64url parts of a compact JWS.
private struct JWSParts {
    let parts: [Substring]
    init(_ jws: String) { parts = jws.split(separator: ".", omittingEmptySubsequences: false) }

    func part(_ index: Int) -> Data {
        guard index < parts.count else { return Data() }
        var text = parts[index].replacingOccurrences(of: "-", with: "+").replacingOccurrences(
            of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text) ?? Data()
    }
}

extension VerificationResult.VerificationError {
    /// StoreCore's verification error (which carries a reason) in Apple's cases, by its name.
    init(_ error: StoreCoreVerificationError) {
        switch error.name {
        case "revokedCertificate": self = .revokedCertificate
        case "invalidCertificateChain": self = .invalidCertificateChain
        case "invalidDeviceVerification": self = .invalidDeviceVerification
        case "invalidEncoding": self = .invalidEncoding
        case "invalidSignature": self = .invalidSignature
        default: self = .missingRequiredProperties
        }
    }
}
