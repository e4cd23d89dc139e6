import Foundation

// OSLog by its own name on Linux (issue 33): the few members purchase code uses, with Apple's
// declarations (developer.apple.com/documentation/os/logger). Messages go to standard error,
// as Xcode's console shows them while the app runs under the debugger: every value, whatever
// its `privacy:` (the unified log's redaction happens in the log store, which Linux has not).

/// Apple's `struct Logger`: writes messages of a subsystem and category.
public struct Logger: Sendable {
    let subsystem: String
    let category: String

    /// Apple's `init(subsystem: String, category: String)`.
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    /// Apple's `init()`: the default subsystem and category.
    public init() { self.init(subsystem: "", category: "") }

    /// Apple's `func log(level: OSLogType, _ message: OSLogMessage)`.
    public func log(level: OSLogType, _ message: OSLogMessage) {
        let origin = subsystem.isEmpty && category.isEmpty ? "" : "[\(subsystem):\(category)] "
        FileHandle.standardError.write(Data("\(origin)\(level.name): \(message.text)\n".utf8))
    }

    /// Apple's `func log(_ message: OSLogMessage)`, at the default level.
    public func log(_ message: OSLogMessage) { log(level: .default, message) }
    public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
    public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
    public func info(_ message: OSLogMessage) { log(level: .info, message) }
    public func notice(_ message: OSLogMessage) { log(level: .default, message) }
    public func warning(_ message: OSLogMessage) { log(level: .error, message) }
    public func error(_ message: OSLogMessage) { log(level: .error, message) }
    public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
    public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
}

/// Apple's `struct OSLogType`: a message's level.
public struct OSLogType: Equatable, Hashable, Sendable {
    let name: String
    public static let `default` = OSLogType(name: "default")
    public static let info = OSLogType(name: "info")
    public static let debug = OSLogType(name: "debug")
    public static let error = OSLogType(name: "error")
    public static let fault = OSLogType(name: "fault")
}

/// Apple's `struct OSLogPrivacy`: accepted, as Apple's code writes it, and not applied (see above).
public struct OSLogPrivacy: Equatable, Sendable {
    let name: String
    public static let auto = OSLogPrivacy(name: "auto")
    public static let `public` = OSLogPrivacy(name: "public")
    public static let `private` = OSLogPrivacy(name: "private")
    public static let sensitive = OSLogPrivacy(name: "sensitive")

    /// Apple's `OSLogPrivacy.Mask`.
    public struct Mask: Equatable, Sendable {
        public static let hash = Mask()
        public static let none = Mask()
    }

    public static func auto(mask: Mask) -> OSLogPrivacy { .auto }
    public static func `private`(mask: Mask) -> OSLogPrivacy { .private }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { .sensitive }
}

/// Apple's `struct OSLogMessage`: a string literal with interpolations, each with an optional
/// `privacy:`.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    /// Apple's `OSLogInterpolation`, under the name `StringInterpolation` requires.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }
        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Any value, as `String(describing:)` writes it.
        public mutating func appendInterpolation<Value>(
            _ value: @autoclosure () -> Value, privacy: OSLogPrivacy = .auto
        ) {
            text += String(describing: value())
        }
    }
}
