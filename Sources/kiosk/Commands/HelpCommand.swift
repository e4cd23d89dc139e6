import Foundation
import Paywall

/// `kiosk help [TOPIC]`: the documentation, offline. A topic is a page of docs/ (`server`,
/// `troubleshooting` ...), `keys` (made from the key maps), `man` (a kiosk(1) page made from the
/// same option tables as --help), or a subcommand without a page of its own (its --help).
struct HelpCommand: Command {
    static let name = "help"
    static let summary = "Show a documentation page offline (kiosk help lists the topics)."
    static let usage = "kiosk help [TOPIC]"
    static let options: [OptionSpec] = []
    static let discussion = """
        The pages are the Markdown files of docs/ and the README in the Kiosk checkout this binary was
        built from (or $KIOSK_HOME), so they work from any directory and without a network.
        `kiosk help man > kiosk.1` writes a man page (man ./kiosk.1).

        EXIT STATUS:
          0  shown
          64 no such topic
          66 the documentation files are missing
        """

    var topic: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.positionals.count > 1 {
            throw UsageError("name one topic, got \(arguments.positionals.count)")
        }
        topic = arguments.positionals.first
    }

    static var docsDirectory: URL { BundledResources.root.appendingPathComponent("docs", isDirectory: true) }

    /// Topics with a page: every docs/*.md by name, and readme.
    static var pageTopics: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: docsDirectory.path)) ?? []
        // keys.md is the generated key reference: it is listed once, as `keys`.
        let pages = files.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.filter {
            $0 != "keys"
        }
        return (pages + ["readme"]).sorted()
    }

    func run() async throws -> ExitCode {
        guard let topic else {
            Console.print(Self.topicList)
            return .success
        }
        if let text = try Self.text(for: topic.lowercased()) {
            Console.print(text.hasSuffix("\n") ? String(text.dropLast()) : text)
            return .success
        }
        throw CommandFailure(
            "kiosk help: no topic '\(topic)'. Topics: "
                + (Self.pageTopics + ["keys", "man"]).joined(separator: ", ")
                + "; or a command: " + CommandRegistry.subcommands.map { $0.name }.joined(separator: ", "),
            exit: .usage)
    }

    /// The text of a topic, or nil when there is no such topic.
    static func text(for topic: String) throws -> String? {
        switch topic {
        case "keys": return KeyMaps.reference()
        case "man": return ManPage.render()
        default: break
        }
        let file =
            topic == "readme"
            ? BundledResources.root.appendingPathComponent("README.md")
            : docsDirectory.appendingPathComponent("\(topic).md")
        // A guide wins over a command of the same name (`store`): `kiosk store --help` is one flag away.
        guard FileManager.default.fileExists(atPath: file.path) else {
            if let command = CommandRegistry.command(named: topic) { return command.helpText + "\n" }
            guard FileManager.default.fileExists(atPath: docsDirectory.path) else {
                throw CommandFailure(
                    "kiosk help: the documentation is not at \(docsDirectory.path); set KIOSK_HOME to a Kiosk checkout",
                    exit: .noInput)
            }
            return nil
        }
        return try String(contentsOf: file, encoding: .utf8)
    }

    static var topicList: String {
        var lines = ["Topics (kiosk help TOPIC):"]
        for topic in pageTopics {
            let file =
                topic == "readme"
                ? BundledResources.root.appendingPathComponent("README.md")
                : docsDirectory.appendingPathComponent("\(topic).md")
            let title =
                ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n")
                .first { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) } ?? ""
            lines.append("  " + topic.padded(24) + title)
        }
        lines.append("  " + "keys".padded(24) + "every key of the paywall and its screens")
        lines.append(
            "  " + "man".padded(24) + "kiosk(1), a man page: kiosk help man > kiosk.1; man ./kiosk.1")
        lines.append(
            "  " + "COMMAND".padded(24) + "a command's --help: "
                + CommandRegistry.subcommands.map { $0.name }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
