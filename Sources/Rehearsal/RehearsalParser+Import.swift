extension RehearsalParser {
    /// `import FILE... trust ROOT.cer` or `import FILE... unverified`: a customer's history from
    /// Apple's servers as the store's starting state (docs/rehearsals.md).
    static func importHistory(_ rest: [Token], at word: Token) throws(LineError) -> RehearsalCommand {
        let usage = "import FILE... trust ROOT.cer (or: import FILE... unverified)"
        guard let last = rest.last else {
            throw LineError(column: word.column, message: "import takes the history's files: \(usage)")
        }
        if last.text == "unverified" {
            let files = rest.dropLast().map(\.text)
            guard !files.isEmpty else {
                throw LineError(column: last.column, message: "name the history's files first: \(usage)")
            }
            return .importHistory(files: files, trust: nil)
        }
        guard rest.count >= 3, rest[rest.count - 2].text == "trust" else {
            throw LineError(
                column: last.column,
                message: "say which root the files are signed under, or that they are not checked: \(usage)")
        }
        return .importHistory(files: rest.dropLast(2).map(\.text), trust: last.text)
    }
}
