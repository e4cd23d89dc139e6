import Foundation
import Signing
import StoreCore

extension AppStore {
    /// The device verification identifier, to check that signed information was made for this
    /// device: SHA-384 of the lowercased `deviceVerificationNonce` followed by this identifier
    /// lowercased equals the payload's `deviceVerification`.
    ///
    /// Kiosk's "device" is the process: one identifier for its lifetime, as Apple's stays the
    /// same for one app on one device (docs/your-code.md, "Device verification").
    public static var deviceVerificationID: UUID? { DeviceVerification.deviceID }
}

/// How Kiosk computes Apple's device verification values for a signed payload.
///
/// Apple's nonce is a fresh UUID the App Store puts in the payload; Kiosk's store signs one
/// payload for every device, so the nonce is derived from the payload's JWS instead (the same
/// payload always has the same nonce) and the hash is computed on this side, as Apple's
/// documentation says it is computed: SHA-384 of the ASCII of nonce + ID, both lowercased.
enum DeviceVerification {
    static let deviceID = UUID()

    /// The nonce of the payload signed as `jws`: the first 16 bytes of its SHA-384, made a
    /// version-4 UUID.
    static func nonce(forJWS jws: String) -> UUID {
        var bytes = [UInt8](Digest.sha384(Data(jws.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let uuid = (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
            bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )
        return UUID(uuid: uuid)
    }

    /// Apple's device verification value for `nonce` on this device.
    static func value(nonce: UUID, deviceID: UUID = deviceID) -> Data {
        let text = nonce.uuidString.lowercased() + deviceID.uuidString.lowercased()
        return Digest.sha384(Data(text.utf8))
    }
}

extension Transaction {
    /// The UUID the device verification value was computed with (use it lowercased).
    public var deviceVerificationNonce: UUID { DeviceVerification.nonce(forJWS: jws) }
    /// SHA-384 of `deviceVerificationNonce` and `AppStore.deviceVerificationID`, both lowercased.
    public var deviceVerification: Data { DeviceVerification.value(nonce: deviceVerificationNonce) }
}

extension Product.SubscriptionInfo.RenewalInfo {
    /// The UUID the device verification value was computed with (use it lowercased).
    public var deviceVerificationNonce: UUID { DeviceVerification.nonce(forJWS: jws) }
    /// SHA-384 of `deviceVerificationNonce` and `AppStore.deviceVerificationID`, both lowercased.
    public var deviceVerification: Data { DeviceVerification.value(nonce: deviceVerificationNonce) }
}

extension AppTransaction {
    /// The UUID the device verification value was computed with (use it lowercased).
    public var deviceVerificationNonce: UUID { DeviceVerification.nonce(forJWS: jws) }
    /// SHA-384 of `deviceVerificationNonce` and `AppStore.deviceVerificationID`, both lowercased.
    public var deviceVerification: Data { DeviceVerification.value(nonce: deviceVerificationNonce) }
}

extension VerificationResult where SignedType == Transaction {
    /// The payload's device verification value (the same as the transaction's).
    public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
    /// The payload's device verification nonce (the same as the transaction's).
    public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}

extension VerificationResult where SignedType == Product.SubscriptionInfo.RenewalInfo {
    /// The payload's device verification value (the same as the renewal info's).
    public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
    /// The payload's device verification nonce (the same as the renewal info's).
    public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}

extension VerificationResult where SignedType == AppTransaction {
    /// The payload's device verification value (the same as the app transaction's).
    public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
    /// The payload's device verification nonce (the same as the app transaction's).
    public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}
