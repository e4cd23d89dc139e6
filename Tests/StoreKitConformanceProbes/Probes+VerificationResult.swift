// Compile-only probes of StoreKit's `VerificationResult` (see Probes+Product.swift).
import Foundation
import StoreKit

// Symbol: VerificationResult.payloadValue
// Apple: var payloadValue: SignedType { get throws }
// https://developer.apple.com/documentation/storekit/verificationresult/payloadvalue
func probePayloadValue(_ result: VerificationResult<Transaction>) throws -> Transaction {
    try result.payloadValue
}

// Symbol: VerificationResult.unsafePayloadValue
// Apple: var unsafePayloadValue: SignedType { get }
// https://developer.apple.com/documentation/storekit/verificationresult/unsafepayloadvalue
func probeUnsafePayloadValue(_ result: VerificationResult<Transaction>) -> Transaction {
    result.unsafePayloadValue
}

// Symbol: VerificationResult.VerificationError
// Apple: enum VerificationError { case revokedCertificate, invalidCertificateChain, invalidDeviceVerification, invalidEncoding, invalidSignature, missingRequiredProperties }
// https://developer.apple.com/documentation/storekit/verificationresult/verificationerror
func probeVerificationError(_ result: VerificationResult<Transaction>) -> String? {
    guard case .unverified(_, let error) = result else { return nil }
    switch error {
    case .revokedCertificate, .invalidCertificateChain, .invalidDeviceVerification, .invalidEncoding,
        .invalidSignature, .missingRequiredProperties:
        return error.localizedDescription
    @unknown default: return nil
    }
}

// Symbol: VerificationResult.jwsRepresentation
// Apple: var jwsRepresentation: String { get }
// https://developer.apple.com/documentation/storekit/verificationresult/jwsrepresentation-21vgo
func probeJWS(_ result: VerificationResult<Transaction>) -> String { result.jwsRepresentation }

// Symbol: VerificationResult.signedDate
// Apple: var signedDate: Date { get }
// https://developer.apple.com/documentation/storekit/verificationresult/signeddate-8h5xy
func probeResultSignedDate(_ result: VerificationResult<Transaction>) -> Date { result.signedDate }

// Symbol: VerificationResult.headerData
// Apple: var headerData: Data { get }
// https://developer.apple.com/documentation/storekit/verificationresult/headerdata
func probeHeaderData(_ result: VerificationResult<Transaction>) -> Data { result.headerData }

// Symbol: VerificationResult.payloadData
// Apple: var payloadData: Data { get }
// https://developer.apple.com/documentation/storekit/verificationresult/payloaddata
func probePayloadData(_ result: VerificationResult<Transaction>) -> Data { result.payloadData }

// Symbol: VerificationResult.signatureData
// Apple: var signatureData: Data { get }
// https://developer.apple.com/documentation/storekit/verificationresult/signaturedata
func probeSignatureData(_ result: VerificationResult<Transaction>) -> Data { result.signatureData }

// Symbol: VerificationResult.signedData
// Apple: var signedData: Data { get }
// https://developer.apple.com/documentation/storekit/verificationresult/signeddata
func probeSignedData(_ result: VerificationResult<Transaction>) -> Data { result.signedData }

// Symbol: VerificationResult.debugDescription
// Apple: var debugDescription: String { get }
// https://developer.apple.com/documentation/storekit/verificationresult/debugdescription
func probeResultDebugDescription(_ result: VerificationResult<Transaction>) -> String {
    result.debugDescription
}

// Symbol: VerificationResult.deviceVerification (Transaction)
// Apple: var deviceVerification: Data { get }
// https://developer.apple.com/documentation/storekit/verificationresult/deviceverification-69lvx
func probeResultDeviceVerification(_ result: VerificationResult<Transaction>) -> Data {
    result.deviceVerification
}

// Symbol: VerificationResult.deviceVerificationNonce (Transaction)
// Apple: var deviceVerificationNonce: UUID { get }
// https://developer.apple.com/documentation/storekit/verificationresult/deviceverificationnonce-9dfrn
func probeResultDeviceVerificationNonce(_ result: VerificationResult<Transaction>) -> UUID {
    result.deviceVerificationNonce
}

// Symbol: VerificationResult.deviceVerification (RenewalInfo)
// Apple: var deviceVerification: Data { get }
// https://developer.apple.com/documentation/storekit/verificationresult/deviceverification
func probeRenewalResultDeviceVerification(_ result: VerificationResult<Product.SubscriptionInfo.RenewalInfo>)
    -> (Data, UUID)
{
    (result.deviceVerification, result.deviceVerificationNonce)
}

// Symbol: VerificationResult.deviceVerification (AppTransaction)
// Apple: var deviceVerification: Data { get }
// https://developer.apple.com/documentation/storekit/verificationresult/deviceverification-6c8xu
func probeAppResultDeviceVerification(_ result: VerificationResult<AppTransaction>) -> (Data, UUID) {
    (result.deviceVerification, result.deviceVerificationNonce)
}
