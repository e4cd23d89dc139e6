import RevenueCat
import StoreKit

public final class Paywall {
    public init() {}
    public func offerings() async throws -> [String] {
        try await Purchases.shared.offerings().all.keys.sorted()
    }
}
