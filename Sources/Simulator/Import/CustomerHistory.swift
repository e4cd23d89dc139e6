import Foundation
import Signing
import StoreCore

/// One customer's purchases as Apple's servers signed them, read from files, verified against
/// a root the user named (or, when asked, not verified) and checked for contradictions: the
/// input of `kiosk state import-history` (docs/qa.md, "Reproduce a customer's ticket").
public struct CustomerHistory: Sendable {
    public struct Located<Value: Sendable>: Sendable {
        public var value: Value
        public var location: HistorySourceLocation
    }

    /// The transactions, oldest purchase first, one per transaction ID (the newest signed copy).
    public private(set) var transactions: [Located<Transaction>] = []
    /// The newest renewal info of each subscription, by original transaction ID.
    public private(set) var renewals: [UInt64: Located<RenewalInfo>] = [:]
    public private(set) var bundleID: String?
    public private(set) var environment: AppStoreEnvironment?
    /// The newest `signedDate` of anything read: the store clock's default.
    public private(set) var newestSignedDate: Date?
    /// Whether the signatures were checked (false: `--unverified`).
    public let isVerified: Bool
    /// Every JWS read, sorted: what makes two imports the same import.
    public private(set) var digest = ""
    /// Notifications that carry no transaction (TEST, summaries), skipped.
    public private(set) var skippedNotifications = 0

    private var firstIdentity: HistorySourceLocation?
    /// Where each transaction ID is in `transactions` while the files are read.
    private var indexByID: [UInt64: Int] = [:]

    /// Reads, verifies and checks `files`.
    /// - Parameter verifier: the trusted root's verifier; nil reads without checking signatures.
    /// - Throws: `HistoryImportError` at the file and line of the first thing refused.
    public static func read(files: [URL], verifier: JWSVerifier?) throws(HistoryImportError)
        -> CustomerHistory
    {
        var history = CustomerHistory(isVerified: verifier != nil)
        var seen: [String] = []
        // Unverified: a verifier that trusts nothing still decodes every payload.
        let verifier = verifier ?? JWSVerifier(trustedRoots: [])
        for file in files {
            for item in try SignedHistoryFile.read(file) {
                seen.append(item.jws)
                try history.take(item, verifier: verifier)
            }
        }
        guard !history.transactions.isEmpty else {
            throw HistoryImportError(
                "\(files.map(\.path).joined(separator: ", ")) hold no transaction: nothing to import")
        }
        history.transactions.sort {
            ($0.value.purchaseDate, $0.value.id) < ($1.value.purchaseDate, $1.value.id)
        }
        try history.checkConsistency()
        history.digest = Digest.sha256Hex(seen.sorted().joined(separator: "\n"))
        return history
    }

    private init(isVerified: Bool) { self.isVerified = isVerified }

    private mutating func take(_ item: SignedHistoryItem, verifier: JWSVerifier) throws(HistoryImportError) {
        switch item.kind {
        case .transaction:
            add(
                try decode(item.jws, as: Transaction.self, at: item.location, verifier: verifier),
                at: item.location)
        case .renewalInfo:
            add(
                try decode(item.jws, as: RenewalInfo.self, at: item.location, verifier: verifier),
                at: item.location)
        case .notification:
            let notification = try decode(
                item.jws, as: NotificationPayload.self, at: item.location, verifier: verifier)
            guard let data = notification.data, let signed = data.signedTransactionInfo else {
                skippedNotifications += 1
                return
            }
            try checkIdentity(bundleID: data.bundleID, environment: data.environment, at: item.location)
            add(
                try decode(signed, as: Transaction.self, at: item.location, verifier: verifier),
                at: item.location)
            if let renewal = data.signedRenewalInfo {
                add(
                    try decode(renewal, as: RenewalInfo.self, at: item.location, verifier: verifier),
                    at: item.location)
            }
            note(notification.signedDate)
            return
        }
    }

    private func decode<T: SignedPayload>(
        _ jws: String, as type: T.Type, at location: HistorySourceLocation, verifier: JWSVerifier
    ) throws(HistoryImportError) -> T {
        let result: VerificationResult<T>
        do { result = try verifier.verify(jws, as: T.self) } catch {
            throw HistoryImportError(
                "not a readable \(T.payloadTypeName) JWS (\(error)): was it cut short?", at: location)
        }
        switch result {
        case .verified(let value, _): return value
        case .unverified(let value, let error, _):
            guard isVerified else { return value }
            let advice: String
            if case .invalidSignature = error {
                advice =
                    "it was changed after it was signed: take it again from where it came (Apple's API, the log)"
            } else {
                advice = "name the root that signed it with --trust ROOT.cer, or import with --unverified"
            }
            throw HistoryImportError(
                "the \(T.payloadTypeName) does not verify against the trusted root (\(error)); \(advice)",
                at: location)
        }
    }

