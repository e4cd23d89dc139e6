import Foundation

/// Who is acting on the store, for the QA journal: the session (one paywall run, one CLI
/// invocation, one server), what kind of client it is, and which screen was showing. It rides
/// beside a call as a task-local, so neither `Store` nor `StoreControl` grows a parameter: the
/// simulator reads it when it journals an action, `RemoteStore` sends it as headers (their
/// names and encoding are the wire's: `WireProtocol`'s `JournalContext+Headers`) and the server
/// binds it again around the call. An action without one is journaled as the app's
/// ("app"), the store's timer work as "store"; losing it (a `Task.detached`) costs a label,
/// never a change.
public struct JournalContext: Sendable, Hashable, Codable {
    /// One paywall run or CLI invocation (`kiosk journal --session ID`).
    public var session: String
    /// "paywall", "cli", "wire" (a server request that named none), "app", "store" (the timer's work).
    public var source: JournalSource
    /// The paywall's screen when the call was made ("subscriptions", "transaction-manager").
    public var screen: String?
    /// The screen's text when the call was made (the report's picture of the step).
    public var picture: String?

    public init(session: String, source: JournalSource, screen: String? = nil, picture: String? = nil) {
        self.session = session
        self.source = source
        self.screen = screen
        self.picture = picture
    }

    /// The context of the call being made, if its caller said.
    @TaskLocal public static var current: JournalContext?

    /// A new session ID: short enough to type (`kiosk journal --session 3f9a1c2e`), random enough
    /// that two processes never share one.
    public static func newSessionID() -> String {
        String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12))
    }

    /// This context showing another screen.
    public func showing(_ screen: String?, picture: String?) -> JournalContext {
        var copy = self
        copy.screen = screen
        copy.picture = picture
        return copy
    }
}

extension JournalContext {
    /// Runs `body` with this context bound as `current`.
    public func bound<T: Sendable>(_ body: () async throws(StoreError) -> T) async throws(StoreError) -> T {
        let result: Result<T, StoreError> = await Self.$current.withValue(self) {
            do throws(StoreError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
