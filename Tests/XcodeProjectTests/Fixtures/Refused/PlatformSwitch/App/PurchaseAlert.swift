#if os(macOS)
    import AppKit
#else
    import UIKit
#endif
import StoreKit

/// The alert a failed purchase shows, on each platform the app ships: the `#else` is what
/// Linux compiles, so its UIKit is what stops this file there.
enum PurchaseAlert {
    static func title(for result: Product.PurchaseResult) -> String {
        switch result {
        case .success: "Thank you"
        case .pending: "Waiting for approval"
        case .userCancelled: "Cancelled"
        @unknown default: "Something went wrong"
        }
    }
}
