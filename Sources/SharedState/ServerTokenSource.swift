import Catalog
import Foundation
import StoreCore

/// Where a client's bearer token for `--store URL` came from: `--server-token`, then
/// `$KIOSK_SERVER_TOKEN`, then `STATE/server-token`. Kept so that a refused token can be
/// explained by its source, which is what a person needs to fix it.
public struct ServerTokenSource: Equatable, Sendable {
    public enum Origin: Equatable, Sendable {
        case flag
        case environment
        case file(String)
    }

    public var token: String
    public var origin: Origin

    public init(token: String, origin: Origin) {
        self.token = token
        self.origin = origin
    }

    /// The first source that holds a token, or nil.
    public static func resolve(
        flag: String?, stateDirectory: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ServerTokenError) -> ServerTokenSource? {
        if let flag { return ServerTokenSource(token: flag, origin: .flag) }
        if let value = environment["KIOSK_SERVER_TOKEN"], !value.isEmpty {
            return ServerTokenSource(token: value, origin: .environment)
        }
        let file = StateDirectoryLayout(stateDirectory).serverToken
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            // A token file that is there but cannot be read is not a missing token: say why.
            let reason = FileProblem.reading(file.path) ?? "it is not UTF-8 text (a token is)"
            throw ServerTokenError("cannot read the server's token \(file.path): \(reason)")
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : ServerTokenSource(token: token, origin: .file(file.path))
    }

    /// How the source is named in messages.
    public var place: String {
        switch origin {
        case .flag: "--server-token"
        case .environment: "$KIOSK_SERVER_TOKEN"
        case .file(let path): path
        }
    }

    /// The message for a connection error: a refused token says which source it came from and
    /// where the right one is; any other error is told as it is.
    public func explain(_ error: any Error, url: URL) -> String {
        let text = "\(error)"
        guard text.contains("\(4_010_001)") else { return text }
        var advice = "the server at \(url.absoluteString) refused the token from \(place) (\(text)). "
        switch origin {
        case .flag, .environment:
            advice += "Give the token the server was started with: it is in SERVER_STATE/server-token, "
        case .file:
            advice +=
                "That file is not the server's (or the server was restarted with --token): "
                + "pass --state with the server's state directory, "
        }
        return advice + "or pass --server-token TOKEN (kiosk serve prints where its token is)"
    }

    /// The message when no source holds a token.
    public static func missing(url: URL, stateDirectory: URL) -> String {
        "--store \(url.absoluteString) needs the server's token, and none was found: not --server-token, "
            + "not $KIOSK_SERVER_TOKEN, not \(StateDirectoryLayout(stateDirectory).serverToken.path). "
            + "Pass --state with the server's state directory, or --server-token TOKEN "
            + "(kiosk serve prints where its token is)"
    }
}

/// A token file that is there but cannot be read (not a missing token), naming the file and why.
public struct ServerTokenError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
