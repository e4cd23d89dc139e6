import CommandLineOptions
import Testing

/// The first pass: words split against the definitions, before any value is read.
@Suite struct GivenArgumentsTests {
    let definitions: [OptionDefinition] = [
        .flag("json", help: ""), .option("root", value: "FILE", help: ""),
        .option("tag", value: "T", help: "", repeatable: true),
    ]

    func split(_ arguments: [String]) throws(UsageError) -> GivenArguments {
        try GivenArguments.split(arguments, definitions: definitions, command: "kiosk t")
    }

    @Test func acceptsSeparateAndInlineValues() throws {
        let given = try split(["--root", "a.der", "x", "--json", "--tag=1", "--tag", "2", "-"])
        #expect(given.values["root"] == ["a.der"])
        #expect(given.flags == ["json"])
        #expect(given.values["tag"] == ["1", "2"])
        #expect(given.positionals == ["x", "-"])
    }

    @Test func doubleDashEndsOptions() throws {
        let given = try split(["--", "--json", "--help"])
        #expect(given.flags.isEmpty && !given.wantsHelp)
        #expect(given.positionals == ["--json", "--help"])
    }

    @Test func helpIsAlwaysAccepted() throws {
        #expect(try GivenArguments.split(["-h"], definitions: [], command: "kiosk t").wantsHelp)
        #expect(try GivenArguments.split(["--help"], definitions: [], command: "kiosk t").wantsHelp)
        #expect(try !split(["--json"]).wantsHelp)
    }

    @Test(arguments: [
        (["--nope"], "unknown option '--nope' for 'kiosk t'"),
        (["--jsno"], "unknown option '--jsno' for 'kiosk t'; did you mean '--json'?"),
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
        #expect(throws: UsageError(message)) { try split(arguments) }
    }
}
