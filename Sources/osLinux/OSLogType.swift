/// Apple's `OSLogType` (`os_log_type_t`): a message's level.
public struct OSLogType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The C level's value: 0x00 default, 0x01 info, 0x02 debug, 0x10 error, 0x11 fault.
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Apple's `init(_ rawValue: UInt8)`.
    public init(_ rawValue: UInt8) { self.init(rawValue: rawValue) }

    public static let `default` = OSLogType(0x00)
    public static let info = OSLogType(0x01)
    public static let debug = OSLogType(0x02)
    public static let error = OSLogType(0x10)
    public static let fault = OSLogType(0x11)

    /// The word a message line shows for its level.
    var name: String {
        switch self {
        case .info: "info"
        case .debug: "debug"
        case .error: "error"
        case .fault: "fault"
        default: "default"
        }
    }
}
