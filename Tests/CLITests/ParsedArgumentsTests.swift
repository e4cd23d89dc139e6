import Foundation
import Testing

@testable import kiosk

@Suite struct ParsedArgumentsTests {
    let specs: [OptionSpec] = [
        .flag("json", help: ""), .option("root", value: "FILE", help: ""),
        .option("tag", value: "T", help: "", repeatable: true),
    ]

    @Test func acceptsSeparateAndInlineValues() throws {
        let parsed = try ParsedArguments.parse(
            ["--root", "a.der", "x", "--json", "--tag=1", "--tag", "2", "-"], specs: specs, command: "kiosk t"
        )
        #expect(parsed.value("root") == "a.der")
        #expect(parsed.flag("json"))
        #expect(parsed.allValues("tag") == ["1", "2"])
        #expect(parsed.positionals == ["x", "-"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ParsedArguments.parse(["--", "--json"], specs: specs, command: "kiosk t")
        #expect(!parsed.flag("json"))
        #expect(parsed.positionals == ["--json"])
    }

    @Test func helpIsAlwaysAccepted() throws {
        #expect(try ParsedArguments.parse(["-h"], specs: [], command: "kiosk t").flag("help"))
        #expect(try ParsedArguments.parse(["--help"], specs: [], command: "kiosk t").flag("help"))
    }

    @Test(arguments: [
        (["--nope"], "unknown option '--nope' for 'kiosk t'"),
        (
            ["-x"],
            "unknown option '-x' for 'kiosk t'; a value beginning with '-' (such as a product ID) goes after '--', "
                + "which ends the options: kiosk t ... -- -x"
        ),
        (["--root"], "'--root' needs a value (FILE)"),
        (["--json=1"], "'--json' takes no value"),
        (["--root", "a", "--root", "b"], "'--root' is given twice"),
    ])
    func reportsUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try ParsedArguments.parse(arguments, specs: specs, command: "kiosk t")
        }
    }

    @Test func stateDirectoryFollowsXDG() {
        #expect(StateDirectory(explicitPath: "/tmp/s", environment: [:]).url.path == "/tmp/s")
        #expect(
            StateDirectory(explicitPath: nil, environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"]).url.path
                == "/x/kiosk")
        #expect(
            StateDirectory(explicitPath: nil, environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]).url.path
                == "/h/.local/state/kiosk")
    }
}
