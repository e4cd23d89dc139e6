import Foundation
import StoreCore

extension SimulatedStore {
    /// What the accounts hold now (`StoreHoldings`).
    var holdings: StoreHoldings { StoreHoldings(state: state, products: products, now: currentTime) }

    /// The reads of now, signed (`StoreReader`).
    var reader: StoreReader {
        StoreReader(holdings: holdings, ledger: ledger, signer: signer, signatures: recentSignatures)
    }

    /// The verification result an app would get for a stored transaction (`StoreReader.result`).
    func result(for stored: StoredTransaction) throws(StoreError) -> VerificationResult<Transaction> {
        try reader.result(for: stored)
    }

    /// What a stream hands the app for a transaction (`StoreReader.streamed`).
    func streamed(_ stored: StoredTransaction) -> VerificationResult<Transaction> { reader.streamed(stored) }
}
