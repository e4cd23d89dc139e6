import Foundation
import Signing
import StoreCore

/// What an import made: the save point that holds it and what went in.
public struct HistoryImportResult: Sendable, Hashable {
    public var account: AccountName
    public var transactions: Int
    public var subscriptions: Int
    public var storeTime: Date
    public var bundleID: String
    public var environment: AppStoreEnvironment
}

/// Turns a customer's history (`CustomerHistory`) into a save point of a state directory: one
/// account holding the customer's transactions with their own IDs and dates, each subscription's
/// chain with its renewal info, and the store clock at the chosen date. Written through the
/// engine's own commit (a new ledger beside the save point, copied with SQLite's backup), so the
/// state is one the store opens as any other: renewals come due, refunds revoke.
public enum HistoryImport {
    /// The journal session of an import's line.
    public static let journalSession = "import-history"
    /// What an import's journal line says when its signatures were not checked.
    public static let unverifiedWords = "UNVERIFIED: signatures were not checked (--unverified)"

    /// The line of an unverified import that brought in `transactionID`, if one did.
    public static func unverifiedImport(of transactionID: UInt64, in journal: [JournalEntry]) -> JournalEntry?
    {
        journal.last {
            $0.session == journalSession && $0.result.contains(unverifiedWords)
                && $0.transactionIDs.contains(transactionID)
        }
    }

    /// The save point fact that tells a repeated import (the same JWS, the same options).
    public static let digestFact = "historyDigest"

