import CommandLineOptions
import Foundation
import Presets
import SharedState
import StoreCommands
import StoreCore

/// `kiosk preset list | apply NAME`: the named starting states (docs/presets.md), listed, or
/// built in a state directory for the paywall, `kiosk store` and a server to use.
public struct PresetCommand: Command {
    public static let name = "preset"
    public static let summary = "List the named starting states (presets), or build one in a state directory."
    public static let usage =
        "kiosk preset list [--json]\n"
        + "       kiosk preset apply NAME [--force] [--state DIR] [--catalog FILE] [--account NAME] [--store URL]"
    public struct Options: ParsableOptions {
        @OptionGroup public var store: StoreOptions.Group
        @Flag("json", help: "list: print machine-readable JSON.") public var json: Bool
        @Flag(PresetApplication.forceOption) public var force: Bool

        public init() {}
    }

    public enum Action: String, CaseIterable {
        case list, apply
    }

    public static let positionals = PositionalCompletion(
        first: .words(Action.allCases.map(\.rawValue)),
        second: [.init([Action.apply.rawValue], .words(Preset.all.map(\.name)))])
    public static var discussion: String {
        """
        A preset clears the store back to its catalog's defaults, starts the clock at the next midnight
        (UTC), and builds its state with the store's own actions for the account (default: tester).
        On a state that has transactions already it refuses unless --force, which replaces the store's
        whole history. kiosk --preset NAME opens the paywall on a fresh (ephemeral) copy.

        EXIT STATUS:
          0  listed, or applied
          1  refused (the state has transactions and no --force), or the store refused a step
          64 usage error, or no preset of that name (the closest is suggested)
          65 the catalog could not be read
          73 the state directory cannot be used

        PRESETS:
        """ + "\n" + Preset.table(indent: "  ")
    }

    public var action: Action
    public var presetName: String?
    public var options: Options
    public var storeOptions: StoreOptions

    public init(_ arguments: Arguments<Options>) throws(UsageError) {
        guard let word = arguments.positionals.first, let action = Action(rawValue: word) else {
            throw UsageError("say what to do: kiosk preset list | apply NAME")
        }
        let expected = action == .apply ? 2 : 1
        if arguments.positionals.count < expected {
            throw UsageError("kiosk preset apply needs a preset's name (kiosk preset list shows them)")
        }
        if arguments.positionals.count > expected {
            throw UsageError("unexpected argument '\(arguments.positionals[expected])'")
        }
        self.action = action
        presetName = action == .apply ? arguments.positionals[1] : nil
        options = arguments.options
        storeOptions = try StoreOptions(options.store)
    }

    public func run() async throws -> ExitCode {
        guard let presetName else {
            if options.json {
                let list = Preset.all.map { ["name": $0.name, "summary": $0.summary] }
                let data = try JSONSerialization.data(
                    withJSONObject: list, options: [.prettyPrinted, .sortedKeys])
                Console.print(String(decoding: data, as: UTF8.self))
            } else {
                Console.print(Preset.table(indent: ""))
            }
            return .success
        }
        let preset = try PresetApplication.preset(named: presetName)
        let opened = try await storeOptions.open(command: "kiosk preset apply")
        do {
            let place = storeOptions.isEphemeral ? "an ephemeral store" : storeOptions.state.url.path
            try await PresetApplication.apply(
                preset, to: opened.store, force: options.force, stateDescription: place)
            let account = try await opened.store.currentAccount().name
            let clock = try await opened.store.now().formatted(.iso8601)
            Console.print("Applied preset \(preset.name) for \(account) in \(place); store clock \(clock).")
            await opened.close()
            return .success
        } catch {
            await opened.close()
            throw error
        }
    }
}

/// What `kiosk preset apply` and `kiosk --preset` share: finding a preset, refusing to replace
/// a store's history unless forced, and applying it with a progress bar on a terminal.
public enum PresetApplication {
    public static let forceOption = OptionDefinition.flag(
        "force", help: "--preset, preset apply: replace the history of a state that has transactions.")

    /// The preset, or a usage error listing the known ones with the closest name.
    public static func preset(named name: String) throws(CommandFailure) -> Preset {
        do {
            return try Preset.named(name)
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .usage)
        }
    }

    /// Applies `preset`, after checking that it replaces nothing unless `force`.
    public static func apply(
        _ preset: Preset, to store: any Store & StoreControl, force: Bool, stateDescription: String
    ) async throws {
        let bar = ProgressBar.onStandardError("preset \(preset.name)")
        defer { bar?.finish() }
        do throws(PresetRunner.ReplacingError) {
            try await PresetRunner(preset).apply(to: store, force: force, progress: bar?.callback)
        } catch .holdsHistory(let count) {
            throw CommandFailure(
                "kiosk: \(stateDescription) already holds \(count) transaction\(count == 1 ? "" : "s"); a preset "
                    + "clears every account's history. Add --force to replace it, or use a new --state DIR "
                    + "(or none: kiosk --preset NAME runs on an ephemeral copy).", exit: .failure)
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .failure)
        }
    }
}
