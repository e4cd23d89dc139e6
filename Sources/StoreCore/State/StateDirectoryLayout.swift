import Foundation

/// The files of a Kiosk state directory (docs/state.md, "What a state directory holds"), named
/// once: the ledger, the certificate authority, the owner's lock, record and socket, the
/// server's token and API keys, and the save points. Every module that reads or writes one of
/// them asks this type for its name, so a rename is one edit and no two places disagree.
/// Naming a path is not I/O: nothing here touches the disk.
public struct StateDirectoryLayout: Sendable, Hashable {
    /// The store: SQLite in WAL mode (with `-wal` and `-shm` beside it while in use).
    public static let ledgerName = "ledger.sqlite"
    /// The ledger's companion files SQLite keeps while the ledger is open.
    public static let ledgerCompanionSuffixes = ["-wal", "-shm"]
    /// The local certificate authority's directory (`root.pem`, `intermediate.pem`, `leaf.pem`
    /// and their keys).
    public static let authorityName = "ca"
    /// Written inside the authority once a store opened a ledger with it: from then on the two
    /// belong together (an authority alone, from `kiosk certs` on a new directory, signed nothing).
    public static let ledgerInUseName = "ledger-in-use"
    /// The owner's exclusive lock (`flock`).
    public static let lockName = "owner.lock"
    /// Who owns the state: pid, command, start time.
    public static let ownerRecordName = "owner.json"
    /// The Unix socket the owner serves the store on.
    public static let socketName = "kiosk.sock"
    /// The bearer token of a `kiosk serve` on this state.
    public static let serverTokenName = "server-token"
    /// App Store Server API keys registered with `kiosk keys` (public halves only).
    public static let apiKeysName = "api-keys.json"
    /// Save points, `savepoints/NAME.kiosk`.
    public static let savePointsName = "savepoints"

    /// The state directory itself.
    public var directory: URL

    public init(_ directory: URL) { self.directory = directory }

    public var ledger: URL { directory.appendingPathComponent(Self.ledgerName) }
    public var authority: URL { directory.appendingPathComponent(Self.authorityName, isDirectory: true) }
    public var ledgerInUseMarker: URL { authority.appendingPathComponent(Self.ledgerInUseName) }
    public var lock: URL { directory.appendingPathComponent(Self.lockName) }
    public var ownerRecord: URL { directory.appendingPathComponent(Self.ownerRecordName) }
    public var socket: URL { directory.appendingPathComponent(Self.socketName) }
    public var serverToken: URL { directory.appendingPathComponent(Self.serverTokenName) }
    public var apiKeys: URL { directory.appendingPathComponent(Self.apiKeysName) }
    public var savePoints: URL { directory.appendingPathComponent(Self.savePointsName, isDirectory: true) }
}
