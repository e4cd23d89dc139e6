import Foundation

/// What goes into one certificate. The defaults (`root`, `intermediate`, `leaf`) follow the
/// profile of Apple's chain that Apple's library checks under `X509_STRICT`; every knob is
/// exposed so tests can build the deliberately wrong certificates a verifier must reject.
public struct CertificateProfile: Sendable, Hashable {
    /// The key usages Kiosk's certificates carry (always marked critical).
    public enum KeyUsage: Sendable, Hashable {
        /// keyCertSign + cRLSign, for CAs.
        case certificateSigning
        /// digitalSignature, for the leaf that signs JWS.
        case digitalSignature

        var openSSLValue: String {
            switch self {
            case .certificateSigning: "critical,keyCertSign,cRLSign"
            case .digitalSignature: "critical,digitalSignature"
            }
        }
    }

    /// Apple's marker on the WWDR intermediate: `1.2.840.113635.100.6.2.1`.
    public static let intermediateMarkerOID = "1.2.840.113635.100.6.2.1"
    /// Apple's marker on the App Store receipt-signing leaf: `1.2.840.113635.100.6.11.1`.
    public static let leafMarkerOID = "1.2.840.113635.100.6.11.1"

    public var commonName: String
    public var organization: String
    public var notBefore: Date
    public var notAfter: Date
    public var isCertificateAuthority: Bool
    /// basicConstraints pathlen (CAs only).
    public var pathLength: Int?
    /// System OpenSSL 3.0 rejects a CA whose basicConstraints is not critical under X509_STRICT.
    public var basicConstraintsCritical: Bool
    public var includesSubjectKeyIdentifier: Bool
    public var includesAuthorityKeyIdentifier: Bool
    public var keyUsage: KeyUsage?
    /// Extensions added with the value ASN.1 NULL (`05 00`), as Apple's markers are.
    public var markerOIDs: [String]

    public init(
        commonName: String, organization: String = "Kiosk Local Testing", notBefore: Date, notAfter: Date,
        isCertificateAuthority: Bool, pathLength: Int? = nil, basicConstraintsCritical: Bool = true,
        includesSubjectKeyIdentifier: Bool = true, includesAuthorityKeyIdentifier: Bool = true,
        keyUsage: KeyUsage? = nil, markerOIDs: [String] = []
    ) {
        self.commonName = commonName
        self.organization = organization
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.isCertificateAuthority = isCertificateAuthority
        self.pathLength = pathLength
        self.basicConstraintsCritical = basicConstraintsCritical
        self.includesSubjectKeyIdentifier = includesSubjectKeyIdentifier
        self.includesAuthorityKeyIdentifier = includesAuthorityKeyIdentifier
        self.keyUsage = keyUsage
        self.markerOIDs = markerOIDs
    }

    /// A self-signed root like Apple Root CA - G3 (no AKI: it would only point at itself).
    public static func root(
        commonName: String = "Kiosk Local Root CA", notBefore: Date, notAfter: Date
    ) -> CertificateProfile {
        CertificateProfile(
            commonName: commonName, notBefore: notBefore, notAfter: notAfter, isCertificateAuthority: true,
            includesAuthorityKeyIdentifier: false, keyUsage: .certificateSigning)
    }

    /// An intermediate like Apple's WWDR CA: pathlen 0 and the intermediate marker OID.
    public static func intermediate(
        commonName: String = "Kiosk Local Intermediate CA", notBefore: Date, notAfter: Date
    ) -> CertificateProfile {
        CertificateProfile(
            commonName: commonName, notBefore: notBefore, notAfter: notAfter, isCertificateAuthority: true,
            pathLength: 0, keyUsage: .certificateSigning, markerOIDs: [intermediateMarkerOID])
    }

    /// A JWS-signing leaf like Apple's receipt-signing certificate, with the leaf marker OID.
    public static func leaf(
        commonName: String = "Kiosk Local App Store Signing", notBefore: Date, notAfter: Date
    ) -> CertificateProfile {
        CertificateProfile(
            commonName: commonName, notBefore: notBefore, notAfter: notAfter, isCertificateAuthority: false,
            includesSubjectKeyIdentifier: false, keyUsage: .digitalSignature, markerOIDs: [leafMarkerOID])
    }
}
