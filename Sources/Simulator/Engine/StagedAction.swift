import Foundation
import Signing
import StoreCore

/// One store action in progress: reads see the committed state with this action's staged
/// changes on top; nothing is visible to anyone else until the ledger commits it.
struct StagedAction {
    let base: StoreState
    let signer: any PayloadSigner
    let products: ProductIndex
    /// Store time of the action.
    let now: Date
    private(set) var changes = Changeset()
    /// What to announce once the action is committed.
    private(set) var announcements: [Announcement] = []

    init(base: StoreState, signer: any PayloadSigner, products: ProductIndex, now: Date) {
        self.base = base
        self.signer = signer
        self.products = products
        self.now = now
    }

    // MARK: Reading

    var meta: StoreMeta { changes.meta ?? base.meta }
    var settings: StoreSettings { meta.settings }
    var identity: AppIdentity { meta.identity }

    func account(_ name: AccountName) -> AccountRecord? { changes.accounts[name] ?? base.account(name) }

    /// The account, or `accountNotFound`.
    func requireAccount(_ name: AccountName) throws(StoreError) -> AccountRecord {
        guard let record = account(name) else { throw StoreError.accountNotFound(name) }
        return record
    }

    /// A product priced for the account's storefront.
    func product(_ id: String, for account: AccountName) throws(StoreError) -> Product {
        guard let product = productIfSold(id, for: account) else { throw StoreError.productNotFound(id) }
        return product
    }

    /// The product priced for the account's storefront, or nil when it is not in the catalog
    /// (left it since it was bought: a renewal then expires, a purchase is shared with no one).
    func productIfSold(_ id: String, for account: AccountName) -> Product? {
        products.product(id, storefront: self.account(account)?.account.storefront ?? settings.storefront)
    }

    func storefront(of account: AccountName) -> Storefront {
        Storefront(alpha3: self.account(account)?.account.storefront ?? settings.storefront) ?? .unitedStates
    }

    func transaction(_ id: UInt64) -> StoredTransaction? { changes.transactions[id] ?? base.transaction(id) }

    /// The account's transactions, oldest first, staged ones included.
    func transactions(of account: AccountName) -> [StoredTransaction] {
        let committed = changes.wipe ? [] : base.transactions(of: account)
        var result = committed.map { changes.transactions[$0.id] ?? $0 }
        let known = Set(committed.map(\.id))
        result += changes.transactions.values.filter { $0.account == account && !known.contains($0.id) }
            .sorted { $0.id < $1.id }
        return result
    }

    func chain(_ key: SubscriptionChain.Key) -> SubscriptionChain? {
        if let staged = changes.chains[key] { return staged }
        if changes.removedChains.contains(key) { return nil }
        return base.chain(key)
    }

    /// Every chain, staged ones included (reads every key in the ledger: for rare actions).
    var allChainKeys: Set<SubscriptionChain.Key> {
        Set(base.allChainKeys()).union(changes.chains.keys).subtracting(changes.removedChains)
    }

    /// The account's chains, staged ones included.
    func chainKeys(of account: AccountName) -> [SubscriptionChain.Key] {
        Set(base.chains(of: account).map(\.key)).union(changes.chains.keys.filter { $0.account == account })
            .subtracting(changes.removedChains).sorted { $0.groupID < $1.groupID }
    }

    // MARK: Writing

    mutating func setMeta(_ meta: StoreMeta) { changes.meta = meta }

    mutating func put(_ record: AccountRecord) { changes.accounts[record.account.name] = record }

    mutating func put(_ chain: SubscriptionChain) {
        changes.chains[chain.key] = chain
        changes.removedChains.remove(chain.key)
    }

    mutating func removeChain(_ key: SubscriptionChain.Key) {
        changes.chains[key] = nil
        changes.removedChains.insert(key)
    }

