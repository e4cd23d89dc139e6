import COpenSSL

/// OpenSSL set up for the process before its first use, without its clean-up at exit.
///
/// Left to itself, OpenSSL's first call registers `OPENSSL_cleanup` with `atexit`, which frees
/// its global state (providers, locks, the random generator) when the process exits. Kiosk's
/// processes exit with threads still inside OpenSSL: a `kiosk store buy` that owned the state
/// leaves its store's thread signing for a client whose request outlived the grace period, a
/// client's verification runs beside its `exit`. The clean-up then frees what those threads
/// are using: the `double free or corruption (fasttop)` seen once in about 5,000 concurrent
/// `kiosk store buy` processes (issue 22), and a crash in about one exit in eight of a process
/// with four threads signing (`kiosk-storm exit-while-signing`, `ExitTests`). The kernel takes
/// the memory back at exit anyway.
enum OpenSSLLibrary {
    /// Whether OpenSSL initialised. The first call into OpenSSL decides whether the clean-up is
    /// registered, so every way into it that needs no OpenSSL object yet (reading a PEM or DER,
    /// making a key, hashing) touches this first.
    private static let isReady = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil) == 1

    /// Sets OpenSSL up, once per process; later calls cost one load.
    static func prepare() { _ = isReady }
}
