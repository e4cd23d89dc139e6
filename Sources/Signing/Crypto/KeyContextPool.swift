import COpenSSL
import Synchronization

/// Ready-to-use `EVP_PKEY_CTX`s for signing or verifying with one key.
///
/// Initialising a context makes OpenSSL 3 look the algorithm up in its provider tables, which
/// cost about a tenth of an ES256 signature. A context initialised once can sign (or verify)
/// again and again, but only one thread may use it at a time: so contexts are taken from
/// and returned to a pool behind a `Mutex`, and a thread that finds it empty makes another.
final class KeyContextPool: Sendable {
    enum Operation: Sendable {
        case sign, verify
    }

    /// At most this many idle contexts are kept (more threads than this at once is unusual).
    private static let capacity = 8

    private let operation: Operation
    private let contexts = Mutex<[ContextHandle]>([])

    /// An `EVP_PKEY_CTX` moving between threads through the pool. `@unchecked` because the
    /// compiler cannot see the hand-over: a context is used only by the thread that took it
    /// out of the pool, and is back in the pool (or freed) before anyone else can take it.
    private struct ContextHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    init(_ operation: Operation) {
        self.operation = operation
    }

    deinit {
        contexts.withLock { contexts in
            for context in contexts { EVP_PKEY_CTX_free(context.pointer) }
        }
    }

    /// Runs `body` with a context initialised for this pool's operation on `key`.
    func withContext<R>(
        key: OpaquePointer, _ body: (OpaquePointer) -> R
    ) throws(SigningError) -> R {
        let handle: ContextHandle
        if let pooled = contexts.withLock({ $0.popLast() }) {
            handle = pooled
        } else {
            guard let context = EVP_PKEY_CTX_new(key, nil) else { throw .openSSL("EVP_PKEY_CTX_new") }
            let status = operation == .sign ? EVP_PKEY_sign_init(context) : EVP_PKEY_verify_init(context)
            guard status == 1 else {
                EVP_PKEY_CTX_free(context)
                throw .openSSL(operation == .sign ? "EVP_PKEY_sign_init" : "EVP_PKEY_verify_init")
            }
            handle = ContextHandle(pointer: context)
        }
        let result = body(handle.pointer)
        let surplus = contexts.withLock { contexts -> ContextHandle? in
            guard contexts.count < Self.capacity else { return handle }
            contexts.append(handle)
            return nil
        }
        if let surplus { EVP_PKEY_CTX_free(surplus.pointer) }
        return result
    }
}

/// SHA-256 of `message`, the digest ES256 signs.
func sha256(_ message: some Collection<UInt8>) -> [UInt8] {
    OpenSSLLibrary.prepare()
    var digest = [UInt8](repeating: 0, count: 32)
    if message.withContiguousStorageIfAvailable({ _ = SHA256($0.baseAddress, $0.count, &digest) }) == nil {
        _ = Array(message).withUnsafeBufferPointer { SHA256($0.baseAddress, $0.count, &digest) }
    }
    return digest
}