    /// Stores a transaction. A visible transaction is (re)signed with `signedDate` now: the
    /// signature is made just before the commit (`Changeset.signPending`), where all of an
    /// action's signatures are made together, on every core.
    mutating func put(_ stored: StoredTransaction) throws(StoreError) {
        var stored = stored
        if stored.phase == .delivered {
            stored.transaction.signedDate = now
            changes.unsigned[stored.id] = stored.transaction
        }
        changes.transactions[stored.id] = stored
    }

    /// Stores a transaction that comes with its own ID (an imported history): a new row, signed
    /// again with `signedDate` now, as `put` does.
    mutating func putImported(_ stored: StoredTransaction) throws(StoreError) {
        try put(stored)
        changes.newTransactionIDs.insert(stored.id)
    }

    /// Adds a line to the QA journal of this change.
    mutating func journal(_ entry: JournalEntry) { changes.journal.append(entry) }

    /// Stores a change that does not alter the signed payload (finished, deleted).
    mutating func putUnsigned(_ stored: StoredTransaction) { changes.transactions[stored.id] = stored }

    mutating func nextTransactionID() -> UInt64 {
        var meta = self.meta
        let id = meta.nextTransactionID
        meta.nextTransactionID += 1
        setMeta(meta)
        changes.newTransactionIDs.insert(id)
        return id
    }

    mutating func record(_ idempotency: IdempotencyRecord) { changes.idempotency.append(idempotency) }

    /// Asks for the subscription's due-event entry to be worked out again on commit.
    mutating func recheckDue(_ key: SubscriptionChain.Key) { changes.dueRechecks.insert(key) }

    mutating func record(_ massExtension: MassExtension) { changes.massExtensions.append(massExtension) }

    mutating func wipe() {
        changes = Changeset()
        changes.wipe = true
    }

    /// Records an App Store Server Notification V2 in the outbox, dated when the event
    /// happened (`date`, for renewals and expiries caught up later) or now, with its content
    /// as of that moment (`notificationContent`): call it once the event's changes are staged.
    mutating func notify(
        _ type: NotificationType, _ subtype: NotificationSubtype? = nil, account: AccountName,
        transaction: Transaction? = nil, productID: String? = nil, requestIdentifier: String? = nil,
        at date: Date? = nil
    ) {
        var meta = self.meta
        meta.nextNotificationSequence += 1
        setMeta(meta)
        changes.notificationContents[meta.nextNotificationSequence] = notificationContent(
            type, account: account, transaction: transaction, at: date ?? now)
        changes.notifications.append(
            OutboxNotification(
                id: NotificationID.make(
                    sequence: meta.nextNotificationSequence, prefix: meta.notificationIDPrefix),
                sequence: meta.nextNotificationSequence, account: account, type: type,
                subtype: subtype, transactionID: transaction?.id,
                originalTransactionID: transaction?.originalID,
                productID: transaction?.productID ?? productID,
                requestIdentifier: requestIdentifier, createdAt: date ?? now))
    }

    mutating func announce(_ announcement: Announcement) { announcements.append(announcement) }
}

/// Notification UUIDs: the store's prefix (`StoreMeta.notificationIDPrefix`), then its sequence
/// number, so they are unique without asking the kernel for randomness at every renewal
/// (UUID() does).
enum NotificationID {
    /// For ledgers from before stores kept a prefix of their own.
    private static let processPrefix = UInt64.random(in: .min ... .max)

    /// A store's prefix: from its seed when it has one (SplitMix64's mixing, so seeds 1 and 2
    /// do not give neighbouring UUIDs), else random.
    static func prefix(seed: UInt64?) -> UInt64 {
        guard let seed else { return UInt64.random(in: .min ... .max) }
        var z = seed &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func make(sequence: Int64, prefix storePrefix: UInt64? = nil) -> UUID {
        let prefix = storePrefix ?? processPrefix
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: prefix.bigEndian) { bytes.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: UInt64(bitPattern: sequence).bigEndian) {
            bytes.replaceSubrange(8..<16, with: $0)
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

/// What watchers hear after a commit: a transaction update for the app, or a store event.
enum Announcement {
    case update(account: AccountName, transactionID: UInt64)
    case event(account: AccountName?, StoreEvent)
}
