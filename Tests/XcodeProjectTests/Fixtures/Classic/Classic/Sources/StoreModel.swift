import Foundation
import StoreKit

/// A purchase model in the Swift 5 style of a classic project: a class with completion-free
/// async methods, in a file of its own so that tests can reach it without the view code.
@MainActor
final class StoreModel {
    static let unlockID = "com.example.xcodeapp.filters"

    private(set) var unlocked = false

    func buyUnlock() async throws {
        guard let product = try await Product.products(for: [Self.unlockID]).first else { return }
        if case .success(.verified(let transaction)) = try await product.purchase() {
            unlocked = true
            await transaction.finish()
        }
    }

    func refresh() async {
        var owned = false
        for await case .verified(let transaction) in Transaction.currentEntitlements
        where transaction.productID == Self.unlockID && transaction.revocationDate == nil {
            owned = true
        }
        unlocked = owned
    }
}
