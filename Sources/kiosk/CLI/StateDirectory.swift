import Foundation

/// Where Kiosk keeps its state (ledger, certificate authority, tokens): `--state PATH`, else
/// `$XDG_STATE_HOME/kiosk`, else `~/.local/state/kiosk` (DESIGN.md section 4).
struct StateDirectory: Equatable, Sendable {
    var url: URL

    init(explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
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

    /// Creates the directory (mode 0700: it holds private keys) if it does not exist.
    func create() throws -> URL {
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }

    static let option = OptionSpec.option(
        "state", value: "DIR",
        help: "State directory (default $XDG_STATE_HOME/kiosk or ~/.local/state/kiosk).")
}
