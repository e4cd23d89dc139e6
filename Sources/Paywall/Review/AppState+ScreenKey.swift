import StoreCore

extension AppState {
    /// This state as a screen of it is determined: every field as it is, but the JWS strings of
    /// the signed values, which no screen shows (the screens show a verdict and the payload, never
    /// the signature).
    ///
    /// A signature is not a function of what it signs: ECDSA signs with a fresh random nonce, and
    /// the store signs renewal info anew at every read (its `signedDate` is the read's). So two
    /// reads of one store, or two stores in the same customer state, carry different JWS for the
    /// same screen. Keyed by the whole `AppState`, the review rendered a repeated locale's walk
    /// again (212 of its 256 screens); keyed by this, it renders none of them again.
    var screenKey: AppState {
        var key = self
        key.store.entitlements = key.store.entitlements.map(\.withoutSignature)
        key.store.statuses = key.store.statuses.map { status in
            var status = status
            status.transaction = status.transaction.withoutSignature
            status.renewalInfo = status.renewalInfo.withoutSignature
            return status
        }
        key.store.records = key.store.records.map { record in
            var record = record
            record.transaction = record.transaction.withoutSignature
            return record
        }
        return key
    }
}

extension VerificationResult {
    /// The same verdict on the same payload, with no JWS.
    fileprivate var withoutSignature: Self {
        switch self {
        case .verified(let value, _): .verified(value, jws: "")
        case .unverified(let value, let error, _): .unverified(value, error, jws: "")
        }
    }
}
