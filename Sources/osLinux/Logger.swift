// The `os` module by its own name on Linux (issue 47): the logging and signpost API purchase code
// calls, with Apple's declarations (developer.apple.com/documentation/os). Messages go to standard
// error, as Xcode's console shows them while the app runs under the debugger: every value, whatever
// its `privacy:` (the unified log's redaction happens in the log store, which Linux has not).
// Signposts compile and do nothing: Instruments, which reads them, is not on Linux either.

/// Apple's `struct Logger`: writes messages of a subsystem and category.
public struct Logger: Sendable {
    let subsystem: String
    let category: String
    /// False for a logger made from `OSLog.disabled`, which writes nothing.
    let isEnabled: Bool

    /// Apple's `init(subsystem: String, category: String)`.
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
        isEnabled = true
    }

    /// Apple's `init()`: the default subsystem and category.
    public init() { self.init(subsystem: "", category: "") }

    /// Apple's `init(_ logObj: OSLog)`: a logger writing to an existing log object.
    public init(_ logObj: OSLog) {
        subsystem = logObj.subsystem
        category = logObj.category
        isEnabled = logObj.isEnabled
    }

    /// Apple's `func log(level: OSLogType, _ message: OSLogMessage)`.
    public func log(level: OSLogType, _ message: OSLogMessage) {
        guard isEnabled else { return }
        LogLine.write(subsystem: subsystem, category: category, level: level, text: message.text)
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
