extension ServerToken {
    /// The fewest characters a token given by hand may have: 16 random characters are about
    /// 95 bits over hex, out of reach of guessing at any request rate a server can answer.
    public static let minimumLength = 16

    /// Why `token` is too weak to guard a store, or nil when it will do: at least
    /// `minimumLength` visible ASCII characters (it travels in an HTTP header), not one
    /// character repeated.
    public static func weakness(of token: String) -> String? {
        if token.count < minimumLength {
            return
                "is \(token.count) characters; use at least \(minimumLength) (kiosk serve makes a strong one "
                + "when --token is left out)"
        }
        if !token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) {
            return "must be visible ASCII characters without spaces (it travels in an Authorization header)"
        }
        if Set(token).count == 1 { return "repeats one character; use a random token" }
        return nil
    }
}
