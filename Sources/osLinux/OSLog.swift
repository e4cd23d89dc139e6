/// Apple's `class OSLog` (`os_log_t`): a subsystem and category that `os_log`, `os_signpost`
/// and `Logger(_:)` write under.
public final class OSLog: Sendable {
    let subsystem: String
    let category: String
    let isEnabled: Bool

    /// Apple's `init(subsystem: String, category: String)`.
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
        isEnabled = true
    }

    /// Apple's `init(subsystem: String, category: OSLog.Category)`, e.g. `.pointsOfInterest`.
    public convenience init(subsystem: String, category: OSLog.Category) {
        self.init(subsystem: subsystem, category: category.rawValue)
    }

    private init(disabled: Void) {
        subsystem = ""
        category = ""
        isEnabled = false
    }

    /// Apple's `OSLog.default`: the shared log, written without a subsystem or category.
    public static let `default` = OSLog(subsystem: "", category: "")
    /// Apple's `OSLog.disabled`: a log that writes nothing.
    public static let disabled = OSLog(disabled: ())

    /// Apple's `signpostsEnabled`. Signposts are no-ops on Linux, so this says whether they
    /// would be on Apple platforms: whenever the log is not disabled.
    public var signpostsEnabled: Bool { isEnabled }

    /// Apple's `isEnabled(type:)`: every level is written, unless the log is disabled.
    public func isEnabled(type: OSLogType) -> Bool { isEnabled }

    /// Apple's `OSLog.Category`: the categories with a meaning of their own in Instruments.
    public struct Category: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Signposts Instruments shows in its Points of Interest track.
        public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
        public static let dynamicTracing = Category(rawValue: "DynamicTracing")
        public static let dynamicStackTracing = Category(rawValue: "DynamicStackTracing")
    }
}
