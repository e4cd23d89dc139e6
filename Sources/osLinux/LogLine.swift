import Foundation

/// One message on standard error, as `Logger`, `os_log` and the OSLog objects write it:
/// `[subsystem:category] level: text`, without the bracket when both are empty (the default log).
enum LogLine {
    static func write(subsystem: String, category: String, level: OSLogType, text: String) {
        let origin = subsystem.isEmpty && category.isEmpty ? "" : "[\(subsystem):\(category)] "
        FileHandle.standardError.write(Data("\(origin)\(level.name): \(text)\n".utf8))
    }
}
