import Foundation
import StoreCore

/// Applies a preset to a store: clears the store back to its catalog's defaults, moves the
/// clock to the next midnight (UTC) so every preset starts at the same time of day, then runs
/// the steps, each one store call. Works on every backend (the simulator, a shared state's
/// owner, `kiosk serve`), because it speaks only `Store` and `StoreControl`.
public struct PresetRunner: Sendable {
    public typealias Backend = any Store & StoreControl

    /// How far the work is: steps done of steps in all (the reset and the clock count as one).
    public typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void

    public let preset: Preset

    public init(_ preset: Preset) { self.preset = preset }

    /// Builds the preset's state on `store`, for the account the store acts for now, and leaves
    /// the store acting for that account.
    /// - Throws: `PresetError` naming the step that failed, or the product the catalog lacks.
    public func apply(to store: Backend, progress: Progress? = nil) async throws(PresetError) {
        // Each step is journaled as the preset's ("preset NAME" where the screen goes), so the
        // journal folds them under one line: the tester did one thing.
        let context =
            (JournalContext.current ?? JournalContext(session: JournalContext.newSessionID(), source: .app))
            .showing(Self.journalScreen(preset.name), picture: nil)
        let outcome: Result<Void, PresetError> = await JournalContext.$current.withValue(context) {
            do throws(PresetError) {
                return .success(try await applySteps(to: store, progress: progress))
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }

    /// The journal's screen for a preset's steps.
    public static func journalScreen(_ name: String) -> String { "preset \(name)" }

    private func applySteps(to store: Backend, progress: Progress?) async throws(PresetError) {
        let total = preset.steps.count + 1
        progress?(0, total)
        let subject = try await call("reading the account") { () async throws(StoreError) in
            try await store.currentAccount().name
        }
        let products = try await call("reading the products") { () async throws(StoreError) in
            try await store.allProducts()
        }
        // Find every product first, so a catalog that lacks one fails before anything changes.
        for step in preset.steps {
            if let role = step.product, role.resolve(in: products) == nil {
                throw PresetError.missingProduct(preset: preset.name, role: role)
            }
        }
        _ = try await call("resetting the store") { () async throws(StoreError) in
            try await store.perform(.resetToDefaultState)
        }
        let now = try await call("reading the clock") { () async throws(StoreError) in try await store.now() }
        let start = Self.nextMidnight(after: now)
        if start > now {
            _ = try await call("starting the clock at \(start)") { () async throws(StoreError) in
                try await store.perform(.advanceClock(seconds: start.timeIntervalSince(now)))
            }
        }
        progress?(1, total)
        var context = Context(store: store, subject: subject, products: products, preset: preset.name)
        for (index, step) in preset.steps.enumerated() {
            try await run(step, in: &context)
            // An app that is running finishes what it delivers (renewals arrive on updates).
            try await finishUnfinished(store)
            progress?(index + 2, total)
        }
        if context.actingFor != subject {
            _ = try await call("signing in as \(subject)") { () async throws(StoreError) in
                try await store.switchAccount(to: subject)
            }
        }
    }

    private func finishUnfinished(_ store: Backend) async throws(PresetError) {
        _ = try await call("finishing delivered transactions") { () async throws(StoreError) in
            for transaction in try await store.unfinished() {
                _ = try await store.perform(.finish(transactionID: transaction.unsafePayloadValue.id))
            }
        }
    }

    /// The first midnight (UTC) at or after `date`.
    public static func nextMidnight(after date: Date) -> Date {
        let day = PresetStep.day
        let seconds = date.timeIntervalSince1970
        let midnight = (seconds / day).rounded(.down) * day
        return Date(timeIntervalSince1970: midnight == seconds ? midnight : midnight + day)
    }

    struct Context {
        let store: Backend
        let subject: AccountName
        let products: [Product]
        /// The preset's name, for errors.
        let preset: String
        var actingFor: AccountName

        init(store: Backend, subject: AccountName, products: [Product], preset: String) {
            self.store = store
            self.subject = subject
            self.products = products
            self.preset = preset
            actingFor = subject
        }

        func account(_ name: AccountName) -> AccountName { name == PresetStep.subject ? subject : name }

        /// The catalog's product for `role` (every role was found before the store was reset, so
        /// the error is for a catalog that changed under the preset).
        func product(_ role: PresetProduct) throws(PresetError) -> Product {
            guard let product = role.resolve(in: products) else {
                throw PresetError.missingProduct(preset: preset, role: role)
            }
            return product
        }
    }

    /// Runs one store call, wrapping its failure with the preset and the step.
    func call<T>(_ step: String, _ body: () async throws(StoreError) -> T) async throws(PresetError) -> T {
        do {
            return try await body()
        } catch {
            throw PresetError.store(preset: preset.name, step: step, error)
        }
    }
}

extension PresetStep {
    /// The product the step needs, if any.
    var product: PresetProduct? {
        switch self {
        case .set, .account, .signIn, .advance: nil
        case .buy(let role), .advanceToExpiration(let role, _), .advanceToMidPeriod(let role),
            .cancelAutoRenew(let role), .refundLatest(let role), .requestPriceIncrease(let role):
            role
        }
    }
}
