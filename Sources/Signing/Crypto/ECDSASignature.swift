import COpenSSL

/// Conversions between the two encodings of an ECDSA signature: DER (`SEQUENCE { r, s }`, what
/// OpenSSL and legacy offer signatures use) and JOSE raw R||S (what JWS uses, RFC 7518 §3.4).
enum ECDSASignature {
    /// DER to raw: R and S left-padded to `coordinateSize` bytes each.
    static func raw(fromDER der: [UInt8], coordinateSize: Int) throws(SigningError) -> [UInt8] {
        let signature = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature else { throw .openSSL("d2i_ECDSA_SIG") }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer? = nil
        var s: OpaquePointer? = nil
        ECDSA_SIG_get0(signature, &r, &s)
        var raw = [UInt8](repeating: 0, count: 2 * coordinateSize)
        let written = raw.withUnsafeMutableBufferPointer { buffer in
            BN_bn2binpad(r, buffer.baseAddress, Int32(coordinateSize))
                + BN_bn2binpad(s, buffer.baseAddress! + coordinateSize, Int32(coordinateSize))
        }
        guard written == 2 * coordinateSize else { throw .openSSL("BN_bn2binpad") }
        return raw
    }

    /// Raw to DER, or nil when `raw` is not exactly two coordinates long (a DER signature passed
    /// where raw is expected ends here).
    static func der(fromRaw raw: [UInt8], coordinateSize: Int) -> [UInt8]? {
        guard raw.count == 2 * coordinateSize, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let (r, s) = raw.withUnsafeBufferPointer { buffer in
            (
                BN_bin2bn(buffer.baseAddress, Int32(coordinateSize), nil),
                BN_bin2bn(buffer.baseAddress! + coordinateSize, Int32(coordinateSize), nil)
            )
        }
        // ECDSA_SIG_set0 takes ownership of r and s on success only.
        guard ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_ECDSA_SIG(signature, &cursor)
        }
        return der
    }
}
