import Foundation
import StoreCore

/// The headers a journal context travels in over the wire. The picture is base64 (a header
/// holds no newlines) and is dropped when it would not fit a server's header limit; a picture
/// the server keeps already for the session travels as its digest alone (`pictureDigestHeader`).
extension JournalContext {
    public static let sessionHeader = "Kiosk-Session"
    public static let sourceHeader = "Kiosk-Source"
    public static let screenHeader = "Kiosk-Screen"
    public static let pictureHeader = "Kiosk-Picture"
    /// The SHA-256 (hex) of the `Kiosk-Picture` value: sent beside the picture, or in its place
    /// when the session's server keeps that picture already (it echoes the digest of the picture
    /// it keeps in its answer; a call naming one it does not keep is refused, `pictureUnknown`).
    public static let pictureDigestHeader = "Kiosk-Picture-Digest"
    /// Under the server's 16 KB head limit, with room for the other headers: a 100x30 screen
    /// fits; a bigger one travels without its picture.
    static let maximumPictureHeaderBytes = 14 * 1024

    /// The headers for this context.
    public var headers: [String: String] {
        var headers = [
            Self.sessionHeader: Self.headerSafe(session), Self.sourceHeader: source.rawValue,
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
        self.init(
            session: String(session.prefix(64)),
            source: header(Self.sourceHeader).map(JournalSource.init(text:)) ?? .wire,
            screen: header(Self.screenHeader).map { String($0.prefix(64)) },
            picture: header(Self.pictureHeader)
                .flatMap { Data(base64Encoded: $0) }
                .map { String(decoding: $0, as: UTF8.self) })
    }

    /// Header values are one line of visible ASCII.
    private static func headerSafe(_ text: String) -> String {
        String(
            text.unicodeScalars.map {
                $0.isASCII && $0.value >= 0x20 && $0.value < 0x7f ? Character($0) : "?"
            })
    }
}
