import SourceDiagnostics
import StoreCore

extension StoreWords {
    /// The words with `last` (the newest transaction in the Transaction Manager's list) or
    /// `last PRODUCT` (the newest of that product) resolved to the transaction's ID, the
    /// references a rehearsal accepts, so `kiosk store refund last` works as `refund last` does
    /// in a `.rehearsal` file.
    /// - Throws: `StoreWordsError` when there is no such transaction yet, suggesting a product ID
    ///   for a misspelt one.
    public func resolvingLast(in store: any Store & StoreControl) async throws -> StoreWords {
        guard case .last(let product) = transaction else { return self }
        let records = try await store.transactionRecords()
        let matching = records.filter {
            product == nil || $0.transaction.unsafePayloadValue.productID == product
        }
        guard let id = matching.map(\.id).max() else {
            guard let product else { throw StoreWordsError("no transaction yet for 'last'", word: "last") }
            let known = try await store.allProducts().map(\.id)
            let message = "no transaction of \(product) yet for 'last \(product)'"
            throw StoreWordsError(
                known.contains(product)
                    ? message : Suggestion.appending(to: message, word: product, candidates: known),
                word: product)
        }
        var resolved = self
        resolved.transaction = .id(id)
        return resolved
    }
}