    private mutating func add(_ transaction: Transaction, at location: HistorySourceLocation) {
        note(transaction.signedDate)
        // Checked here so the message names the transaction's own line.
        if let index = indexByID[transaction.id] {
            if transactions[index].value.signedDate <= transaction.signedDate {
                transactions[index] = Located(value: transaction, location: location)
            }
        } else {
            indexByID[transaction.id] = transactions.count
            transactions.append(Located(value: transaction, location: location))
        }
        pendingIdentity.append((transaction.appBundleID, transaction.environment, location))
    }

    private mutating func add(_ renewal: RenewalInfo, at location: HistorySourceLocation) {
        note(renewal.signedDate)
        if let known = renewals[renewal.originalTransactionID], known.value.signedDate > renewal.signedDate {
            return
        }
        renewals[renewal.originalTransactionID] = Located(value: renewal, location: location)
        pendingIdentity.append((nil, renewal.environment, location))
    }

    private var pendingIdentity: [(String?, AppStoreEnvironment, HistorySourceLocation)] = []

    private mutating func note(_ date: Date) {
        if newestSignedDate.map({ date > $0 }) ?? true { newestSignedDate = date }
    }

    private mutating func checkIdentity(
        bundleID: String?, environment: AppStoreEnvironment, at location: HistorySourceLocation
    )
        throws(HistoryImportError)
    {
        if let bundleID {
            if let known = self.bundleID, known != bundleID {
                throw HistoryImportError(
                    "bundle ID \(bundleID) differs from \(known) (\(firstIdentity.map { "\($0)" } ?? "before")): "
                        + "one import is one app; import each app's files into its own state",
                    at: location)
            }
            self.bundleID = bundleID
        }
        if let known = self.environment, known != environment {
            throw HistoryImportError(
                "environment \(environment.rawValue) differs from \(known.rawValue) (\(firstIdentity.map { "\($0)" } ?? "before")): "
                    + "import Sandbox and Production data into separate states",
                at: location)
        }
        if self.environment == nil { firstIdentity = location }
        self.environment = environment
    }

    /// What one customer's history cannot hold: two apps or environments, two customers, a
    /// renewal before its purchase, two chains for one original transaction.
    private mutating func checkConsistency() throws(HistoryImportError) {
        for (bundleID, environment, location) in pendingIdentity {
            try checkIdentity(bundleID: bundleID, environment: environment, at: location)
        }
        pendingIdentity = []
        var customer: Located<Transaction>?
        var groups: [UInt64: Located<Transaction>] = [:]
        var originals: [String: Located<Transaction>] = [:]
        var byID: [UInt64: Transaction] = [:]
        for located in transactions { byID[located.value.id] = located.value }
        for located in transactions {
            let transaction = located.value
            if !transaction.appTransactionID.isEmpty {
                if let first = customer, first.value.appTransactionID != transaction.appTransactionID {
                    throw HistoryImportError(
                        "appTransactionId \(transaction.appTransactionID) differs from \(first.value.appTransactionID) "
                            + "(\(first.location)): these are two customers; import one customer's files at a time",
                        at: located.location)
                }
                customer = customer ?? located
            }
            if transaction.purchaseDate < transaction.originalPurchaseDate
                || byID[transaction.originalID].map({ transaction.purchaseDate < $0.purchaseDate }) ?? false
            {
                throw HistoryImportError(
                    "transaction \(transaction.id) was bought \(transaction.purchaseDate) but its original "
                        + "transaction \(transaction.originalID) later: a renewal cannot come before its purchase",
                    at: located.location)
            }
            guard let group = transaction.subscriptionGroupID, transaction.productType == .autoRenewable
            else { continue }
            if let first = groups[transaction.originalID], first.value.subscriptionGroupID != group {
                throw HistoryImportError(
                    "original transaction \(transaction.originalID) is in subscription group \(group) here and in "
                        + "\(first.value.subscriptionGroupID ?? "none") at \(first.location): one original ID is one chain",
                    at: located.location)
            }
            groups[transaction.originalID] = groups[transaction.originalID] ?? located
            if let other = originals[group], other.value.originalID != transaction.originalID {
                throw HistoryImportError(
                    "subscription group \(group) has two chains, original transactions \(other.value.originalID) "
                        + "(\(other.location)) and \(transaction.originalID): one customer has one chain per group",
                    at: located.location)
            }
            originals[group] = originals[group] ?? located
        }
        for (original, renewal) in renewals.sorted(by: { $0.key < $1.key }) where groups[original] == nil {
            throw HistoryImportError(
                "renewal info for original transaction \(original) comes with no transaction of that subscription: "
                    + "add the file with its transactions (Get Transaction History)",
                at: renewal.location)
        }
    }
}
