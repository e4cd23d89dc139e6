import Foundation
import StoreKit

/// "Renews every 1 month", as purchase code often formats a period.
enum RenewalText {
    static func every(_ period: Product.SubscriptionPeriod) -> String {
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = .full
        var components = DateComponents()
        components.month = period.value
        return "Renews every " + (formatter.string(from: components) ?? "")
    }
}
