import Foundation
import StoreCore

/// Where the ledger lives.
public enum LedgerLocation: Sendable, Hashable {
    /// `ledger.sqlite` in this directory (created if needed).
    case directory(URL)
    /// In memory only (`--ephemeral`): nothing survives the process.
    case memory

    var path: String {
        switch self {
        case .directory(let url): url.appendingPathComponent(StateDirectoryLayout.ledgerName).path
        case .memory: ":memory:"
        }
    }
}
