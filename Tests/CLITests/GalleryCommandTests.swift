import CommandLineOptions
import Foundation
import PaywallShots
import TestSupport
import Testing
import kiosk

/// `kiosk gallery`: one SVG per template × theme × locale × state, an index that shows each
/// with its caption, and review findings beside the pictures they concern.
@Suite struct GalleryCommandTests {
    @Test func theIndexShowsEveryPictureWithItsCaptionAndFindingsBesideThem() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-gallery-\(UUID().uuidString)"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let findings = out + "-findings.json"
        defer { try? FileManager.default.removeItem(atPath: findings) }
        let list: [GalleryFinding] = [
            GalleryFinding(
                template: "cards", locale: "ja", state: "subscribed", message: "no auto-renewal terms in ja"),
            GalleryFinding(
                template: "hero", locale: "ar", state: "eligible", message: "Terms <of Use> link missing"),
        ]
        try JSONEncoder().encode(list).write(to: URL(fileURLWithPath: findings))
        let status = await Kiosk.run([
            "gallery", "--out", out, "--templates", "list,cards", "--themes", "default,sunset", "--locales",
            "en_US,ja",
            "--states", "eligible,subscribed", "--size", "80x24", "--findings", findings,
        ])
        #expect(status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".svg") }
        #expect(files.count == 2 * 2 * 2 * 2)
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        for file in files { #expect(index.contains("src=\"\(file)\" width=\"740\" height=\"452\"")) }
        #expect(index.contains("cards-sunset-ja-subscribed.svg"))
        #expect(
            index.contains(
                "<figcaption>demo · cards · buttons · sunset · ja · subscribed · 80x24</figcaption>"))
        // The finding sits in both themes' figures of its template, locale and state, and once in
        // the list of causes at the top.
        #expect(index.components(separatedBy: "no auto-renewal terms in ja").count - 1 == 3)
        // Filters by template, locale, theme and state; a larger view; no test text on the page.
        for name in ["template", "locale", "theme", "state"] {
            #expect(index.contains("<select name=\"\(name)\">"))
        }
        #expect(index.contains("<dialog id=\"viewer\">"))
        #expect(index.contains("position: sticky"))
        #expect(!index.contains("image-report\">"))
        let figure = try #require(
            index.range(
                of:
                    "data-template=\"cards\" data-theme=\"sunset\" data-locale=\"ja\" data-state=\"subscribed\""
            ))
        let after = index[figure.upperBound...]
        #expect(after.prefix(600).contains("no auto-renewal terms in ja"))
        // A finding for a picture not in this gallery is listed at the top, escaped, never dropped.
        #expect(index.contains("Findings without a picture here"))
        #expect(index.contains("hero · ar · eligible: Terms &lt;of Use&gt; link missing"))
    }

    /// `--review` runs the App Review checks and puts what they find beside the pictures: the
    /// minimal catalog's paywall has no Terms of Use or Privacy Policy to link to.
    @Test func theReviewsFindingsSitBesideThePicturesTheyConcern() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-gallery-review-\(UUID().uuidString)"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let minimal = PackageFiles.catalog("minimal")
        let status = await Kiosk.run([
            "gallery", "--out", out, "--catalog", minimal, "--templates", "cards", "--locales", "en_US",
            "--states", "eligible", "--size", "80x24", "--review",
        ])
        #expect(status == 0)
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let figure = try #require(index.range(of: "data-template=\"cards\" data-theme=\"default\""))
        // One line per cause, where to fix it, beside the picture and once at the top.
        let cause = "no Terms of Use to link to; add \"eula\" to \"appPolicies\""
        #expect(
            index[figure.upperBound...].prefix(2_000).contains(
                cause.replacingOccurrences(of: "\"", with: "&quot;")))
        #expect(index.contains("minimal.storekit:1:1: no Terms of Use to link to"))
        #expect(index.contains("App Review: 2 causes"))
        #expect(!index.contains("Findings without a picture here"))
    }

    /// The usage error `kiosk gallery ARGUMENTS` refuses them with (exit 64), read from its output.
    func refusal(_ arguments: [String]) async -> String? {
        let (writer, lines) = ConsoleWriter.capturing()
        guard await Kiosk.run(["gallery"] + arguments, console: writer) == 64 else { return nil }
        return lines().error.split(separator: "\n").first.map {
            String($0.dropFirst("kiosk gallery: ".count))
        }
    }

    @Test func badValuesAreNamed() async throws {
        #expect(
            await refusal(["--out", "x", "--states", "eligible,asleep"])
                == "--states must be one of eligible, ineligible, trial, subscribed, pending, billing-retry, sheet, "
                + "manager, cancel-message, cancel-image, cancel-switch-plan, cancel-offer, cancel-default, got 'asleep'"
        )
        #expect(
            await refusal(["--out", "x", "--themes", "default,"])
                == "--themes needs a comma-separated list, got 'default,'")
        let findings = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-\(UUID().uuidString).json"
        ).path
        try Data("[{\"template\": 1}]".utf8).write(to: URL(fileURLWithPath: findings))
        defer { try? FileManager.default.removeItem(atPath: findings) }
        #expect(await Kiosk.run(["gallery", "--out", findings + ".d", "--findings", findings]) == 65)
    }
}
