import Foundation
import Simulator
import StoreCore
import Synchronization

/// The store KioskStoreKit's calls go to, with what watches the app's side of it: the update
/// listeners (`UpdateHub`) and the mistakes (`MistakeWatcher`). One binding per session or
/// per configured process; a new session replaces it, and the old one's listeners end.
package final class StoreBinding: Sendable {
    package let store: CoreStore
    /// The in-process simulator, when the store is one: its numbered update log lets a test
    /// wait for updates to be handled, and mistakes become journal lines.
    package let simulator: SimulatedStore?
    package let hub: UpdateHub
    package let watcher: MistakeWatcher
    /// Who the journal says made the app's calls.
    package let journal: JournalContext
    /// Whether the customer closes every payment sheet (a session's `userCancelsPurchases`).
    package let cancelsPurchases = Mutex(false)
    /// Settings a session's property setters asked for, applied before the next call.
    private let pendingSettings = Mutex<[StoreSetting]>([])
    /// The store's locale as this process knows it (the session's `locale`, else the store's
    /// settings as first read): what `localizedDescription` speaks, which cannot wait for the store.
    private let knownLocale: Mutex<String?>
    /// Whether the store's settings were asked for the locale (once: a store that cannot say is
    /// not asked again at every call).
    private let askedForLocale = Mutex(false)

    /// What must live as long as the binding (a state directory's ownership, which serves the
    /// store to the other processes while this one owns it).
    private let keepAlive: (any Sendable)?

    package init(
        store: CoreStore, simulator: SimulatedStore?, source: JournalSource = .storekit,
        keepAlive: (any Sendable)? = nil, localeIdentifier: String? = nil
    ) {
        self.store = store
        knownLocale = Mutex(localeIdentifier)
        self.keepAlive = keepAlive
        self.simulator = simulator
        journal = JournalContext(session: JournalContext.newSessionID(), source: source)
        watcher = MistakeWatcher()
        hub = UpdateHub(store: store, simulator: simulator, watcher: watcher)
        watcher.attach(binding: self)
    }

    /// Records a setting to apply before the next call (the session's setters are synchronous).
    package func enqueue(_ setting: StoreSetting) {
        pendingSettings.withLock { $0.append(setting) }
        if case .locale(let identifier) = setting { knownLocale.withLock { $0 = identifier } }
    }

    /// The store's locale identifier, if this process knows it yet.
    package var localeIdentifier: String? { knownLocale.withLock { $0 } }

    /// Runs one call of the app's: the store's settings and update listener made ready first,
    /// the call journaled as the app's own.
    ///
    /// On a simulator with a thread of its own, the whole call runs in a task that prefers that
    /// thread: settings, the update log's subscription, the action and its journal lines then
    /// follow one another there, one hand-over in and one out, where each of them was a round
    /// trip from the caller's thread to the store's and back (`kiosk-bench storekit`).
    package func call<T: Sendable>(_ body: @Sendable (CoreStore) async throws(StoreError) -> T)
        async throws(StoreError) -> T
    {
        guard let executor = simulator?.ownThreadExecutor else { return try await callHere(body) }
        return try await withTaskExecutorPreference(executor) { () async throws(StoreError) -> T in
            try await self.callHere(body)
        }
    }

    private func callHere<T: Sendable>(
        _ body: @Sendable (CoreStore) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try await prepare()
        let store = store
        if JournalContext.current != nil { return try await body(store) }
        return try await journal.bound { () async throws(StoreError) -> T in try await body(store) }
    }

    /// Applies pending settings and starts the hub's subscription (once).
    package func prepare() async throws(StoreError) {
        await hub.start()
        let settings = pendingSettings.withLock { pending in
            defer { pending = [] }
            return pending
        }
        for setting in settings { try await store.apply(setting) }
        let ask = askedForLocale.withLock { asked in
            defer { asked = true }
            return !asked && localeIdentifier == nil
        }
        // A store that cannot say leaves the device's locale in its place.
        if ask, let locale = try? await store.settings().locale {
            knownLocale.withLock { known in known = known ?? locale }
        }
    }

    /// Writes lines in the QA journal, in one turn of the store (in-process stores only: a
    /// remote store's journal is its server's, and mistakes there are still reported as values
    /// and on standard error).
    func journalNotes(_ notes: [JournalNote]) async {
        if let simulator {
            await simulator.journalNotes(notes, context: journal)
        } else {
            for note in notes {
                FileHandle.standardError.write(Data("KioskStoreKit: \(note.action): \(note.result)\n".utf8))
            }
        }
    }

    /// Ends every listener of this binding (its session was replaced or ended).
    package func close() { hub.close() }
}
