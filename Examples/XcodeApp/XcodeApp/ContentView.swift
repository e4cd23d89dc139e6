import StoreKit
import SwiftUI

/// The shop: a row per product, and what the customer owns.
struct ContentView: View {
    @EnvironmentObject private var store: PurchaseManager

    var body: some View {
        List(store.products) { product in
            HStack {
                Text(product.displayName)
                Spacer()
                if store.owns(product.id) {
                    Image(systemName: "checkmark")
                } else {
                    Button(product.displayPrice) {
                        Task { try? await store.purchase(product) }
                    }
                }
            }
        }
    }
}
