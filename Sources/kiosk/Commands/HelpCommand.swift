import CommandLineOptions
import Foundation
import Paywall
import PaywallLaunch
import SourceDiagnostics

/// `kiosk help [TOPIC]`: the documentation, offline. A topic is a page of docs/ (`server`,
/// `troubleshooting` ...), `keys guide` (made from the key maps), `man` (a kiosk(1) page made from
/// the same option tables as --help), or a subcommand (its --help). Where a guide and a command
/// share a name (`store`, `state`, `keys`), the command's help shows, as `git help` does, and the
/// guide is one word away: `kiosk help store guide`.
struct HelpCommand: Command {
    static let name = "help"
    static let summary = "Show a documentation page offline (kiosk help lists the topics)."
    static let usage = "kiosk help [TOPIC | COMMAND [guide]]"
    struct Options: ParsableOptions {}

    static var positionals: PositionalCompletion {
        PositionalCompletion(first: .words(topics + CommandRegistry.subcommands.map { $0.name }))
    }

    /// Topics made by the binary rather than read from docs/.
    enum GeneratedTopic: String, CaseIterable {
        /// Every key of the paywall, from its key maps.
        case keys
        /// kiosk(1), from the commands' declarations.
        case man

        var text: String {
            switch self {
            case .keys: KeyMaps.reference()
            case .man: KioskManual.render()
            }
        }
    }

    /// Every topic: the pages, then the generated ones.
    static var topics: [String] { pageTopics + GeneratedTopic.allCases.map(\.rawValue) }
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
    /// `guide` after a topic: the guide even where a command has the same name.
    var wantsGuide = false

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        let words = arguments.positionals
        if words.count == 2, words[1] == "guide" {
            wantsGuide = true
        } else if words.count > 1 {
            throw UsageError(
                "name one topic (and 'guide' after it for the guide), got '\(words.joined(separator: " "))'")
        }
        topic = words.first
    }

    static var docsDirectory: URL { BundledResources.root.appendingPathComponent("docs", isDirectory: true) }

    /// Topics with a page: every docs/*.md by name, and readme.
    static var pageTopics: [String] {
        // No docs/ lists no pages; asking for one then says the documentation is missing (exit 66).
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
        if let text = try Self.text(for: topic.lowercased(), guide: wantsGuide) {
            Console.print(text.hasSuffix("\n") ? String(text.dropLast()) : text)
            return .success
        }
        let known = Self.topics + CommandRegistry.subcommands.map { $0.name }
        let guess = Suggestion.closest(to: topic, in: known).map { " Did you mean '\($0)'?" } ?? ""
        throw CommandFailure(
            "kiosk help: no topic '\(topic)'.\(guess) Topics: "
                + Self.topics.joined(separator: ", ")
                + "; or a command: " + CommandRegistry.subcommands.map { $0.name }.joined(separator: ", "),
            exit: .usage)
    }

    /// The text of a topic, or nil when there is no such topic. A command's help wins over a
    /// guide of the same name unless `guide` asks for the guide; the help then names it.
    static func text(for topic: String, guide: Bool = false) throws -> String? {
        if !guide, let command = CommandRegistry.command(named: topic) {
            let hasGuide = topic == GeneratedTopic.keys.rawValue || pageTopics.contains(topic)
            return command.helpText + (hasGuide ? "\n\nThe guide: kiosk help \(topic) guide" : "") + "\n"
        }
        if let generated = GeneratedTopic(rawValue: topic) { return generated.text }
        let file =
            topic == "readme"
            ? BundledResources.root.appendingPathComponent("README.md")
            : docsDirectory.appendingPathComponent("\(topic).md")
        guard FileManager.default.fileExists(atPath: file.path) else {
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
            // A page that cannot be read is listed without its title; `kiosk help TOPIC` says why.
            let title =
                ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n")
                .first { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) } ?? ""
            lines.append("  " + topic.padded(24) + title)
        }
        lines.append("  " + "keys guide".padded(24) + "every key of the paywall and its screens")
        lines.append(
            "  " + "man".padded(24) + "kiosk(1), a man page: kiosk help man > kiosk.1; man ./kiosk.1")
        lines.append(
            "  " + "COMMAND [guide]".padded(24) + "a command's --help, or the guide of the same name: "
                + CommandRegistry.subcommands.map { $0.name }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
