#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call, as swift-nio's `IOError`: the errno it left and which call it was.
public struct IOError: Error, Sendable, Hashable, CustomStringConvertible {
    public var errnoCode: Int32
    public var reason: String

    public init(errnoCode: Int32, reason: String) {
        self.errnoCode = errnoCode
        self.reason = reason
    }

    public var description: String {
        "\(reason) failed: \(String(cString: strerror(errnoCode))) (errno \(errnoCode))"
    }
}
