/// Reads the payload of a JWS this process signed and stored itself (the simulator's ledger),
/// without checking the chain again: the file is the store's own, and verifying 100,000
/// stored signatures at every start would cost seconds for nothing.
public enum StoredJWS {
    /// The decoded payload of `jws`.
    /// - Throws: `SigningError.malformedJWS` or the payload's decoding error.
    public static func payload<T: SignedPayload>(of jws: String, as type: T.Type = T.self)
        throws(SigningError) -> T
    {
        let parts: CompactJWS
        do { parts = try CompactJWS(jws) } catch { throw .malformedJWS(reason: error.reason) }
        return try T(payloadJSON: parts.payload)
    }
}
