import CommandLineOptions
import Testing

/// `--help`, the man page and the completion scripts, each made from the same definitions.
@Suite struct GeneratedTextTests {
    let options: [OptionDefinition] = [
        .option("out", value: "FILE", help: "Where to write."), .flag("json", help: "Print JSON."),
        .option("colour", value: "C", help: "red or blue.", completion: .words(["red", "blue"])),
    ]

    @Test func helpListsEveryOptionAlignedWithHelpLast() {
        let text = HelpText.render(
            summary: "Do it.", usage: "tool [--json]", options: options, discussion: "More.")
        #expect(
            text == """
                OVERVIEW: Do it.

                USAGE: tool [--json]

                OPTIONS:
                  --out FILE  Where to write.
                  --json      Print JSON.
                  --colour C  red or blue.
                  --help      Show this help.

                More.
                """)
    }

    @Test func theManPageEscapesRoffAndKeepsIndentedBlocks() {
        let page = ManPage(
            program: "tool", source: "Tool", summary: "Does things.", usages: ["tool [--json]\n  tool run"],
            description: "One line\nand its rest.\n\nEXIT:\n  0  done\n  1  not", options: options,
            commands: [ManPage.Command(name: "tool run", summary: "Runs.", options: [], discussion: "")],
            trailer: [".SH SEE ALSO", "nothing"]
        )
        .render()
        #expect(
            page.hasPrefix(".TH TOOL 1 \"\" \"Tool\" \"User Commands\"\n.SH NAME\ntool \\- Does things.\n"))
        #expect(page.contains(".nf\ntool [\\-\\-json]\n.fi\n.nf\ntool run\n.fi"), "each usage line, trimmed")
        #expect(page.contains(".PP\nOne line and its rest.\n.PP\n.nf\nEXIT:\n  0  done\n  1  not\n.fi"))
        #expect(page.contains(".TP\n\\fB\\-\\-out\\fR \\fIFILE\\fR\nWhere to write."))
        #expect(page.contains(".SS tool run\nRuns.\n") && page.hasSuffix(".SH SEE ALSO\nnothing\n"))
        #expect(ManPage.escape(".start 'q' \\ é") == "\\&.start 'q' \\e \\[u00E9]")
    }

    var table: CompletionTable {
        CompletionTable(
            program: "tool",
            root: .init(name: "", summary: "The tool.", options: options + [.help]),
            commands: [
                .init(
                    name: "run", summary: "Run it.", options: options + [.help],
                    positionals: PositionalCompletion(
                        first: .words(["fast", "slow"]), second: [.init(["fast"], .dynamic("targets"))]))
            ],
            completionsCommand: "completions", contextOptions: ["--out"])
    }

    @Test func everyScriptNamesTheProgramItsCommandsAndTheirOptions() {
        for script in [
            CompletionScript.bash(table), CompletionScript.zsh(table), CompletionScript.fish(table),
        ] {
            #expect(script.contains("tool completions") && !script.contains("kiosk"), "\(script.prefix(80))")
            #expect(
                script.contains("run") && script.contains("--colour") && script.contains("red blue")
                    || script.contains("'red' 'blue'"))
            #expect(script.contains("completions --list"), "dynamic values are asked of the program")
        }
        #expect(CompletionScript.bash(table).contains("complete -F _tool tool"))
        #expect(
            CompletionScript.bash(table).contains("            --out) extra+="),
            "context options go to --list")
        #expect(CompletionScript.zsh(table).hasPrefix("#compdef tool\n"))
        #expect(
            CompletionScript.fish(table).contains(
                "complete -c tool -n '__tool_in run' -l colour -d 'red or blue.' -x -a 'red blue'"))
    }
}
