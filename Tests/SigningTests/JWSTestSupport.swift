import Foundation
import StoreCore
import Testing

@testable import Signing

/// Builds JWS by hand, for the malformed and tampered cases the signer never produces.
enum JWSCraft {
    static func header(alg: String = "ES256", x5c: [String]?, extra: String = "") -> String {
        var fields = ["\"alg\":\"\(alg)\""]
        if let x5c { fields.append("\"x5c\":[" + x5c.map { "\"\($0)\"" }.joined(separator: ",") + "]") }
        if !extra.isEmpty { fields.append(extra) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func x5c(_ certificates: [Certificate], _ alphabet: Base64.Alphabet = .standard) -> [String] {
        certificates.map { Base64.encode($0.derRepresentation, alphabet) }
    }

    /// A JWS over `payload` with `headerJSON`, signed by `key` (raw R||S unless `der`).
    static func sign(headerJSON: String, payload: [UInt8], key: ECPrivateKey, der: Bool = false) throws
        -> String
    {
        let input = Base64.encode(Array(headerJSON.utf8), .url) + "." + Base64.encode(payload, .url)
        let signature = der ? try key.derSignature(for: input.utf8) : try key.rawSignature(for: input.utf8)
        return input + "." + Base64.encode(signature, .url)
    }

    /// The three segments of a compact JWS.
    static func segments(_ jws: String) -> [String] { jws.split(separator: ".").map(String.init) }

    /// `jws` with its signature's bit `bit` flipped.
    static func flippingSignatureBit(_ jws: String, bit: Int = 0) -> String {
        var parts = segments(jws)
        var signature = Base64.decode(parts[2], .url)!
        signature[bit / 8] ^= UInt8(1 << (bit % 8))
        parts[2] = Base64.encode(signature, .url)
        return parts.joined(separator: ".")
    }

    /// `jws` with its payload replaced but the original signature kept.
    static func replacingPayload(_ jws: String, with payload: [UInt8]) -> String {
        var parts = segments(jws)
        parts[1] = Base64.encode(payload, .url)
        return parts.joined(separator: ".")
    }
}

/// Asserts the exact `VerificationError` case of a check, with a non-empty reason.
func expectVerdict(
    _ check: JWSVerifier.Check, _ expected: VerificationError?,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let expected else {
        #expect(
            check.error == nil, "expected verified, got \(check.error.map(String.init(describing:)) ?? "")",
            sourceLocation: sourceLocation)
        return
    }
    guard let error = check.error else {
        Issue.record("expected \(expected.name), but it verified", sourceLocation: sourceLocation)
        return
    }
    #expect(
        error.isSameCase(as: expected), "expected \(expected.name), got \(error)",
        sourceLocation: sourceLocation)
    #expect(!error.reason.isEmpty, "\(error.name) without a reason", sourceLocation: sourceLocation)
}
