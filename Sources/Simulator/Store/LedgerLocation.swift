import Foundation

/// Where the ledger lives.
public enum LedgerLocation: Sendable, Hashable {
    /// `ledger.sqlite` in this directory (created if needed).
    case directory(URL)
    /// In memory only (`--ephemeral`): nothing survives the process.
    case memory

    var path: String {
        switch self {
        case .directory(let url): url.appendingPathComponent("ledger.sqlite").path
        case .memory: ":memory:"
        }
    }
}
