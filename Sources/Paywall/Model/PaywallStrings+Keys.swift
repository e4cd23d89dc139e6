import TerminalUI

extension PaywallStrings {
    /// The key words the paywall's own hints use ("? help · q quit", "y accept · n decline"),
    /// by their English text in the key maps: the maps stay one table for every language (and
    /// `docs/keys.md`), and a hint is translated where it is drawn.
    static let keyWords: [String: Word] = [
        "help": .keyHelp, "quit": .keyQuit, "accept": .keyAccept, "decline": .keyDecline,
        "redeem": .keyRedeem, "cancel": .keyCancel, "choose": .keyChoose, "close": .keyClose,
        "scroll": .keyScroll, "confirm": .keyConfirm,
    ]

    /// `map` with its hints, and the descriptions that are a single key word, in this language;
    /// longer descriptions (the full help list) stay English.
    public func localized<Action>(_ map: KeyMap<Action>) -> KeyMap<Action> {
        var map = map
        for index in map.bindings.indices {
            if let word = Self.keyWords[map.bindings[index].description] {
                map.bindings[index].description = self[word]
            }
            if let hint = map.bindings[index].hint, let word = Self.keyWords[hint] {
                map.bindings[index].hint = self[word]
            }
        }
        return map
    }
}
