import CommandLineOptions

extension StateDirectory {
    /// `--state DIR`, shared by every command that reads or writes a state directory.
    public static let option = OptionDefinition.option(
        "state", value: "DIR",
        help: "State directory (default $XDG_STATE_HOME/kiosk or ~/.local/state/kiosk).")

    /// Where the directory's warnings go: standard error, as the rest of a command's diagnostics.
    public static let warn: @Sendable (String) -> Void = { Console.error("kiosk: " + $0) }
}
