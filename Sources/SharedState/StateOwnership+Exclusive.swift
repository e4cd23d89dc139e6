import Foundation

extension StateOwnership {
    /// Runs `body` holding the state's lock, so no process opens the store meanwhile (`kiosk state
    /// import` replacing the certificate authority a running store would keep signing with).
    /// Returns nil without running it when a process owns the state: `owner` says which.
    /// - Throws: what `body` throws, or `SharedStateError` when the lock file is unusable.
    public static func whileUnowned<T>(_ directory: URL, _ body: () throws -> T) throws -> T? {
        guard let lock = try StateLock.acquire(in: directory) else { return nil }
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }

    /// Who owns the state directory now, in words ("pid 4242 (kiosk, since 10:42:07)"), or
    /// "another process" when its record is gone.
    public static func ownerDescription(of directory: URL) -> String {
        OwnerRecord.read(in: directory).map(\.summary) ?? "another process"
    }
}
