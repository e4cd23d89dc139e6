import Foundation
import PurchaseManager

import StoreKit

// The purchase manager as a program: `purchase-demo [PRODUCT_ID]` loads the products, buys
// PRODUCT_ID when given, and prints what the customer has. Which store it talks to is the
// environment's (docs/your-code.md): KIOSK_CATALOG, KIOSK_STATE or KIOSK_STORE.
@MainActor
func main() async -> Int32 {
    let manager = PurchaseManager()
    do {
        try await manager.loadProducts()
        await manager.refresh()
        for product in manager.products {
            print("\(product.id)\t\(product.displayName)\t\(product.displayPrice)")
        }
        if CommandLine.arguments.count > 1 {
            let id = CommandLine.arguments[1]
            guard let product = manager.product(id) else {
                FileHandle.standardError.write(Data("purchase-demo: no product \(id) in the store\n".utf8))
                return 64
            }
            let bought = try await manager.buy(product)
            print(
                bought
                    ? "bought \(id)"
                    : "not bought: \(manager.awaitingApproval.contains(id) ? "waiting for approval" : "cancelled")"
            )
        }
        print("entitled: \(manager.entitlements.sorted().joined(separator: ", "))")
        print("credits: \(manager.credits)")
        return 0
    } catch {
        FileHandle.standardError.write(Data("purchase-demo: \(error.localizedDescription)\n".utf8))
        return 1
    }
}

exit(await main())
