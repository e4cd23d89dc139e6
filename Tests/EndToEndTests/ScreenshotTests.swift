import Foundation
import Subprocess
import TestSupport
import Testing

/// The pictures: the README's stay current, the gallery opens in a real browser with every image
/// loaded, and the real binary records a session and saves a screenshot. One at a time: each
/// starts processes (a browser, six renders, tmux), and the machine is shared.
@Suite(.serialized) struct ScreenshotTests {
    static let root = DocSnippet.root

    /// A child process, waited for off the cooperative pool.
    static func run(_ arguments: [String]) async throws -> Subprocess.Output {
        try await onOwnThread { try Subprocess.run(arguments) }
    }

    func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `scripts/screenshots` into a temporary directory makes exactly the checked-in pictures,
    /// byte for byte: a change to the paywall's look must come with its new pictures.
    @Test func readmeScreenshotsAreCurrent() async throws {
        let fresh = try temporaryDirectory("images")
        defer { try? FileManager.default.removeItem(at: fresh) }
        let script = Self.root.appendingPathComponent("scripts/screenshots").path
        let result = try await Self.run(["bash", script, fresh.path, TmuxSession.binary])
        try #require(result.status == 0, "scripts/screenshots: \(result.standardError)")
        let images = Self.root.appendingPathComponent("docs/images")
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: images.path).sorted()
        let made = try FileManager.default.contentsOfDirectory(atPath: fresh.path).sorted()
        #expect(made.count >= 5)
        #expect(
            checkedIn == made,
            "docs/images differs from what scripts/screenshots makes: run scripts/screenshots")
        for name in made where checkedIn.contains(name) {
            let old = try Data(contentsOf: images.appendingPathComponent(name))
            let new = try Data(contentsOf: fresh.appendingPathComponent(name))
            #expect(
                old == new, "docs/images/\(name) is stale: run scripts/screenshots and commit the pictures")
        }
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for name in made {
            #expect(readme.contains("(docs/images/\(name))"), "README.md does not show \(name)")
        }
    }

    /// The gallery in headless Chromium: once loaded, the page's own script reports every image
    /// with a natural width, and the page has its figures and captions.
    @Test func theGalleryLoadsEveryImageInABrowser() async throws {
        let out = try temporaryDirectory("gallery")
        defer { try? FileManager.default.removeItem(at: out) }
        let made = try await Self.run([
            TmuxSession.binary, "gallery", "--out", out.path, "--templates", "list,hero", "--themes",
            "sunset",
            "--locales", "en_US,ar", "--states", "eligible,sheet",
        ])
        try #require(made.status == 0, "kiosk gallery: \(made.standardError)")
        let profile = try temporaryDirectory("chromium")
        defer { try? FileManager.default.removeItem(at: profile) }
        // Bounded: timeout(1) ends a browser that hangs; the virtual time budget lets the load
        // event and its script run before the DOM is dumped.
        let dump = try await Self.run([
            "timeout", "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=\(profile.path)", "--allow-file-access-from-files",
            "--virtual-time-budget=10000",
            "--dump-dom", "file://\(out.path)/index.html",
        ])
        try #require(dump.status == 0, "chromium exited \(dump.status): \(dump.standardError.suffix(2000))")
        let dom = dump.standardOutput
        let report = try #require(
            dom.range(of: #"images=(\d+) loaded=(\d+) widths=([0-9,]*)"#, options: .regularExpression).map {
                String(dom[$0])
            }, "no image report in the DOM:\n\(dom.prefix(3000))")
        let fields = report.split(separator: " ").map {
            $0.split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
        }
        #expect(fields[0] == "8" && fields[1] == "8", "\(report)")
        let widths = fields[2].split(separator: ",").compactMap { Int($0) }
        #expect(widths.count == 8 && widths.allSatisfy { $0 == 920 }, "\(report)")
        // The eight figures and the viewer's caption (empty until a picture is opened).
        #expect(dom.components(separatedBy: "<figcaption>").count - 1 == 9)
        // The report is an attribute of the page's root, not text a designer would see.
        #expect(dom.contains("data-image-report=\"images=8"), "\(dom.prefix(500))")
        #expect(!dom.contains(">images="))
        #expect(dom.contains("demo · hero · buttons · sunset · ar · sheet · 100x30"))
    }

    /// `kiosk --record` in a real terminal: the file is asciicast v2 and its replay ends on the
    /// screen tmux shows; `S` writes a picture into `--screenshots`.
    @Test func theRealBinaryRecordsASessionAndSavesAScreenshot() async throws {
        let work = try temporaryDirectory("record")
        defer { try? FileManager.default.removeItem(at: work) }
        let cast = work.appendingPathComponent("session.cast").path
        let session = TmuxSession()
        defer { session.close() }
        try session.start(arguments: "--record \(cast) --screenshots \(work.path)")
        try await session.waitFor("Lumen Pro (Monthly)")
        try session.keys("S")
        try await session.waitFor("Screen saved to")
        try session.keys("Down", "Enter")
        try await session.waitFor("Confirm")
        try session.keys("Enter")
        try await session.waitFor("Current plan")
        // The screen the recording ends on: once the store's reads after the purchase are drawn
        // (no busy mark), or the comparison catches a frame the paywall is about to replace.
        try await waitUntil("the paywall idle after the purchase") { try !session.screen().contains("⋯") }
        let shown = try session.screen()
        try session.keys("q")
        #expect(try await session.waitForExit())
        let pictures = try FileManager.default.contentsOfDirectory(atPath: work.path).filter {
            $0.hasSuffix(".svg")
        }
        #expect(pictures.count == 1 && pictures[0].hasPrefix("kiosk-"))
        let python = DocSnippetTests.python
        let replay = try await Self.run([python, Self.root.path + "/Tests/Interop/replay_cast.py", cast])
        try #require(replay.status == 0, "replay_cast.py: \(replay.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(replay.standardOutput.utf8)) as? [String: Any])
        let lines = try #require(report["lines"] as? [String])
        let expected = shown.components(separatedBy: "\n").map {
            $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        }
        #expect(Array(lines.prefix(30)) == Array(expected.prefix(30)))
        // The cast is closed: its last event gives the terminal back (colours reset, cursor shown).
        let last = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").last ?? ""
        #expect(last.contains(#"\u001b[0m\u001b[?25h"#), "the cast ends with \(last)")
    }
}
