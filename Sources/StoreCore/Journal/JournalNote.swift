import Foundation

/// A line in the QA journal that changes nothing in the store: what a client saw or noticed.
/// Every note Kiosk writes is a case here; its words (`action`, `result`) are the journal's
/// and the wire's (`{"action": ..., "result": ...}`), and `init?(action:result:)` reads them
/// back, so a client that sends only the words (as every client did before the note was typed)
/// is understood.
public enum JournalNote: Sendable, Hashable {
    /// The paywall opened: where `kiosk report --session last` starts, so a shell step taken
    /// before the paywall's own first step is in its session.
    case paywallOpened
    /// The paywall quit (`q`): where `kiosk report --session last` ends.
    case paywallClosed
    /// The paywall's screen after a change made elsewhere redrew it (docs/qa.md).
    case paywallRedrawn(after: ObservedChange)
    /// A mistake KioskStoreKit saw the app's code make: its kind (`StoreKitMistake.Kind`'s raw
    /// value, a word of the module that knows them) and what it says.
    case storeKitMistake(kind: String, message: String)

    /// The line's action, in the journal's words.
    public var action: String {
        switch self {
        case .paywallOpened: "Paywall opened"
        case .paywallClosed: "Paywall closed"
        case .paywallRedrawn: "Paywall redrawn"
        case .storeKitMistake(let kind, _): Self.mistakePrefix + kind
        }
    }

    /// The line's result, in the journal's words.
    public var result: String {
        switch self {
        case .paywallOpened: "opened"
        case .paywallClosed: "quit"
        case .paywallRedrawn(let change): Self.redrawnPrefix + change.words
        case .storeKitMistake(_, let message): message
        }
    }

    /// The note these words are, or nil for words no Kiosk client writes.
    public init?(action: String, result: String) {
        switch action {
        case "Paywall opened" where result == "opened": self = .paywallOpened
        case "Paywall closed" where result == "quit": self = .paywallClosed
        case "Paywall redrawn":
            guard result.hasPrefix(Self.redrawnPrefix),
                let change = ObservedChange(words: String(result.dropFirst(Self.redrawnPrefix.count)))
            else { return nil }
            self = .paywallRedrawn(after: change)
        default:
            guard action.hasPrefix(Self.mistakePrefix), action.count > Self.mistakePrefix.count else {
                return nil
            }
            self = .storeKitMistake(kind: String(action.dropFirst(Self.mistakePrefix.count)), message: result)
        }
    }

    private static let redrawnPrefix = "after a change from elsewhere: "
    private static let mistakePrefix = "StoreKit mistake: "
}

/// A change made elsewhere that a watching client saw announced (a `StoreEvent`), in the words
/// of the journal's "Paywall redrawn" line.
public enum ObservedChange: Sendable, Hashable {
    /// A transaction changed: revoked, or otherwise updated.
    case transaction(id: UInt64, revoked: Bool)
    case askToBuyDeclined(transactionID: UInt64)
    case clockMoved
    case storeChanged
    case messageForTheApp

    /// "transaction 2000000000000001 revoked", "the clock moved".
    public var words: String {
        switch self {
        case .transaction(let id, let revoked): "transaction \(id) \(revoked ? "revoked" : "updated")"
        case .askToBuyDeclined(let id): "Ask to Buy declined for transaction \(id)"
        case .clockMoved: "the clock moved"
        case .storeChanged: "the store changed"
        case .messageForTheApp: "a message for the app"
        }
    }

    /// The change these words say, or nil for other words.
    public init?(words: String) {
        let parts = words.split(separator: " ", omittingEmptySubsequences: false)
        let isTransaction =
            parts.count == 3 && parts[0] == "transaction" && ["revoked", "updated"].contains(parts[2])
        switch words {
        case "the clock moved": self = .clockMoved
        case "the store changed": self = .storeChanged
        case "a message for the app": self = .messageForTheApp
        case _ where isTransaction:
            guard let id = UInt64(parts[1]) else { return nil }
            self = .transaction(id: id, revoked: parts[2] == "revoked")
        case _ where words.hasPrefix(Self.declinedPrefix):
            guard let id = UInt64(words.dropFirst(Self.declinedPrefix.count)) else { return nil }
            self = .askToBuyDeclined(transactionID: id)
        default: return nil
        }
    }

    private static let declinedPrefix = "Ask to Buy declined for transaction "
}
