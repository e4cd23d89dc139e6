// Apple's `os_log` functions, the ones written before `Logger` (iOS 10 and later) and the
// `OSLogMessage` forms (iOS 14). `dso:` is accepted for the signatures' sake; Linux needs it not.

/// Apple's `os_log(_:dso:log:type:_:)`: a printf-style message (`%{public}@`, `%d`, `%s`, `%f` …)
/// with its arguments.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
    type: OSLogType = .default, _ args: any CVarArg...
) {
    guard log.isEnabled else { return }
    LogLine.write(
        subsystem: log.subsystem, category: log.category, level: type,
        text: PrintfFormat.render(message.description, args))
}

/// Apple's `os_log(_:dso:log:_:_:)`: the level first, then a printf-style message.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_log(
    _ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default, _ message: StaticString,
    _ args: any CVarArg...
) {
    guard log.isEnabled else { return }
    LogLine.write(
        subsystem: log.subsystem, category: log.category, level: type,
        text: PrintfFormat.render(message.description, args))
}

/// Apple's `os_log(_:)`: an interpolated message to the default log.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_log(_ message: OSLogMessage) { Logger(OSLog.default).log(message) }

/// Apple's `os_log(_:log:_:)`: an interpolated message at a level, to a log object.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_log(_ logLevel: OSLogType = .default, log logObject: OSLog = .default, _ message: OSLogMessage)
{
    Logger(logObject).log(level: logLevel, message)
}
