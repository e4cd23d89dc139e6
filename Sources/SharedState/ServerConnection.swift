import Foundation
import RemoteStore
import Signing
import Simulator
import StoreCore

/// A `kiosk serve` reached as a client: its bearer token from the first source that holds one
/// (`ServerTokenSource`), the root it is trusted by (a given certificate, else the one pinned in
/// the state directory on first contact, as SSH pins a host key), and the account to act for.
public enum ServerConnection {
    /// Why the server could not be used, each in words that say what to do.
    public enum Failure: Error, CustomStringConvertible {
        /// No source holds a token.
        case noToken(String)
        /// A token file is there but cannot be read.
        case unreadableToken(ServerTokenError)
        /// The root given to trust cannot be read.
        case unreadableRoot(SigningError)
        /// Connecting or switching the account failed; a refused token names its source.
        case failed(String)

        public var description: String {
            switch self {
            case .noToken(let message), .failed(let message): message
            case .unreadableToken(let error): "\(error)"
            case .unreadableRoot(let error): "\(error)"
            }
        }
    }

    /// Connects to the server at `url`.
    /// - Parameters:
    ///   - tokenFlag: `--server-token`, tried before `$KIOSK_SERVER_TOKEN` and `STATE/server-token`.
    ///   - stateDirectory: where the token file is looked for and the server's root is pinned.
    ///   - rootPath: a root certificate to trust instead of pinning.
    ///   - account: the account to act for (default: the store's default account).
    public static func connect(
        url: URL, tokenFlag: String?, stateDirectory: URL, rootPath: String?, account: AccountName?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(Failure) -> RemoteStore {
        let source: ServerTokenSource?
        do {
            source = try ServerTokenSource.resolve(
                flag: tokenFlag, stateDirectory: stateDirectory, environment: environment)
        } catch {
            throw .unreadableToken(error)
        }
        guard let source else {
            throw .noToken(ServerTokenSource.missing(url: url, stateDirectory: stateDirectory))
        }
        let trust: RemoteStore.Trust
        if let rootPath {
            do {
                trust = .root(try Certificate.read(at: rootPath))
            } catch {
                throw .unreadableRoot(error)
            }
        } else {
            trust = .pinned(directory: stateDirectory)
        }
        do {
            let store = try await RemoteStore.connect(
                url: url, token: source.token, account: account ?? SimulatedStore.defaultAccount, trust: trust
            )
            if let account { try await store.useAccount(account) }
            return store
        } catch {
            throw .failed(source.explain(error, url: url))
        }
    }
}
