import Foundation
import Presets
import StoreCore

/// Kiosk's addition: a session that starts from a named state (`kiosk preset list`: "owns pro",
/// "billing retry", "Ask to Buy pending", ...), the way UI tests of other tools start from a
/// scenario, so a test of the billing-retry screen needs no setup code.
extension SKTestSession {
    /// A session on a configuration file found by name (as `init(configurationFileNamed:)`),
    /// started from the preset `preset`.
    /// - Throws: `SKTestError` as `init(configurationFileNamed:)` does, or `.invalidAction`
    ///   naming the preset (and the known ones) or the product the catalog lacks for it.
    public convenience init(
        configurationFileNamed filename: String, preset: String, filePath: String = #filePath
    )
        throws
    {
        try self.init(configurationFileNamed: filename, filePath: filePath)
        try start(fromPreset: preset)
    }

    /// A session on the `.storekit` file at `url`, started from the preset `preset`.
    public convenience init(contentsOf url: URL, preset: String) throws {
        try self.init(contentsOf: url)
        try start(fromPreset: preset)
    }

    /// Builds the preset's state before the app runs: on the store directly, so its purchases,
    /// renewals and refunds happened "before launch" (no update is delivered to a listener for
    /// them, none counts as missed; a listener starts with what is unfinished, as on a device).
    private func start(fromPreset name: String) throws(SKTestError) {
        let preset: Preset
        do {
            preset = try Preset.named(name)
        } catch {
            throw SKTestError(.invalidAction, "\(error)")
        }
        let store = store
        try waitOnStoreThread("preset \(name)") { () async throws(SKTestError) in
            do {
                try await PresetRunner(preset).apply(to: store)
            } catch {
                throw SKTestError(.invalidAction, "\(error)")
            }
        }
    }
}
