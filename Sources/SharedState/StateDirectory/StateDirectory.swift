import Foundation
import StoreCore

/// Where Kiosk keeps its state (ledger, certificate authority, tokens): an explicit path
/// (`--state PATH`, `KIOSK_STATE`), else `$XDG_STATE_HOME/kiosk`, else `~/.local/state/kiosk`, as
/// the XDG Base Directory spec places state that should persist between runs. The CLI and
/// KioskStoreKit both open state directories through it, so both create them alike (mode 0700,
/// secrets tightened, a damaged ledger refused: docs/state.md).
public struct StateDirectory: Equatable, Sendable {
    public var url: URL

    public init(explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let explicitPath {
            url = URL(fileURLWithPath: explicitPath, isDirectory: true)
        } else if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            // The XDG spec says relative values are invalid and must be ignored.
            url = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(
                "kiosk", isDirectory: true)
        } else {
            let home =
                environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            url = home.appendingPathComponent(".local/state/kiosk", isDirectory: true)
        }
    }

    /// The names of the files in it.
    public var layout: StateDirectoryLayout { StateDirectoryLayout(url) }

    /// Creates the directory (mode 0700: it holds private keys) if it does not exist, and
    /// tightens the secrets in one that does (see `tightenPermissions`), telling `warn` of each.
    /// - Throws: `StateDirectoryError` naming the path and what is wrong in plain words.
    public func create(warn: (String) -> Void) throws(StateDirectoryError) -> URL {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StateDirectoryError(
                    "\(url.path) is a file, not a directory: give --state a directory (or move the file away)"
                )
            }
            // Another user's directory (or a read-only one): a chmod is not this user's to run,
            // so say what is.
            guard access(url.path, R_OK | W_OK | X_OK) == 0 else {
                throw StateDirectoryError(
                    "the state directory \(url.path) is not writable by you (another user's, or read-only): "
                        + Self.otherPlace)
            }
            for warning in tightenPermissions() { warn("warning: \(warning)") }
            return url
        }
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            let parent = url.deletingLastPathComponent().path
            var isParentDirectory: ObjCBool = false
            let reason =
                !FileManager.default.fileExists(atPath: parent, isDirectory: &isParentDirectory)
                    || isParentDirectory.boolValue
                ? "permission denied in \(parent) (or a part of the path is not a directory)"
                : "\(parent) is a file, not a directory"
            throw StateDirectoryError(
                "cannot create the state directory \(url.path): \(reason); " + Self.otherPlace)
        }
        return url
    }

    /// What to do about a state directory this user cannot use.
    public static let otherPlace =
        "give --state a directory you can write (--state ./kiosk-state), or --ephemeral to keep the state in memory"
}

/// A state directory that cannot be used, in words naming the path and the fix.
public struct StateDirectoryError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
