import COpenSSL

extension SigningError {
    /// An `.openSSL` error carrying (and clearing) OpenSSL's per-thread error queue.
    static func openSSL(_ operation: String) -> SigningError {
        .openSSL(operation: operation, detail: drainOpenSSLErrors())
    }
}

/// Empties OpenSSL's thread-local error queue into one line. Called after every failure so a
/// stale entry never ends up in the message of an unrelated later error.
func drainOpenSSLErrors() -> String {
    var parts: [String] = []
    while case let code = ERR_get_error(), code != 0 {
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        parts.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return parts.joined(separator: "; ")
}

/// Reads everything a memory BIO holds (PEM output, for instance) as bytes.
func withMemoryBIO(_ operation: String, _ write: (OpaquePointer) -> Int32) throws(SigningError) -> [UInt8] {
    guard let bio = BIO_new(BIO_s_mem()) else { throw .openSSL("BIO_new") }
    defer { BIO_free(bio) }
    guard write(bio) == 1 else { throw .openSSL(operation) }
    var pointer: UnsafeMutablePointer<CChar>? = nil
    let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &pointer)
    guard let pointer, length > 0 else { return [] }
    return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
        Array(UnsafeBufferPointer(start: $0, count: length))
    }
}

/// Runs `read` on a read-only memory BIO over `bytes`.
func withReadBIO<T>(_ bytes: [UInt8], _ read: (OpaquePointer) -> T?) -> T? {
    OpenSSLLibrary.prepare()
    return bytes.withUnsafeBytes { buffer -> T? in
        guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
        defer { BIO_free(bio) }
        return read(bio)
    }
}
