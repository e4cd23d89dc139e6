import CommandLineOptions
import Foundation
import Subprocess
import Testing

@testable import kiosk

/// `kiosk completions`: each script passes its shell's syntax check, and bash really completes
/// words (COMP_WORDS emulation), including the product IDs and accounts asked of the binary.
@Suite struct CompletionsTests {
    /// `swift test` builds the binary next to the test bundle (.build/<config>/).
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("kiosk").path

    static func has(_ shell: String) -> Bool {
        (try? Subprocess.run(["sh", "-c", "command -v \(shell)"]).status) == 0
    }

    /// The script written to a temporary file.
    static func script(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "kiosk-completion-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func bashScriptPassesTheSyntaxCheck() async throws {
        let path = try Self.script(CompletionScript.bash(CompletionTable.make()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await Child.run(["bash", "-n", path])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test(.enabled(if: has("zsh"), "zsh is not installed: apt-get install zsh"))
    func zshScriptPassesTheSyntaxCheck() async throws {
        let path = try Self.script(CompletionScript.zsh(CompletionTable.make()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await Child.run(["zsh", "-n", path])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test(.enabled(if: has("fish"), "fish is not installed: apt-get install fish"))
    func fishScriptPassesTheSyntaxCheck() async throws {
        let path = try Self.script(CompletionScript.fish(CompletionTable.make()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await Child.run(["fish", "--no-execute", path])
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// What bash offers for the words typed so far (the last one being completed).
    static func complete(_ words: [String], script: String) async throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let driver = """
            source '\(script)'
            COMP_WORDS=('\(binary)' \(quoted.joined(separator: " ")))
            COMP_CWORD=\(words.count)
            _kiosk
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await Child.run(["bash", "-c", driver])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsActionsAndValues() async throws {
        let path = try Self.script(CompletionScript.bash(CompletionTable.make()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(Set(try await Self.complete(["st"], script: path)) == ["state", "store"])
        #expect(try await Self.complete(["sto"], script: path) == ["store"])
        #expect(try await Self.complete(["pr"], script: path) == ["preset"])
        #expect(try await Self.complete(["--pre"], script: path) == ["--preset"])
        #expect(try await Self.complete(["--preset", "billing"], script: path) == ["billing-retry"])
        #expect(try await Self.complete(["store", "adv"], script: path) == ["advance"])
        // An option's value is not taken for the action.
        #expect(try await Self.complete(["store", "--account", "bob", "adv"], script: path) == ["advance"])
        #expect(try await Self.complete(["store", "--js"], script: path) == ["--json"])
        #expect(try await Self.complete(["preset", "apply", "grace"], script: path) == ["grace-period"])
        #expect(try await Self.complete(["completions", "f"], script: path) == ["fish"])
        #expect(
            try await Self.complete(["--style", "paged"], script: path) == [
                "pagedPicker", "pagedProminentPicker",
            ])
        // Product IDs come from the binary: kiosk completions --list products.
        #expect(
            try await Self.complete(["store", "buy", "com.kiosk.lumen.pro"], script: path) == [
                "com.kiosk.lumen.pro.monthly", "com.kiosk.lumen.pro.annual",
            ])
    }

    @Test func bashCompletesAccountsFromTheState() async throws {
        let state = NSTemporaryDirectory() + "kiosk-completion-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(await Kiosk.run(["store", "account", "add", "bob", "--state", state]) == 0)
        let path = try Self.script(CompletionScript.bash(CompletionTable.make()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            try await Self.complete(["store", "--state", state, "--account", ""], script: path) == [
                "bob", "tester",
            ])
        // No state, no accounts, and no error in the line being typed.
        #expect(
            try await Self.complete(["--state", state + "-missing", "--account", ""], script: path) == [])
    }

    @Test(.enabled(if: has("fish"), "fish is not installed: apt-get install fish"))
    func fishCompletesCommandsActionsAndProducts() async throws {
        let path = try Self.script(CompletionScript.fish(CompletionTable.make()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func complete(_ line: String) async throws -> [String] {
            let directory = URL(fileURLWithPath: Self.binary).deletingLastPathComponent().path
            let result = try await Child.run([
                "fish", "--no-config", "-c",
                "set PATH \(directory) $PATH; source \(path); complete -C '\(line)'",
            ])
            #expect(result.standardError.isEmpty, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try await complete("kiosk sto") == ["store"])
        #expect(Set(try await complete("kiosk st")) == ["state", "store"])
        #expect(try await complete("kiosk store --account bob adv") == ["advance"])
        #expect(try await complete("kiosk preset apply up") == ["upgraded"])
        #expect(
            try await complete("kiosk store buy com.kiosk.lumen.pro").sorted() == [
                "com.kiosk.lumen.pro.annual", "com.kiosk.lumen.pro.monthly",
            ])
    }

    /// zsh completes through its completion system, which needs a terminal; the script's own
    /// logic runs here with `compadd`, `_describe` and `_files` stubbed to print what they are
    /// offered (zsh then keeps those matching the word being typed).
    @Test(.enabled(if: has("zsh"), "zsh is not installed: apt-get install zsh"))
    func zshOffersCommandsActionsAndProducts() async throws {
        let path = try Self.script(CompletionScript.zsh(CompletionTable.make()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func offered(_ words: String...) async throws -> [String] {
            let driver = """
                compdef() { : }
                compadd() { while [[ $1 != -- ]]; do shift; done; shift; print -l -- "$@" }
                _describe() { local -a items; items=("${(@P)${@[-1]}}"); print -l -- "${(@)items%%:*}" }
                _files() { print -- FILES }
                source '\(path)'
                words=('\(Self.binary)' "$@"); CURRENT=$#words
                _kiosk
                """
            let result = try await Child.run(["zsh", "-f", "-c", driver, "zsh"] + words)
            #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").map(String.init)
        }
        #expect(try await offered("st").contains("store"))
        #expect(try await offered("store", "--account", "bob", "").contains("advance"))
        #expect(try await offered("store", "buy", "").contains("com.kiosk.lumen.pro.monthly"))
        #expect(try await offered("preset", "apply", "").contains("billing-retry"))
        #expect(try await offered("--pre").contains("--preset"))
        #expect(try await offered("lint", "") == ["FILES"])
    }

    @Test func everyCommandAndOptionIsInEveryScript() {
        let table = CompletionTable.make()
        let scripts = [
            CompletionScript.bash(table), CompletionScript.zsh(table), CompletionScript.fish(table),
        ]
        for command in CommandRegistry.subcommands {
            for script in scripts { #expect(script.contains(command.name), "\(command.name)") }
            for option in command.options {
                #expect(scripts[0].contains("--\(option.name)"), "\(command.name) --\(option.name)")
                #expect(scripts[2].contains("-l \(option.name) "), "fish: \(command.name) --\(option.name)")
            }
        }
    }

    @Test func usage() async {
        #expect(await Kiosk.run(["completions"]) == 64)
        #expect(await Kiosk.run(["completions", "tcsh"]) == 64)
        #expect(await Kiosk.run(["completions", "--list", "colours"]) == 64)
    }
}
