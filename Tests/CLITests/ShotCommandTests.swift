import CommandLineOptions
import Foundation
import Testing
import kiosk

/// `kiosk shot`: the options reach the scene, the same options give the same bytes, and every bad
/// value is named with the values that would do.
@Suite struct ShotCommandTests {
    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-shot-\(UUID().uuidString)-\(name)"
        ).path
    }

    func shot(_ arguments: [String]) async throws -> String {
        let out = temporary("screen.txt")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let status = await Kiosk.run(["shot", "--out", out] + arguments)
        try #require(status == 0, "kiosk shot \(arguments) exited \(status)")
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// Each scene through the command line (every scene and what it shows:
    /// `PaywallShotsTests/ShotSceneTests`).
    @Test func aSceneIsWrittenAsText() async throws {
        let text = try await shot(["--scene", "subscribed"])
        #expect(text.contains("Current plan: Lumen Ultimate (Monthly) · renews 2026-06-28"), "\(text)")
        #expect(try await shot(["--scene", "manager", "--locale", "de_DE"]).contains("locale de_DE"))
        #expect(try await shot(["--template", "cards", "--size", "80x24"]).contains("┏"))
    }

    @Test func theSameOptionsGiveTheSameSVG() async throws {
        let first = temporary("a.svg")
        let second = temporary("b.svg")
        defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
        let options = ["--scene", "subscribed", "--theme", "sunset", "--size", "90x28", "--style", "picker"]
        #expect(await Kiosk.run(["shot", "--out", first] + options) == 0)
        #expect(await Kiosk.run(["shot", "--out", second] + options) == 0)
        let svg = try String(contentsOfFile: first, encoding: .utf8)
        #expect(svg == (try String(contentsOfFile: second, encoding: .utf8)))
        #expect(svg.contains("width=\"830\" height=\"524\""))
        #expect(svg.contains("fill=\"#ff8c42\""))  // sunset's accent, as written in the theme
        #expect(svg.contains("sunset · ja") == false)
    }

    @Test func theLocaleReachesTheStore() async throws {
        let text = try await shot(["--scene", "manager", "--locale", "de_DE"])
        #expect(text.contains("locale de_DE"), "\(text)")
    }

    @Test func everyFormatIsWritten() async throws {
        for (file, start) in [
            ("s.svg", "<svg"), ("s.html", "<!DOCTYPE html>"), ("s.ans", "\u{1B}["),
            ("s.txt", " Subscriptions"),
        ] {
            let out = temporary(file)
            defer { try? FileManager.default.removeItem(atPath: out) }
            #expect(await Kiosk.run(["shot", "--out", out]) == 0)
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.hasPrefix(start), "\(file)")
        }
    }

    @Test(arguments: [
        (
            ["--scene", "nope"],
            "--scene must be one of eligible, ineligible, trial, subscribed, pending, billing-retry, sheet, manager, "
                + "cancel-message, cancel-image, cancel-switch-plan, cancel-offer, cancel-default, got 'nope'"
        ),
        (["--template", "fancy"], "--template must be one of list, cards, hero, comparison, got 'fancy'"),
        (["--style", "big"], "--style must be one of buttons, picker"),
        (["--size", "80"], "--size needs a size such as 100x30 (columns x rows), got '80'"),
        (["--size", "100000x30"], "--size is at most 1000x500, got '100000x30'"),
        (["--locale", "en US"], "--locale needs a locale such as en_US, de_DE, ja or zh-Hans, got 'en US'"),
        (["--catalog", "nope"], "no bundled catalog 'nope': use demo, shelf or minimal"),
    ])
    func badValuesNameTheOptionAndTheValidValues(arguments: [String], message: String) async throws {
        let (writer, lines) = ConsoleWriter.capturing()
        #expect(await Kiosk.run(["shot", "--out", "x.svg"] + arguments, console: writer) == 64)
        #expect(lines().error.contains(message), "\(lines().error)")
        #expect(!FileManager.default.fileExists(atPath: "x.svg"), "refused before anything is written")
    }

    @Test func aBadThemeOrCatalogIsSaidWithItsExitCode() async throws {
        let out = temporary("x.svg")
        #expect(await Kiosk.run(["shot", "--out", out, "--theme", "no-such-theme"]) == 64)
        let theme = temporary("bad-theme.json")
        defer { try? FileManager.default.removeItem(atPath: theme) }
        try Data(##"{"roles": {"accent": {"fg": "#12"}}}"##.utf8).write(to: URL(fileURLWithPath: theme))
        #expect(await Kiosk.run(["shot", "--out", out, "--theme", theme]) == 65)
        #expect(await Kiosk.run(["shot", "--out", out, "--catalog", "/nonexistent/x.storekit"]) == 65)
        #expect(await Kiosk.run(["shot", "--out", "/nonexistent/dir/x.svg"]) == 73)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func theOutputNeedsAKnownExtension() async {
        #expect(await Kiosk.run(["shot", "--out", "x.jpeg"]) == 64)
        #expect(await Kiosk.run(["shot"]) == 64)
    }

    @Test func aStateTheCatalogCannotShowIsAnErrorNotAnotherPicture() async {
        let out = temporary("shelf.txt")
        #expect(
            await Kiosk.run(["shot", "--out", out, "--catalog", "shelf", "--scene", "billing-retry"]) == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

/// `--out x.png`: the SVG drawing rasterised by rsvg-convert (scripts/setup installs it).
@Suite struct ShotPNGTests {
    @Test func aPNGIsThePictureInPixelsAtTheSVGsSize() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-\(UUID().uuidString).png"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(await Kiosk.run(["shot", "--out", path, "--scene", "subscribed", "--size", "80x24"]) == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count > 24)
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "the PNG signature")
        // The IHDR chunk: width and height, big-endian, as the SVG's (a 10-pixel margin, 9 pixels a column, 18 a row).
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(word(16) == 740 && word(20) == 452, "\(word(16))x\(word(20))")
    }
}
