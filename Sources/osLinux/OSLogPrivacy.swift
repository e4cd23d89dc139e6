/// Apple's `struct OSLogPrivacy`: accepted, as Apple's code writes it, and not applied: Xcode's
/// console shows every value under the debugger, and so does standard error.
public struct OSLogPrivacy: Equatable, Sendable {
    let name: String
    public static let auto = OSLogPrivacy(name: "auto")
    public static let `public` = OSLogPrivacy(name: "public")
    public static let `private` = OSLogPrivacy(name: "private")
    public static let sensitive = OSLogPrivacy(name: "sensitive")

    /// Apple's `OSLogPrivacy.Mask`.
    public struct Mask: Equatable, Sendable {
        let name: String
        public static let hash = Mask(name: "hash")
        public static let none = Mask(name: "none")
    }

    public static func auto(mask: Mask) -> OSLogPrivacy { .auto }
    public static func `private`(mask: Mask) -> OSLogPrivacy { .private }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { .sensitive }
}
