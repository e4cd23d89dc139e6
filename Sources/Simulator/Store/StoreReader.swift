import Foundation
import Signing
import StoreCore

/// The store's reads as StoreKit and the App Store Server API answer them: what the accounts
/// hold (`StoreHoldings`) with each transaction's JWS, read back from the ledger through the
/// cache of recent signatures, renewal info and app transactions signed on demand, and all of
/// it reported unverified while a Verification failure is simulated.
///
/// Made by the store for one read, on its executor. A row that cannot be read is left in the
/// state and thrown by `checkReads`: a failed read must not pass for an empty answer.
struct StoreReader {
    let holdings: StoreHoldings
    let ledger: Ledger
    let signer: any PayloadSigner
    let signatures: SignatureCache

    var state: StoreState { holdings.state }
    var now: Date { holdings.now }

    /// Throws the failure of a read the answer being built relied on, if one failed.
    func checkReads() throws(StoreError) {
        if let failure = state.takeFailure() { throw StoreError(failure) }
    }

    // MARK: Signed values

    /// The verification result an app would get for a stored transaction: its JWS from the
    /// ledger, reported unverified when a Verification failure is simulated.
    func result(for stored: StoredTransaction) throws(StoreError) -> VerificationResult<Transaction> {
        if let jws = signatures[stored.id] { return verdict(stored.transaction, jws: jws) }
        let jws: String
        do throws(LedgerError) {
            jws = try ledger.signature(of: stored.id) ?? ""
        } catch {
            throw StoreError(error)
        }
        signatures.remember([stored.id: jws])
        return verdict(stored.transaction, jws: jws)
    }

    /// What a stream hands the app for a transaction, which a stream cannot throw: its result,
    /// or, when its signature cannot be read back, the transaction marked unverified with the
    /// reason (left out, an unfinished transaction would never be finished), and the failure
    /// reported.
    func streamed(_ stored: StoredTransaction) -> VerificationResult<Transaction> {
        do {
            return try result(for: stored)
        } catch {
            SimulatedStore.problemReporter(
                "transaction \(stored.id) went to the app unverified: its signature could not be read (\(error))"
            )
            return .unverified(
                stored.transaction, .invalidEncoding(reason: "its signature could not be read: \(error)"),
                jws: "")
        }
    }

    func verdict<T>(_ value: T, jws: String) -> VerificationResult<T> {
        if case .verification(let error) = state.meta.failures[.verification] {
            return .unverified(value, error, jws: jws)
        }
        return .verified(value, jws: jws)
    }

    /// Signs renewal info (on demand: it changes with every request's `signedDate`).
    func signedRenewalInfo(for chain: SubscriptionChain) throws(StoreError) -> VerificationResult<RenewalInfo>
    {
        let info = holdings.renewalInfo(for: chain)
        do {
            return verdict(info, jws: try signer.sign(info))
        } catch {
            throw StoreError.backend("could not sign renewal info: \(error)")
        }
    }

    /// A stored transaction and its JWS from the ledger (signed now if it has none), as the
    /// App Store Server API hands it out; simulated device errors do not apply.
    func serverTransaction(_ stored: StoredTransaction) throws(StoreError) -> ServerTransaction {
        let recorded: String?
        do throws(LedgerError) {
            recorded = try ledger.signature(of: stored.id)
        } catch {
            throw StoreError(error)
        }
        let jws: String
        do {
            jws = try recorded ?? signer.sign(stored.transaction)
        } catch {
            throw StoreError.backend("could not sign transaction \(stored.id): \(error)")
        }
        return ServerTransaction(account: stored.account, transaction: stored.transaction, jws: jws)
    }

    /// The results of `transactions`, after checking that reading them failed nowhere.
    func results(_ transactions: [StoredTransaction]) throws(StoreError) -> [VerificationResult<Transaction>]
    {
        try checkReads()
        return try transactions.map { stored throws(StoreError) in try result(for: stored) }
    }

    // MARK: StoreKit's answers

    /// The first outcome of a key, after checking the request is the same one (else 422).
    func replay(_ record: IdempotencyRecord, for request: PurchaseRequest) throws(StoreError)
        -> PurchaseResult
    {
        try record.refuseReuse(for: request, earlier: record.transactionID.flatMap { state.transaction($0) })
        switch record.outcome {
        case .userCancelled: return .userCancelled
        case .pending:
            guard let id = record.transactionID else {
                throw StoreError.backend(
                    "idempotency record '\(record.key)' of a pending purchase has no transaction")
            }
            return .pending(transactionID: id)
        case .success:
            guard let id = record.transactionID, let stored = state.transaction(id) else {
                try checkReads()
                throw StoreError.backend("idempotency record points at a missing transaction")
            }
            return .success(try result(for: stored))
        }
    }

    /// The account's unfinished transactions, as `Transaction.unfinished` gives them.
    func unfinished(of account: AccountName) throws(StoreError) -> [VerificationResult<Transaction>] {
        try holdings.visibleTransactions(of: account).filter { !$0.isFinished }.map {
            stored throws(StoreError) in try result(for: stored)
        }
    }

    /// The latest transaction of the account's history for `productID`, as `Transaction.latest(for:)`.
    func latest(of account: AccountName, productID: String) throws(StoreError) -> VerificationResult<
        Transaction
    >? {
        let answer = try holdings.historyTransactions(of: account).last {
            $0.transaction.productID == productID
        }
        .map { stored throws(StoreError) in try result(for: stored) }
        try checkReads()
        return answer
    }

