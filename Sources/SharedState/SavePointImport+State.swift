import Foundation
import Simulator
import StoreCore

/// `kiosk state import` once the file is checked: install it into a state directory, load it,
/// and undo the install when the load fails, so a refused import leaves the state as it was.
extension SavePointImport {
    /// Why a checked save point was not imported.
    public enum StateImportError: Error, CustomStringConvertible {
        /// The file brings another certificate authority, and a process (`owner`) has the state
        /// open: replacing its authority under it would break every signature it hands out.
        case stateInUse(owner: String)
        /// Writing the save point (or its authority) failed; nothing was changed.
        case install(any Error)
        /// The load after the install failed; the install was undone.
        case load(any Error)

        public var description: String {
            switch self {
            case .stateInUse(let owner): "\(owner) has the state open"
            case .install(let error), .load(let error): "\(error)"
            }
        }
    }

    /// Installs the save point into `state` (with its authority when it was signed by another
    /// one, which only works while nobody owns the state), runs `load`, and rolls the install
    /// back when `load` throws.
    public func importInto(_ state: URL, load: () async throws -> Void) async throws(StateImportError) {
        let installation: SavePointInstallation
        do {
            if try hasSameAuthority(as: state) {
                installation = try install(into: state, authority: false)
            } else {
                // nil when another process has the state open.
                let installed = try StateOwnership.whileUnowned(state) {
                    try install(into: state, authority: true)
                }
                guard let installed else {
                    throw StateImportError.stateInUse(owner: StateOwnership.ownerDescription(of: state))
                }
                installation = installed
            }
        } catch let error as StateImportError {
            throw error
        } catch {
            throw .install(error)
        }
        do {
            try await load()
        } catch {
            installation.rollback()
            throw .load(error)
        }
        installation.commit()
    }

    /// A save point name made of a file name: other characters become '-'.
    public static func name(forFile file: URL) -> String {
        let text = file.deletingPathExtension().lastPathComponent
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        let mapped = String(
            text.unicodeScalars.map { $0.isASCII && allowed.contains($0) ? Character($0) : "-" })
        let trimmed = mapped.drop { $0 == "." }.prefix(64)
        return trimmed.isEmpty ? "imported" : String(trimmed)
    }
}
