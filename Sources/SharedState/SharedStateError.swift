/// Why a process could neither own a state directory nor use its owner.
public enum SharedStateError: Error, Sendable, CustomStringConvertible {
    /// A file of the state directory cannot be used (path, reason).
    case unusable(String, String)
    /// Another process owns the state and does not answer on its socket.
    case ownerNotAnswering(directory: String, owner: OwnerRecord?)
    /// `kiosk serve` needs to own the state, and another process does.
    case ownedByAnother(directory: String, owner: OwnerRecord?)

    public var description: String {
        switch self {
        case .unusable(let path, let reason):
            return "cannot use \(path): \(reason)"
        case .ownerNotAnswering(let directory, let owner):
            let who = owner?.summary ?? "another process"
            let stop = owner.map { " (kill \($0.pid))" } ?? ""
            return "the state directory \(directory) is owned by \(who), which does not answer on "
                + "\(directory)/\(StateOwnership.socketName); if it is stuck, stop it\(stop) and try again"
        case .ownedByAnother(let directory, let owner):
            let who = owner?.summary ?? "another process"
            return "the state directory \(directory) is already in use by \(who). Quit it first, or give "
                + "this server its own state with --state DIR (or --ephemeral). Paywalls and `kiosk store` on "
                + "that state share it already; to serve it over HTTP, start `kiosk serve` before them"
        }
    }
}
