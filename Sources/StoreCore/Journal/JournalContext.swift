import Foundation

/// Who is acting on the store, for the QA journal: the session (one paywall run, one CLI
/// invocation, one server), what kind of client it is, and which screen was showing. It rides
/// beside a call as a task-local, so neither `Store` nor `StoreControl` grows a parameter: the
/// simulator reads it when it journals an action, `RemoteStore` sends it as headers and the
/// server binds it again around the call. An action without one is journaled as the app's
/// ("app"), the store's timer work as "store"; losing it (a `Task.detached`) costs a label,
/// never a change.
public struct JournalContext: Sendable, Hashable, Codable {
    /// One paywall run or CLI invocation (`kiosk journal --session ID`).
    public var session: String
    /// "paywall", "cli", "wire" (a server request that named none), "app", "store" (the timer's work).
    public var source: String
    /// The paywall's screen when the call was made ("subscriptions", "transaction-manager").
    public var screen: String?
    /// The screen's text when the call was made (the report's picture of the step).
    public var picture: String?

    public init(session: String, source: String, screen: String? = nil, picture: String? = nil) {
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

/// The headers a journal context travels in over the wire. The picture is base64 (a header
/// holds no newlines) and is dropped when it would not fit a server's header limit.
extension JournalContext {
    public static let sessionHeader = "Kiosk-Session"
    public static let sourceHeader = "Kiosk-Source"
    public static let screenHeader = "Kiosk-Screen"
    public static let pictureHeader = "Kiosk-Picture"
    /// Under the server's 16 KB head limit, with room for the other headers: a 100x30 screen
    /// fits; a bigger one travels without its picture.
    static let maximumPictureHeaderBytes = 14 * 1024

    /// The headers for this context.
    public var headers: [String: String] {
        var headers = [
            Self.sessionHeader: Self.headerSafe(session), Self.sourceHeader: Self.headerSafe(source),
        ]
        if let screen { headers[Self.screenHeader] = Self.headerSafe(screen) }
        if let picture {
            let encoded = Data(picture.utf8).base64EncodedString()
            if encoded.utf8.count <= Self.maximumPictureHeaderBytes { headers[Self.pictureHeader] = encoded }
        }
        return headers
    }

    /// The context a request's headers carry (nil without a session header); `header` looks
    /// one up by name.
    public init?(header: (String) -> String?) {
        guard let session = header(Self.sessionHeader), !session.isEmpty else { return nil }
        self.session = String(session.prefix(64))
        source = String((header(Self.sourceHeader) ?? "wire").prefix(32))
        screen = header(Self.screenHeader).map { String($0.prefix(64)) }
        picture = header(Self.pictureHeader)
            .flatMap { Data(base64Encoded: $0) }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Header values are one line of visible ASCII.
    private static func headerSafe(_ text: String) -> String {
        String(
            text.unicodeScalars.map {
                $0.isASCII && $0.value >= 0x20 && $0.value < 0x7f ? Character($0) : "?"
            })
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
