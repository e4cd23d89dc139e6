import Foundation
import Subprocess

/// Fetches a remote package the project links, as Xcode does before it builds: a `git clone` of
/// the repository into `<project>/.kiosk/packages/<name>` at the revision `Package.resolved`
/// pins, so the package is then read like a local one (its imports of StoreKit reach Kiosk's).
/// A checkout already there at that revision is used as it is, so a second run needs no network.
struct RemotePackageFetcher {
    /// `<project>/.kiosk/packages`.
    var folder: String
    var pins: PackagePins

    enum Outcome {
        /// The checkout's folder, and a line for the run's output.
        case fetched(path: String, note: String)
        /// Why the repository could not be had, for the message that names the import.
        case failed(String)
    }

    func fetch(_ repository: String) -> Outcome {
        let name = ModulePool.checkoutName(of: repository)
        let path = (folder as NSString).appendingPathComponent(name)
        let pin = pins.pin(of: repository)
        let pinText = pin.map { "\($0.version ?? String($0.revision.prefix(12))) (Package.resolved)" }
        if FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("Package.swift"))
        {
            guard let pin, head(of: path) != pin.revision else {
                return .fetched(path: path, note: "uses the checkout of \(repository) in \(path)")
            }
            if case .failed(let reason) = git(["-C", path, "fetch", "--quiet", "origin"]) {
                return .failed(reason)
            }
            if case .failed(let reason) = git(["-C", path, "checkout", "--quiet", "--detach", pin.revision]) {
                return .failed(reason)
            }
            return .fetched(path: path, note: "moved the checkout of \(repository) to \(pinText ?? "")")
        }
        // Cloned outside the project first, so a failed fetch leaves nothing behind in it.
        let scratch = NSTemporaryDirectory() + "kiosk-fetch-\(UUID().uuidString)"
        defer {
            // The temporary folder only; a leftover there harms nothing.
            try? FileManager.default.removeItem(atPath: scratch)
        }
        let clone = (scratch as NSString).appendingPathComponent(name)
        if case .failed(let reason) = git(["clone", "--quiet", repository, clone]) { return .failed(reason) }
        if let pin,
            case .failed(let reason) = git(["-C", clone, "checkout", "--quiet", "--detach", pin.revision])
        {
            return .failed(reason)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let ignore = ((folder as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent(".gitignore")
            if !FileManager.default.fileExists(atPath: ignore) {
                try Data("# Made by kiosk (kiosk xctest); rewritten at every run.\n*\n".utf8)
                    .write(to: URL(fileURLWithPath: ignore))
            }
            try FileManager.default.moveItem(atPath: clone, toPath: path)
        } catch {
            return .failed("cannot put the checkout in \(path): \(error.localizedDescription)")
        }
        let at = pinText ?? "the head of its default branch (no Package.resolved pins it)"
        return .fetched(path: path, note: "fetched \(repository) at \(at) into \(path)")
    }

    private func head(of path: String) -> String? {
        guard let output = try? Subprocess.run(["git", "-C", path, "rev-parse", "HEAD"]), output.status == 0
        else {
            return nil  // not a git checkout (a copy someone put there): treated as not at the pin
        }
        return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private enum GitResult { case done, failed(String) }

    private func git(_ arguments: [String]) -> GitResult {
        // No prompt for a password: a private repository fails with git's message instead of waiting.
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        do {
            let output = try Subprocess.run(["git"] + arguments, environment: environment)
            guard output.status == 0 else {
                let said = output.standardError.split(separator: "\n").last.map(String.init) ?? "no output"
                return .failed("`git \(arguments.joined(separator: " "))` failed: \(said)")
            }
            return .done
        } catch {
            return .failed(
                "cannot run git (\(error.description)); install git or give a checkout with --packages")
        }
    }
}
