import SourceDiagnostics
import StoreCore

/// Why a preset could not be found or built, in words a tester can act on.
public enum PresetError: Error, CustomStringConvertible, Sendable, Equatable {
    /// No preset has this name; `known` lists those that exist.
    case unknown(name: String, known: [String])
    /// The store's catalog lacks a product the preset needs.
    case missingProduct(preset: String, role: PresetProduct)
    /// A step needed a transaction the store does not have (the step, what was missing).
    case missingTransaction(preset: String, step: String)
    /// The store refused a step.
    case store(preset: String, step: String, StoreError)

    public var description: String {
        switch self {
        case .unknown(let name, let known):
            let message = Suggestion.appending(to: "no preset named '\(name)'", word: name, candidates: known)
            return message + (message.hasSuffix("?") ? " " : ". ") + "Known presets: "
                + known.joined(separator: ", ")
                + " (kiosk preset list describes them)"
        case .missingProduct(let preset, let role):
            return "preset '\(preset)' needs \(role.requirement), and the catalog has none: "
                + "use a catalog that has one (--catalog), or another preset"
        case .missingTransaction(let preset, let step):
            return "preset '\(preset)': \(step) found no transaction to act on"
        case .store(let preset, let step, let error):
            return "preset '\(preset)': \(step) failed: \(error)"
        }
    }
}
