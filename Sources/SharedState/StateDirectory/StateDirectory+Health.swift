import Foundation
import Signing
import StoreCore

/// A state directory whose certificate authority has signed but whose ledger is gone.
///
/// The authority and the ledger belong together: transaction IDs come from the ledger and are
/// signed under the authority. A ledger truncated to 0 bytes (a full disk, a bad copy) or
/// deleted would otherwise open as a fresh store that reissues IDs already signed under the
/// same root for different purchases, so such a directory is refused unless the user asks
/// for a reset, which moves the damaged files aside and starts with a new authority.
extension StateDirectory {
    static let ledgerName = StateDirectoryLayout.ledgerName

    private var ledgerInUseMarker: URL { layout.ledgerInUseMarker }

    /// Notes that the authority now signs for this directory's ledger (once; cheap after that).
    public func markLedgerInUse() {
        guard !FileManager.default.fileExists(atPath: ledgerInUseMarker.path) else { return }
        _ = FileManager.default.createFile(
            atPath: ledgerInUseMarker.path,
            contents: Data("this authority signs for ../ledger.sqlite\n".utf8),
            attributes: [.posixPermissions: 0o600])
    }

    /// What is wrong with the directory, or nil when it is whole (or new).
    public func damage() -> String? {
        let files = FileManager.default
        guard files.fileExists(atPath: ledgerInUseMarker.path) else { return nil }
        let ledger = layout.ledger.path
        guard files.fileExists(atPath: ledger) else { return "its ledger \(ledger) is missing" }
        // A ledger in WAL mode may keep everything in `-wal` until a checkpoint: only a main
        // file and a log that are both empty mean nothing is left.
        guard Self.size(ledger) == 0, Self.size(ledger + "-wal") == 0 else { return nil }
        return "its ledger \(ledger) is empty (0 bytes)"
    }

    /// Refuses a damaged directory with how to recover, or, for a reset, moves the ledger and
    /// authority aside into `damaged-DATE/` so a new store starts cleanly, telling `warn`.
    public func checkHealth(resetting: Bool, warn: (String) -> Void) throws(StateDirectoryError) {
        guard let damage = damage() else { return }
        let path = url.path
        guard resetting else {
            throw StateDirectoryError(
                """
                the state directory \(path) is damaged: \(damage), but its certificate authority \
                (\(path)/\(CertificateAuthority.directoryName)) has signed transactions. Starting afresh would reissue \
                transaction IDs already signed under that root.
                  recover:    restore \(Self.ledgerName) (and \(Self.ledgerName)-wal if any) from a backup
                  start over: kiosk store reset --state \(path)  (moves both aside; clients must trust the new root)
                """)
        }
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let aside = url.appendingPathComponent("damaged-\(stamp)")
        do {
            try FileManager.default.createDirectory(
                at: aside, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for name in [StateDirectoryLayout.authorityName]
                + ([""] + StateDirectoryLayout.ledgerCompanionSuffixes).map({ Self.ledgerName + $0 })
            where FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) {
                try FileManager.default.moveItem(
                    at: url.appendingPathComponent(name), to: aside.appendingPathComponent(name))
            }
        } catch {
            throw StateDirectoryError(
                "cannot move the damaged ledger and authority of \(path) aside: \(error)")
        }
        warn(
            "\(path) was damaged (\(damage)); moved its ledger and certificate authority to \(aside.path). "
                + "A new store starts with a new root certificate: export it with kiosk certs --state \(path)"
        )
    }

    /// The file's size; 0 for a file that is not there (an empty ledger and a missing one are alike).
    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
