/// Why a file is not JSON, and where: the parser stops at the first such problem because
/// nothing after it can be trusted.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Byte offset of the problem.
    public var offset: Int
    /// What is wrong and what would fix it.
    public var message: String
    /// The offending text, if there is any to show.
    public var found: String?

    public init(offset: Int, message: String, found: String? = nil) {
        self.offset = offset
        self.message = message
        self.found = found
    }

    public var description: String { "byte \(offset): \(message)" }
}
