import Foundation
import StoreCore

// Ask to Buy requests are state, read from the store: the account's records in
// `.pendingApproval`. Banners scroll away and an account switch clears them; the records do
// not, so the waiting banner and the plan's "Waiting for approval" mark stay until a parent
// answers, however many banners come after and whichever account was visited meanwhile.

extension AppState {
    /// The signed-in account's Ask to Buy requests waiting for a parent, oldest first, from
    /// the last read of the store.
    public var awaitingApproval: [TransactionRecord] {
        store.records.filter { $0.state == .pendingApproval }
            .sorted {
                $0.transaction.unsafePayloadValue.purchaseDate
                    < $1.transaction.unsafePayloadValue.purchaseDate
            }
    }

    /// Product IDs waiting for Ask to Buy approval, oldest request first, each once.
    public var pendingProductIDs: [String] {
        var seen = Set<String>()
        return awaitingApproval.map(\.transaction.unsafePayloadValue.productID).filter {
            seen.insert($0).inserted
        }
    }

    /// Every banner the screen may show: the Ask to Buy requests' first, then the notices.
    public var banners: [Notice] { awaitingApprovalNotices + notices }

    /// One banner for each product waiting for approval: drawn from the state, never posted,
    /// so nothing but the parent's answer removes it.
    var awaitingApprovalNotices: [Notice] {
        pendingProductIDs.map { productID in
            Notice(
                .pending,
                content.strings.format(.awaitingApproval, ["product": store.name(of: productID)]))
        }
    }
}

/// A parent's answer to an Ask to Buy request, seen by comparing two reads of one account: a
/// request that was waiting is now purchased (approved) or declined. Comparing reads rather
/// than waiting for the `updates` transaction or the decline event means the banner appears
/// once, whichever of the stream and the reload arrives first.
struct AskToBuyAnswer: Hashable {
    var productID: String
    var approved: Bool

    /// The answers between an earlier read and a later one; none across an account switch
    /// (the other account's requests are not this one's answers) or for a request no longer
    /// listed (deleted, or older than the records read).
    static func between(_ earlier: StoreSnapshot, _ later: StoreSnapshot) -> [AskToBuyAnswer] {
        guard earlier.account == later.account else { return [] }
        let now = Dictionary(later.records.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        return earlier.records.filter { $0.state == .pendingApproval }.compactMap { record in
            guard let state = now[record.id], state != .pendingApproval else { return nil }
            let productID = record.transaction.unsafePayloadValue.productID
            return AskToBuyAnswer(productID: productID, approved: state != .declined)
        }
    }

    /// The banner that tells the customer.
    func notice(in snapshot: StoreSnapshot, _ strings: PaywallStrings) -> Notice {
        let name = snapshot.name(of: productID)
        return approved
            ? Notice(.success, strings.format(.askToBuyApproved, ["product": name]))
            : Notice(.error, strings.format(.askToBuyDeclined, ["product": name]))
    }
}
