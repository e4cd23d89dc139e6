/// What kind of client acted on the store, for the QA journal. Encodes as the word the journal
/// has always held, so ledgers, the wire header and JSON output read as they did as text.
public enum JournalSource: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The terminal paywall.
    case paywall
    /// A `kiosk` command other than the paywall.
    case cli
    /// A server request that named no source Kiosk knows.
    case wire
    /// A call that carried no context (a developer's own code on the store).
    case app
    /// The store's own work: renewals and other events coming due on its timer.
    case store
    /// KioskStoreKit: a developer's purchase code or an `SKTestSession`.
    case storekit

    /// A source as text came: a word Kiosk does not know (a header from another client, a line
    /// a server journaled before sources were a type) is the wire's, as a request naming none is.
    public init(text: String) { self = Self(rawValue: text) ?? .wire }

    public var description: String { rawValue }
}