    /// The status of each subscription in `groupID` the account holds: its own and any a family
    /// member shares with it, each with its own original ID and renewal info (Family Sharing,
    /// docs/behaviour.md).
    func subscriptionStatuses(of account: AccountName, groupID: String) throws(StoreError)
        -> [SubscriptionStatus]
    {
        var statuses: [SubscriptionStatus] = []
        for chain in holdings.heldChains(of: account) where chain.key.groupID == groupID {
            guard let latest = state.transaction(chain.latestTransactionID) else { continue }
            statuses.append(
                SubscriptionStatus(
                    state: chain.state(at: now, latestRevoked: latest.transaction.isRevoked),
                    transaction: try result(for: latest), renewalInfo: try signedRenewalInfo(for: chain)))
        }
        return statuses
    }

    /// The account's app transaction, signed now.
    func appTransaction(of account: AccountName) throws(StoreError) -> VerificationResult<AppTransaction> {
        guard let record = state.account(account) else {
            try checkReads()
            throw StoreError.accountNotFound(account)
        }
        let identity = state.meta.identity
        let app = AppTransaction(
            appTransactionID: record.appTransactionID, appID: identity.appAppleID,
            bundleID: identity.bundleID,
            appVersion: identity.appVersion, originalAppVersion: identity.appVersion,
            originalPurchaseDate: record.createdAt, signedDate: now, environment: identity.environment
        )
        do {
            return verdict(app, jws: try signer.sign(app))
        } catch {
            throw StoreError.backend("could not sign the app transaction: \(error)")
        }
    }

    /// The account's newest `limit` records of the Transaction Manager, and how many it has:
    /// only those shown are made into records (each checks its signature and reads its
    /// subscription's state).
    func transactionRecords(of account: AccountName, limit: Int) throws(StoreError)
        -> (records: [TransactionRecord], count: Int)
    {
        let (page, count) = state.newestTransactions(of: account, limit: limit)
        try checkReads()
        var records: [TransactionRecord] = []
        records.reserveCapacity(page.count)
        for stored in page {
            let id = stored.id
            let transaction: VerificationResult<Transaction> =
                stored.isVisible
                ? try result(for: stored)
                : .unverified(
                    stored.transaction, .missingRequiredProperties(reason: "not completed yet"), jws: "")
            let chain = holdings.chain(of: stored.transaction, account: account)
            var pendingIncrease = false
            if case .pending = chain?.priceIncrease { pendingIncrease = true }
            records.append(
                TransactionRecord(
                    transaction: transaction, state: holdings.recordState(stored),
                    isFinished: stored.isFinished,
                    renewalInfo: chain.map(holdings.renewalInfo(for:)),
                    isPendingPriceIncreaseConsent: pendingIncrease,
                    refundRequest: state.account(account)?.refundRequests?.last { $0.transactionID == id }))
        }
        return (records, count)
    }

    // MARK: The App Store Server API's answers

    /// A completed transaction and its JWS, whoever owns it (nil: none, or not completed).
    func serverTransaction(id: UInt64) throws(StoreError) -> ServerTransaction? {
        guard let stored = state.transaction(id), stored.isVisible else {
            try checkReads()
            return nil
        }
        return try serverTransaction(stored)
    }

    /// The whole transaction history of `account`, oldest first (finished consumables only
    /// when the store includes them). A failed read must not pass for an empty history.
    func serverTransactions(of account: AccountName) throws(StoreError) -> [ServerTransaction] {
        let history = holdings.historyTransactions(of: account)
        try checkReads()
        return try history.map { stored throws(StoreError) in try serverTransaction(stored) }
    }

    /// The status of each subscription the account holds (its own and those shared with it
    /// through Family Sharing), by group.
    func serverStatuses(of account: AccountName) throws(StoreError) -> [ServerSubscriptionStatus] {
        var result: [ServerSubscriptionStatus] = []
        for chain in holdings.heldChains(of: account) {
            let key = chain.key
            guard let latest = state.transaction(chain.latestTransactionID) else { continue }
            let renewal: String
            do {
                renewal = try signer.sign(holdings.renewalInfo(for: chain))
            } catch {
                throw StoreError.backend("could not sign renewal info: \(error)")
            }
            result.append(
                ServerSubscriptionStatus(
                    groupID: key.groupID,
                    state: chain.state(at: now, latestRevoked: latest.transaction.isRevoked),
                    originalTransactionID: chain.originalTransactionID,
                    signedTransactionInfo: try serverTransaction(latest).jws, signedRenewalInfo: renewal))
        }
        return result.sorted { $0.groupID < $1.groupID }
    }

    // MARK: The update log

    /// How far behind a resuming listener may be; further, and it starts afresh.
    static let updateLogReplayLimit = 10_000

    /// What `account`'s update stream missed after `sequence` (its `Last-Event-ID`), oldest
    /// first, as the app gets it; nil when the listener cannot resume (no position, one the log
    /// does not know, or too far behind) and starts afresh.
    func updateBacklog(of account: AccountName, after sequence: Int64?) throws(StoreError) -> [LoggedUpdate]?
    {
        guard let sequence, sequence >= 0, sequence <= ledger.lastUpdateSequence else { return nil }
        let rows: [(sequence: Int64, transactionID: UInt64)]
        do throws(LedgerError) {
            rows = try ledger.updates(of: account, after: sequence, limit: Self.updateLogReplayLimit + 1)
        } catch {
            throw StoreError(error)
        }
        guard rows.count <= Self.updateLogReplayLimit else { return nil }
        return rows.compactMap { row in
            guard let stored = state.transaction(row.transactionID), stored.isVisible else { return nil }
            return LoggedUpdate(sequence: row.sequence, transaction: streamed(stored))
        }
    }
}
