import Foundation
import SourceDiagnostics
import Testing

@testable import TerminalUI

@Suite final class ThemeTests: Sendable {
    /// The repository's themes/ folder, found from this file's path.
    static let themesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("themes").path

    /// Where `directory(_:)` writes: one folder per test, removed when the test ends (Swift
    /// Testing makes a suite instance per test).
    private let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "themes-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// Writes `files` (name → JSON) into a fresh directory and returns its path.
    private func directory(_ files: [String: String]) throws -> String {
        let url = scratch.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return url.path
    }

    private func lint(_ json: String, base: String? = nil) throws -> [Diagnostic] {
        var files = ["theme.json": json]
        if let base { files["default.json"] = base }
        return ThemeLinter.lint(path: try directory(files) + "/theme.json")
    }

    private func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map {
            "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.path) \($0.value ?? "-")"
        }
    }

    @Test(arguments: ["default", "high-contrast", "mono", "sunset"])
    func bundledThemesLoadClean(name: String) throws {
        let path = "\(Self.themesDirectory)/\(name).json"
        #expect(ThemeLinter.lint(path: path).isEmpty)
        let theme = try Theme.load(named: name, in: Self.themesDirectory)
        #expect(theme.name == name)
        #expect(Set(theme.styles.keys) == Set(ThemeRole.allCases))
    }

    @Test func monoThemeFileMatchesTheBuiltInFallback() throws {
        #expect(try Theme.load(named: "mono", in: Self.themesDirectory).styles == Theme.monochrome.styles)
    }

    @Test func inheritanceMergesAttributesAndHexIsKept() throws {
        let theme = try Theme.load(named: "sunset", in: Self.themesDirectory)
        #expect(
            theme[.cta]
                == Style(foreground: .rgb(255, 255, 255), background: .rgb(0xe4, 0x57, 0x2e), bold: true))
        #expect(theme[.text] == Style())  // inherited from default
        #expect(theme.resolved(for: .indexed256)[.cta].foreground == .indexed(231))
        let contrast = try Theme.load(named: "high-contrast", in: Self.themesDirectory)
        #expect(!contrast[.focus].reverse)
    }

    @Test func monochromeKeepsKeyRolesDistinguishable() throws {
        let theme = try Theme.load(named: "sunset", in: Self.themesDirectory).resolved(for: .none)
        let keyRoles: [ThemeRole] = [.cta, .focus, .selection]
        #expect(Set(keyRoles.map { theme[$0] }).count == keyRoles.count)
        let banners: [ThemeRole] = [.bannerPending, .bannerWarning, .bannerError, .bannerInfo, .statusBar]
        for role in keyRoles + banners {
            #expect(theme[role] != .plain, "\(role) must stand out without colour")
            #expect(theme[role].foreground == .default && theme[role].background == .default)
        }
    }

    @Test func syntaxErrorsArePositioned() throws {
        let diagnostics = try lint("{\n  \"name\": \"x\",\n  \"roles\": { \"cta\" { } }\n}")
        #expect(summary(diagnostics) == ["3:20 error  -"])
        #expect(diagnostics[0].message.contains("expected ':'"))
    }

    @Test func everyProblemIsReportedWithLineAndColumn() throws {
        let json = """
            {
              "name": "broken",
              "inherits": "default",
              "nmae": 1,
              "roles": {
                "cta": { "fg": "#ff88", "bg": 300, "bolt": true },
                "ctaa": { "fg": 1 },
                "focus": "reverse",
                "text": { "bold": "yes", "fg": [1] }
              }
            }
            """
        let diagnostics = try lint(json, base: #"{"roles": {"muted": {"dim": true}}}"#)
        #expect(
            summary(diagnostics) == [
                "4:3 warning nmae -",
                "6:20 error roles.cta.fg \"#ff88\"",
                "6:35 error roles.cta.bg 300",
                "6:40 warning roles.cta.bolt -",
                "7:5 warning roles.ctaa -",
                "8:14 error roles.focus \"reverse\"",
                "9:23 error roles.text.bold \"yes\"",
                "9:36 error roles.text.fg [\u{2026}]",
            ]
                + [
                    "5:3 error roles "
                        + ThemeRole.allCases.filter { ![.muted, .cta, .text].contains($0) }.map(\.rawValue)
                        .joined(separator: ", ")
                ])
        let messages = diagnostics.map(\.message)
        #expect(messages[0].hasSuffix("did you mean 'name'?"))
        #expect(messages[3].hasSuffix("did you mean 'bold'?"))
        #expect(messages[4].hasSuffix("did you mean 'cta'?"))
        #expect(messages[1].contains("#rrggbb"))
    }

    @Test func missingAndCircularBaseThemesAreErrors() throws {
        let missing = try lint(#"{"inherits": "defualt", "roles": {}}"#, base: #"{"roles": {}}"#)
        #expect(summary(missing).first == "1:14 error inherits \"defualt\"")
        #expect(missing.first?.message.hasSuffix("did you mean 'default'?") == true)
        let directory = try directory([
            "a.json": #"{"inherits": "b", "roles": {}}"#, "b.json": #"{"inherits": "a", "roles": {}}"#,
        ])
        let cycle = ThemeLinter.lint(path: directory + "/a.json")
        #expect(
            cycle.contains {
                $0.path == "inherits" && $0.message.contains("cycle") && $0.location.file.hasSuffix("b.json")
            })
    }

    @Test func loadThrowsWithEveryError() throws {
        let path = try directory(["bad.json": #"{"roles": {"cta": {"fg": "blue"}}}"#]) + "/bad.json"
        #expect(throws: TerminalUIError.self) { try Theme.load(path: path) }
        do {
            _ = try Theme.load(path: path)
        } catch {
            #expect(error.description.contains("bad.json:1:26: error: roles.cta.fg = \"blue\": not a colour"))
        }
        #expect(
            ThemeLinter.lint(path: "/nonexistent/theme.json").first?.message.contains("cannot read") == true)
    }

    @Test func resolvedThemesFollowTheTerminal() throws {
        let theme = try Theme.load(named: "default", in: Self.themesDirectory)
        // 33 (#0087ff) is nearest to cyan (#00cdcd) among the 16 by RGB distance.
        #expect(theme.resolved(for: .ansi16)[.cta].background == .indexed(6))
        #expect(theme.resolved(for: .ansi8)[.cta].foreground == .indexed(7))
        #expect(theme.resolved(for: .none) == Theme(name: "default", styles: Theme.monochrome.styles))
    }
}
