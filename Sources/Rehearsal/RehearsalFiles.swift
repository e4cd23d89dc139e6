import Foundation
import StoreCore

/// The rehearsals `kiosk rehearse PATH...` names: files as given, and each directory's
/// `.rehearsal` files in name order, leaving out those whose name starts with `_` (they are
/// only included by others).
public enum RehearsalFiles {
    /// The files, in the order they run.
    /// - Throws: ``RehearsalFilesError`` naming a path that is not there, or a directory with none.
    public static func find(_ paths: [String]) throws(RehearsalFilesError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RehearsalFilesError("no such file or directory: \(path)")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let found = (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".rehearsal") && !($0 as NSString).lastPathComponent.hasPrefix("_") }
                .sorted()
            guard !found.isEmpty else { throw RehearsalFilesError("no .rehearsal files in \(path)") }
            files += found.map { (path as NSString).appendingPathComponent($0) }
        }
        return files
    }
}

/// A rehearsal path that names nothing to run.
public struct RehearsalFilesError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

extension RehearsalStore {
    /// A server's store for one rehearsal: reset to its catalog's defaults so no rehearsal sees
    /// another's history, acting for an account of the rehearsal's own (a listener an earlier
    /// rehearsal left connected, which the server notices only when it next writes, cannot take
    /// its messages). The client verifies every JWS it receives, so nothing more is checked here.
    public static func server(_ store: any Store & StoreControl, _ requirements: StoreRequirements)
        async throws(StoreError) -> RehearsalStore
    {
        guard requirements.history == nil else {
            throw StoreError.invalidArgument(
                "import works on the in-process store only: run the rehearsal without --store URL")
        }
        _ = try await store.perform(.resetToDefaultState)
        let account: AccountName = requirements.account ?? "rehearsal-\(requirements.rehearsal)"
        if try await !store.accounts().contains(where: { $0.name == account }) {
            try await store.addAccount(StoreAccount(name: account, storefront: "USA", familyID: nil))
        }
        try await store.switchAccount(to: account)
        return RehearsalStore(backend: store, settle: .milliseconds(300), verify: { _, _ in nil }, close: {})
    }
}