    /// Writes the save point `savePoint` of the state directory `state`.
    /// - Parameters:
    ///   - catalogName: the catalog's file, for messages naming a product it lacks.
    ///   - account: the account's name (nil: the `appAccountToken`, else `customer-ORIGINAL_ID`).
    ///   - at: the store clock (nil: the newest `signedDate` read).
    /// - Throws: `HistoryImportError` naming the transaction, product or date refused; nothing is
    ///   written then.
    public static func writeSavePoint(
        _ history: CustomerHistory, catalog: any ProductCatalog, catalogName: String, account: AccountName?,
        at date: Date?, state: URL, savePoint: URL, wallTime: Date = Date()
    ) throws(HistoryImportError) -> HistoryImportResult {
        let name = account ?? defaultAccountName(history)
        guard (1...64).contains(name.rawValue.count) else {
            throw HistoryImportError("--account '\(name)' must be 1 to 64 characters")
        }
        let storeTime = date ?? history.newestSignedDate ?? wallTime
        let settings = catalog.defaultSettings
        let products = ProductIndex(catalog: catalog, locale: settings.locale)
        try checkProducts(
            history, products: products, storefront: settings.storefront, catalogName: catalogName)
        let authority: CertificateAuthority
        do {
            // A new state's authority is made to cover the history: what the store signs at
            // the customer's dates then verifies (an existing one is never replaced).
            let directory = StateDirectoryLayout(state).authority.path
            // Unreadable counts as new: `open` then creates it or names the file it cannot read.
            let isNew = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).isEmpty
            authority = try CertificateAuthority.open(
                directory: directory, now: isNew ? min(storeTime, wallTime) : wallTime)
        } catch {
            throw HistoryImportError("cannot open the certificate authority of \(state.path): \(error)")
        }
        guard storeTime >= authority.intermediate.notBefore else {
            throw HistoryImportError(
                "the store clock \(storeTime) (--at, else the newest signedDate) is before \(state.path)'s "
                    + "certificate authority was made (\(authority.intermediate.notBefore)): what is signed then "
                    + "would not verify; give a later --at, or import into a new --state DIR (its authority is made to cover the history)"
            )
        }
        let identity = identity(of: history)
        let meta = StoreMeta(
            settings: settings, simulatedErrors: StoreMeta.codes(catalog.defaultSimulatedErrors),
            clock: VirtualClock(start: storeTime, wall: wallTime, rate: settings.timeRate, isFrozen: false),
            nextTransactionID: nextTransactionID(after: history), nextNotificationSequence: 0,
            identity: identity)
        // The ledger the import is built in lives outside the state: a killed import leaves
        // nothing in it (the save point itself is written beside its place and renamed in).
        let ledgerPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-import-\(getpid())-\(UUID().uuidString).sqlite"
        ).path
        defer { SavePoints.removeCopy(ledgerPath) }
        let signer: CoveringSigner
        do { signer = try CoveringSigner(authority: authority) } catch {
            throw HistoryImportError("cannot sign with the certificate authority of \(state.path): \(error)")
        }
        do throws(StoreError) {
            let files = try SavePoints.files(of: state)
            try SavePoints.createDirectory(savePoint.deletingLastPathComponent())
            var action = StagedAction(
                base: StoreState(meta: meta), signer: signer, products: products, now: storeTime)
            let chains = try stage(history, account: name, meta: meta, wallTime: wallTime, into: &action)
            let changes = try CommitPipeline.sealed(action)
            do throws(LedgerError) {
                SavePoints.removeCopy(ledgerPath)
                let ledger = try Ledger(path: ledgerPath)
                try ledger.commit(changes)
                try ledger.markDueIndexBuilt()
                var facts = SavePoints.facts(storeTime: storeTime, wallTime: wallTime)
                facts[digestFact] = fingerprint(history, account: account, at: date)
                try ledger.save(to: savePoint.path, files: files, info: facts)
            } catch {
                throw StoreError(error)
            }
            return HistoryImportResult(
                account: name, transactions: history.transactions.count, subscriptions: chains,
                storeTime: storeTime, bundleID: identity.bundleID, environment: identity.environment)
        } catch {
            throw HistoryImportError("cannot write \(savePoint.path): \(error)")
        }
    }

    /// Stages the customer into `action` (whose store time is the import's clock): `meta` as
    /// the store's, the account, its transactions, its chains and the journal's line.
    /// - Returns: the number of subscription chains.
    static func stage(
        _ history: CustomerHistory, account: AccountName, meta: StoreMeta, wallTime: Date,
        into action: inout StagedAction
    ) throws(StoreError) -> Int {
        action.setMeta(meta)
        let chains = try HistoryImportState(history: history, account: account, action: action).write(
            into: &action)
        action.journal(
            journalLine(history, account: account, chains: chains, storeTime: action.now, wallTime: wallTime))
        return chains
    }

    /// The identity the history was signed for (the default's parts it does not say).
    public static func identity(of history: CustomerHistory) -> AppIdentity {
        AppIdentity(
            bundleID: history.bundleID ?? AppIdentity().bundleID,
            environment: history.environment ?? AppIdentity().environment)
    }

    /// The first transaction ID the store may give after the history's.
    static func nextTransactionID(after history: CustomerHistory) -> UInt64 {
        max(2_000_000_000_000_001, (history.transactions.map(\.value.id).max() ?? 0) + 1)
    }

    /// What makes two imports the same: the JWS read and the options that shape the state.
    public static func fingerprint(_ history: CustomerHistory, account: AccountName?, at date: Date?)
        -> String
    {
        Digest.sha256Hex(
            [
                history.digest, (account ?? defaultAccountName(history)).rawValue,
                date.map { String($0.timeIntervalSince1970) } ?? "newest",
                history.isVerified ? "verified" : "unverified",
            ].joined(separator: "\n"))
    }

    /// Whether the state's ledger holds every transaction of `history` (an import loaded, and not
    /// replaced since), read without opening the store.
    public static func holds(_ history: CustomerHistory, state: URL) -> Bool {
        // A ledger that cannot be read does not hold the import: loading it again says why.
        guard let reader = try? LedgerReader(stateDirectory: state) else { return false }
        return history.transactions.allSatisfy { located in
            ((try? reader.signature(of: located.value.id)) ?? nil) != nil
        }
    }

    /// The digest a save point made by an import records (nil: not made by one).
    public static func digest(ofSavePoint file: URL) -> String? {
        // An unreadable or foreign file is simply not a repeat of this import.
        (try? SavePoints.info(of: file.path))?[digestFact]
    }

    public static func defaultAccountName(_ history: CustomerHistory) -> AccountName {
        if let token = history.transactions.lazy.compactMap(\.value.appAccountToken).first {
            return AccountName(token.uuidString.lowercased())
        }
        return AccountName(
            "customer-\(history.transactions.first.map { String($0.value.originalID) } ?? "0")")
    }

    /// Every product must be the catalog's, of the same type and group, as Xcode would sell it.
    /// Refuses a history whose products `catalog` does not sell as the transactions say, before
    /// anything is written.
    public static func check(
        _ history: CustomerHistory, against catalog: any ProductCatalog, catalogName: String
    ) throws(HistoryImportError) {
        let settings = catalog.defaultSettings
        try checkProducts(
            history, products: ProductIndex(catalog: catalog, locale: settings.locale),
            storefront: settings.storefront, catalogName: catalogName)
    }

    static func checkProducts(
        _ history: CustomerHistory, products: ProductIndex, storefront: String, catalogName: String
    ) throws(HistoryImportError) {
        for located in history.transactions {
            let transaction = located.value
            guard
                let product = products.product(
                    transaction.productID, storefront: transaction.storefront.countryCode)
                    ?? products.product(transaction.productID, storefront: storefront)
            else {
                throw HistoryImportError(
                    "product \(transaction.productID) (transaction \(transaction.id)) is not in \(catalogName): "
                        + "import with the app's own .storekit file (--catalog FILE), or add it from the transactions with --add-missing-products",
                    at: located.location)
            }
            guard product.type == transaction.productType else {
                throw HistoryImportError(
                    "product \(transaction.productID) is \(transaction.productType) here but \(product.type) in "
                        + "\(catalogName): use the catalog the app sold it from", at: located.location)
            }
            if let group = transaction.subscriptionGroupID, let catalogGroup = product.subscription?.groupID,
                group != catalogGroup
            {
                throw HistoryImportError(
                    "product \(transaction.productID) is in subscription group \(group) here but \(catalogGroup) in "
                        + "\(catalogName): give the group the same ID in the catalog", at: located.location)
            }
        }
    }

    private static func journalLine(
        _ history: CustomerHistory, account: AccountName, chains: Int, storeTime: Date, wallTime: Date
    ) -> JournalEntry {
        let trust =
            history.isVerified
            ? "signatures verified against the trusted root"
            : unverifiedWords
        return JournalEntry(
            wallTime: wallTime, storeTime: storeTime, session: journalSession, source: .cli,
            account: account,
            action: "Importing a customer's history (\(history.transactions.count) transactions)",
            result:
                "imported \(history.transactions.count) transactions and \(chains) subscription\(chains == 1 ? "" : "s"); \(trust)",
            transactionIDs: history.transactions.map(\.value.id).sorted())
    }
}
