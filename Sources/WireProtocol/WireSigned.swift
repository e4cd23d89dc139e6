import StoreCore

/// A signed value on the wire: its compact JWS, which the client verifies itself, and the
/// verification failure the server simulates, if any (so a simulated failure reaches a
/// remote app as it would a local one). A transaction not yet completed (pending approval)
/// has no signature: it travels as `unsigned` and is always reported unverified.
public struct WireSigned: Codable, Sendable, Hashable {
    public var jws: String
    /// `VerificationError.name` of a simulated verification failure.
    public var simulatedFailure: String?
    public var simulatedFailureReason: String?
    public var unsigned: Transaction?

    public init(
        jws: String, simulatedFailure: String? = nil, simulatedFailureReason: String? = nil,
        unsigned: Transaction? = nil
    ) {
        self.jws = jws
        self.simulatedFailure = simulatedFailure
        self.simulatedFailureReason = simulatedFailureReason
        self.unsigned = unsigned
    }

    /// The wire form of a verification result as the store reports it.
    public init<T>(_ result: VerificationResult<T>) {
        switch result {
        case .verified(_, let jws): self.init(jws: jws)
        case .unverified(let value, let error, let jws):
            self.init(
                jws: jws, simulatedFailure: error.name, simulatedFailureReason: error.reason,
                unsigned: jws.isEmpty ? value as? Transaction : nil)
        }
    }

    /// The simulated failure as an error.
    public var simulatedError: VerificationError? {
        simulatedFailure.flatMap { VerificationError(name: $0, reason: simulatedFailureReason ?? "") }
    }
}
