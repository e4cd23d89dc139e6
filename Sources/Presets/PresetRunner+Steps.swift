import Foundation
import StoreCore

extension PresetRunner {
    /// Carries out one step as store calls.
    func run(_ step: PresetStep, in context: inout Context) async throws(PresetError) {
        let store = context.store
        switch step {
        case .set(let setting):
            _ = try await call("setting \(setting)") { () async throws(StoreError) in
                try await store.perform(.apply(setting))
            }
        case .account(let name, let familyID):
            let account = context.account(name)
            _ = try await call("adding account \(account)") { () async throws(StoreError) in
                let storefront = try await store.storefront().countryCode
                return try await store.perform(
                    .addAccount(StoreAccount(name: account, storefront: storefront, familyID: familyID)))
            }
        case .signIn(let name):
            let account = context.account(name)
            _ = try await call("signing in as \(account)") { () async throws(StoreError) in
                try await store.switchAccount(to: account)
            }
            context.actingFor = account
        case .buy(let role):
            let id = try context.product(role).id
            let request = StoreRequest.purchase(productID: id, options: [], confirmed: true)
            _ = try await call("buying \(id)") { () async throws(StoreError) in
                try await store.perform(request)
            }
        case .advance(let seconds):
            try await advance(by: seconds, store: store)
        case .advanceToExpiration(let role, let offset):
            let transaction = try await latest(role, "moving the clock to its expiration", context)
            guard let expiration = transaction.expirationDate else {
                throw PresetError.missingTransaction(
                    preset: preset.name, step: "moving the clock to \(transaction.productID)'s expiration")
            }
            try await advance(to: expiration.addingTimeInterval(offset), store: store)
        case .advanceToMidPeriod(let role):
            let transaction = try await latest(role, "moving the clock to mid-period", context)
            guard let expiration = transaction.expirationDate else {
                throw PresetError.missingTransaction(
                    preset: preset.name, step: "moving the clock to \(transaction.productID)'s mid-period")
            }
            let middle = transaction.purchaseDate.addingTimeInterval(
                expiration.timeIntervalSince(transaction.purchaseDate) / 2)
            try await advance(to: middle, store: store)
        case .cancelAutoRenew(let role):
            let transaction = try await latest(role, "turning auto-renew off", context)
            _ = try await call("turning auto-renew off") { () async throws(StoreError) in
                try await store.perform(.setAutoRenew(false, transactionID: transaction.id))
            }
        case .refundLatest(let role):
            let transaction = try await latest(role, "refunding", context)
            _ = try await call("refunding transaction \(transaction.id)") { () async throws(StoreError) in
                try await store.perform(
                    .refund(
                        transactionID: transaction.id, reason: .other, percentage: RefundRequest.fullRefund))
            }
        case .requestPriceIncrease(let role):
            let transaction = try await latest(role, "requesting a price increase", context)
            _ = try await call("requesting a price increase") { () async throws(StoreError) in
                try await store.perform(.requestPriceIncreaseConsent(transactionID: transaction.id))
            }
        }
    }

    /// The latest transaction of the role's product for the account acted for now.
    private func latest(_ role: PresetProduct, _ step: String, _ context: Context) async throws(PresetError)
        -> Transaction
    {
        let id = try context.product(role).id
        let store = context.store
        let latest = try await call("\(step): reading \(id)") { () async throws(StoreError) in
            try await store.latest(for: id)
        }
        guard let latest else {
            throw PresetError.missingTransaction(preset: preset.name, step: "\(step) \(id)")
        }
        return latest.unsafePayloadValue
    }

    private func advance(to date: Date, store: Backend) async throws(PresetError) {
        let now = try await call("reading the clock") { () async throws(StoreError) in try await store.now() }
        try await advance(by: date.timeIntervalSince(now), store: store)
    }

    private func advance(by seconds: TimeInterval, store: Backend) async throws(PresetError) {
        // Never backwards: a step whose date has passed (a fast time rate) leaves the clock alone.
        guard seconds > 0 else { return }
        _ = try await call("advancing the clock \(Int(seconds)) s") { () async throws(StoreError) in
            try await store.perform(.advanceClock(seconds: seconds))
        }
    }
}
