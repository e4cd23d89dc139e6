import Foundation
import StoreCore

/// The operations on the store as a whole: accounts, settings, simulated errors, the clock.
extension StagedAction {
    mutating func addAccount(_ new: StoreAccount) throws(StoreError) {
        let name = AccountName(new.name.rawValue.trimmingCharacters(in: .whitespaces))
        guard !name.rawValue.isEmpty, name.rawValue.count <= 64 else {
            throw StoreError.invalidArgument("an account name needs 1 to 64 characters, got '\(new.name)'")
        }
        guard Storefront(alpha3: new.storefront) != nil else {
            throw StoreError.invalidArgument(
                "unknown storefront '\(new.storefront)': use an ISO 3166-1 alpha-3 code such as USA, GBR, JPN"
            )
        }
        var new = new
        new.name = name
        new.storefront = new.storefront.uppercased()
        if var existing = account(name) {
            existing.account = new
            put(existing)
        } else {
            put(AccountRecord.new(new, at: now))
        }
        announce(.event(account: nil, .stateChanged))
    }

    /// Everything back to the catalog's defaults: every account stays (and `active`, the one
    /// acting, whatever happens), with no purchases; the clock restarts at the wall clock.
    mutating func resetToDefaultState(keeping active: AccountName, wall: Date) {
        let catalog = products.catalog
        let accounts = Set(base.allAccounts().map(\.account.name)).union([active]).compactMap(account)
        var meta = self.meta
        meta.settings = catalog.defaultSettings
        meta.simulatedErrors = StoreMeta.codes(catalog.defaultSimulatedErrors)
        meta.clock = VirtualClock(
            start: wall, wall: wall, rate: catalog.defaultSettings.timeRate, isFrozen: meta.clock.isFrozen)
        wipe()
        setMeta(meta)
        for record in accounts { put(AccountRecord.new(record.account, at: now)) }
        announce(.event(account: nil, .stateChanged))
    }

    /// A purchase made outside the app (Xcode's "+", `SKTestSession.buyProduct`): completed at
    /// once, unless Ask to Buy holds it for approval, as it holds every purchase of the account
    /// (then the answer is the provisional transaction the approval completes).
    mutating func buyOffDevice(
        _ productID: String, options: [PurchaseOption], account: AccountName,
        checker: (any OfferSignatureChecking)?
    ) throws(StoreError) -> (transaction: Transaction, pendingApproval: Bool) {
        let request = try PurchaseRequest(productID: productID, options: options)
        let (id, pendingApproval) =
            switch try purchase(request, account: account, origin: .offDevice, checker: checker) {
            case .purchased(let id): (id, false)
            case .pending(let id): (id, true)
            }
        guard let stored = transaction(id) else {
            throw StoreError.backend("the off-device purchase's transaction \(id) was not stored")
        }
        return (stored.transaction, pendingApproval)
    }

    /// Moves the clock forward; what comes due runs when the store catches up after the commit.
    /// The journal's line says how far and to when ("Clock advanced 30 days to 2027-02-06 10:00").
    mutating func advanceClock(by interval: TimeInterval, wall: () -> Date) throws(StoreError) -> JournalWords
    {
        guard interval >= 0, interval.isFinite else {
            throw StoreError.invalidArgument(
                "the clock only moves forward: \(interval) seconds is not allowed")
        }
        let latest = signer.latestSigningDate
        guard interval <= latest.timeIntervalSince(now) else {
            let room = max(0, latest.timeIntervalSince(now))
            throw StoreError.invalidArgument(
                "advancing \(interval) seconds would pass \(latest.formatted(.iso8601)), the last date this "
                    + "store's certificate authority can sign; advance at most \(Int64(room)) seconds")
        }
        let target = now.addingTimeInterval(interval)
        var meta = self.meta
        meta.clock.advance(by: interval, wall: wall())
        setMeta(meta)
        return JournalWords(StoreOperation.advanceClock(seconds: interval).outcome(.clock(target)))
    }

    /// Moves the clock to the chain's `count`-th next event in one advance. Where that is, and
    /// whether the store can sign that far, is found first on a copy of this action that is
    /// dropped, so a refused advance moves nothing (issue 22). Nil when nothing more will happen
    /// in the group without a tester's action: the clock stays.
    mutating func advanceClock(periods count: Int, groupID: String, account: AccountName, wall: () -> Date)
        throws(StoreError) -> JournalWords?
    {
        guard (1...StoreOperation.maximumPeriods).contains(count) else {
            throw StoreError.invalidArgument(
                "advance by 1 to \(StoreOperation.maximumPeriods) periods at a time, not \(count)")
        }
        let key = SubscriptionChain.Key(account: account, groupID: groupID)
        guard chain(key) != nil else {
            throw StoreError.invalidAction("account '\(account)' has no subscription in group \(groupID)")
        }
        var projection = self
        let dues = try projection.dueDates(of: key, count: count)
        guard let target = dues.last else { return nil }
        let latest = signer.latestSigningDate
        guard target <= latest else {
            throw StoreError.invalidArgument(
                "advancing \(count) periods of group \(groupID) would reach \(target.formatted(.iso8601)), past "
                    + "\(latest.formatted(.iso8601)), the last date this store's certificate authority can sign; "
                    + "advance at most \(dues.prefix { $0 <= latest }.count) periods")
        }
        return try advanceClock(by: max(0, target.timeIntervalSince(now)), wall: wall)
    }

    mutating func apply(_ setting: StoreSetting, account: AccountName, wall: () -> Date) throws(StoreError) {
        if case .storefront(let code) = setting, Storefront(alpha3: code) == nil {
            throw StoreError.invalidArgument(
                "unknown storefront '\(code)': use an ISO 3166-1 alpha-3 code such as USA, GBR, JPN")
        }
        if case .billingGracePeriodDays(let days) = setting, !StoreSettings.gracePeriodChoices.contains(days)
        {
            throw StoreError.invalidArgument(
                "a billing grace period lasts 3, 16 or 28 days (App Store Connect's choices), not \(days)")
        }
        var meta = self.meta
        meta.settings = meta.settings.applying(setting)
        switch setting {
        case .timeRate(let rate): meta.clock.setRate(rate, wall: wall())
        case .storefront(let code):
            meta.settings.storefront = code.uppercased()
            if var record = self.account(account) {
                record.account.storefront = code.uppercased()
                put(record)
            }
        // A value of `settings` alone, set by `applying` above.
        case .locale, .askToBuy, .billingRetryOnRenewal, .billingGracePeriod, .interruptedPurchases,
            .disableDialogs, .billingGracePeriodDays, .includeFinishedConsumables:
            break
        }
        setMeta(meta)
        announce(.event(account: nil, .stateChanged))
    }

    mutating func setSimulatedError(_ failure: SimulatedFailure?, for api: FailableAPI) throws(StoreError) {
        if let failure, !api.accepts(failure) {
            throw StoreError.invalidArgument("\(api.rawValue) cannot fail with \(failure)")
        }
        var meta = self.meta
        meta.simulatedErrors[api.key] = failure?.code
        setMeta(meta)
        announce(.event(account: nil, .stateChanged))
    }
}
