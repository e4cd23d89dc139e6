import CommandLineOptions
import Foundation
import Linting
import Signing
import StoreServer
import TerminalUI
import TestSupport
import Testing
import kiosk

/// Messages that teach: each names the cause and the fix, and the exit status says it failed.
@Suite final class NewcomerMessagesTests: Sendable {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-newcomer-\(UUID().uuidString)")

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: scratch) }
    var state: String { scratch.appendingPathComponent("state").path }

    @Test func keysAddRefusesAPrivateKeyAndSaysHowToGetThePublicHalf() async throws {
        let p8 = scratch.appendingPathComponent("AuthKey.p8").path
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try ECPrivateKey.generate(.p256).writeP8(to: p8)
        let arguments = [
            "keys", "add", "--key-id", "K1", "--issuer", "I", "--public-key", p8, "--state", state,
        ]
        let (writer, lines) = ConsoleWriter.capturing()
        #expect(await Kiosk.run(arguments, console: writer) == 65)
        #expect(lines().error.contains("openssl pkey -in \(p8) -pubout"), "\(lines().error)")
        #expect(try APIKeyRegistry(directory: URL(fileURLWithPath: state)).all.isEmpty)
    }

    @Test func keysNewRefusesToReplaceARegisteredKeyWithoutForce() async throws {
        let first = scratch.appendingPathComponent("one.p8").path
        let second = scratch.appendingPathComponent("two.p8").path
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let base = ["keys", "new", "--key-id", "K1", "--issuer", "I", "--state", state]
        #expect(await Kiosk.run(base + ["--out", first]) == 0)
        let registered = try APIKeyRegistry(directory: URL(fileURLWithPath: state)).registered("K1")?
            .publicKey
        #expect(await Kiosk.run(base + ["--out", second]) == 1)
        #expect(!FileManager.default.fileExists(atPath: second))
        #expect(
            try APIKeyRegistry(directory: URL(fileURLWithPath: state)).registered("K1")?.publicKey
                == registered)
        #expect(await Kiosk.run(base + ["--out", second, "--force"]) == 0)
        #expect(
            try APIKeyRegistry(directory: URL(fileURLWithPath: state)).registered("K1")?.publicKey
                != registered)
    }

    /// An unreadable token file is a missing input (exit 66), not a missing token (64); what
    /// the message says is `ServerTokenSourceTests`' (SharedState).
    @Test func anUnreadableTokenFileIsMissingInput() async throws {
        let unreadable = scratch.appendingPathComponent("unreadable")
        try FileManager.default.createDirectory(
            at: unreadable.appendingPathComponent("server-token"), withIntermediateDirectories: true)
        let arguments = ["store", "products", "--store", "http://127.0.0.1:9", "--state", unreadable.path]
        #expect(await Kiosk.run(arguments, console: ConsoleWriter.capturing().writer) == 66)
    }

    /// A theme kept outside themes/ can inherit a bundled theme by name.
    @Test func aThemeAnywhereInheritsABundledTheme() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let path = scratch.appendingPathComponent("mine.json").path
        try Data(#"{"name": "mine", "inherits": "default", "roles": {"accent": {"fg": 5}}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let linter = FileLinter(
            bundledThemes: PackageFiles.themesDirectory, bundledCatalog: { _ in nil },
            defaultCatalog: PackageFiles.catalog("demo"))
        #expect(linter.lint(path).isEmpty, "\(linter.lint(path))")
        let theme = try Theme.load(path: path, bundledThemes: PackageFiles.themesDirectory)
        #expect(theme.name == "mine")
        // Without the bundled directory the name cannot be found, and the error says where it looked.
        #expect(throws: TerminalUIError.self) { try Theme.load(path: path) }
    }
}
