import Foundation
import SourceDiagnostics
import StoreCommands
import TerminalUI

/// Reads `.rehearsal` files: one command a line, `#` starts a comment, `"..."` quotes text with
/// spaces (`\"` inside). Every mistake is a located `Diagnostic`, as `kiosk lint` gives for
/// catalogs, and all of a file's mistakes are reported at once.
public enum RehearsalParser {
    /// Parses the file at `path`, following `include`s (relative to the including file).
    /// - Returns: the script, or the diagnostics when any line does not parse.
    public static func parse(path: String) -> Result<RehearsalScript, RehearsalParseError> {
        var diagnostics: [Diagnostic] = []
        let steps = parseFile(path, includedFrom: nil, chain: [], diagnostics: &diagnostics)
        checkOrder(steps, &diagnostics)
        guard !diagnostics.containsErrors else {
            return .failure(RehearsalParseError(diagnostics: diagnostics))
        }
        return .success(RehearsalScript(path: path, steps: steps))
    }

    /// Parses text as if it were the file `file` (tests, `--record`).
    public static func parse(text: String, file: String) -> Result<RehearsalScript, RehearsalParseError> {
        var diagnostics: [Diagnostic] = []
        let steps = parseLines(text, file: file, chain: [file], diagnostics: &diagnostics)
        checkOrder(steps, &diagnostics)
        guard !diagnostics.containsErrors else {
            return .failure(RehearsalParseError(diagnostics: diagnostics))
        }
        return .success(RehearsalScript(path: file, steps: steps))
    }

    private static func parseFile(
        _ path: String, includedFrom: RehearsalStep?, chain: [String], diagnostics: inout [Diagnostic]
    ) -> [RehearsalStep] {
        let canonical = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let data = readRehearsal(path) else {
            let location =
                includedFrom.map { SourceLocation(file: $0.file, line: $0.line, column: 1) }
                ?? SourceLocation(file: path, line: 1, column: 1)
            diagnostics.append(
                error(
                    location,
                    "cannot read \(path): check the path (an include is relative to its file); a rehearsal is "
                        + "a regular file of at most 4 MB"))
            return []
        }
        if chain.contains(canonical), let includedFrom {
            diagnostics.append(
                error(
                    SourceLocation(file: includedFrom.file, line: includedFrom.line, column: 1),
                    "\(path) includes itself (through \(chain.joined(separator: " -> "))): remove the loop"))
            return []
        }
        return parseLines(
            String(decoding: data, as: UTF8.self), file: path, chain: chain + [canonical],
            diagnostics: &diagnostics)
    }

    private static func parseLines(
        _ text: String, file: String, chain: [String], diagnostics: inout [Diagnostic]
    )
        -> [RehearsalStep]
    {
        var steps: [RehearsalStep] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let located = { (column: Int) in SourceLocation(file: file, line: lineNumber, column: column) }
            let tokens: [Token]
            do {
                tokens = try tokenize(String(rawLine))
            } catch {
                diagnostics.append(self.error(located(error.column), error.message))
                continue
            }
            guard let first = tokens.first else { continue }
            let text = tokens.map(\.source).joined(separator: " ")
            let step = RehearsalStep(file: file, line: lineNumber, text: text, command: .launch)
            if first.text == "include" {
                guard tokens.count == 2 else {
                    diagnostics.append(
                        self.error(located(first.column), "include takes one file: include FILE"))
                    continue
                }
                let target = resolve(tokens[1].text, relativeTo: file)
                steps += parseFile(target, includedFrom: step, chain: chain, diagnostics: &diagnostics)
                continue
            }
            do {
                var parsed = step
                parsed.command = try command(tokens)
                steps.append(parsed)
            } catch {
                diagnostics.append(self.error(located(error.column), error.message))
            }
        }
        return steps
    }

    /// Set-up that shapes the store (catalog, copy, clock, seed, import) must come before the store opens.
    private static func checkOrder(_ steps: [RehearsalStep], _ diagnostics: inout [Diagnostic]) {
        var started: RehearsalStep?
        for step in steps {
            switch step.command {
            case .catalog, .paywallCopy, .clock, .seed, .importHistory:
                if let started {
                    diagnostics.append(
                        error(
                            SourceLocation(file: step.file, line: step.line, column: 1),
                            "'\(step.text)' sets up the store, which opened at \(started.location) "
                                + "('\(started.text)'): move it above that line"))
                }
            case .account, .caption, .wait: break
            case .store, .press, .type, .size, .theme, .style, .template, .launch, .expect, .screenshot,
                .endpoint:
                if started == nil { started = step }
            }
        }
    }

    static func resolve(_ path: String, relativeTo file: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(path).path
    }

    static func error(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(severity: .error, location: location, path: "", value: nil, message: message)
    }
}

/// The located errors of a file that does not parse (exit 65).
public struct RehearsalParseError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public var description: String { DiagnosticFormatter.text(diagnostics).trimmingCharacters(in: .newlines) }
}

/// A word of a line, with the column it starts at.
struct Token {
    var text: String
    var column: Int
    /// The word as written (quotes kept), for echoing the line.
    var source: String
}

/// A mistake in a line, at a column.
struct LineError: Error {
    var column: Int
    var message: String
}

extension RehearsalParser {
    /// Splits a line into words; `"..."` keeps spaces, `#` outside quotes ends the line.
    static func tokenize(_ line: String) throws(LineError) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == " " || character == "\t" || character == "\r" {
                index += 1
                continue
            }
            if character == "#" { break }
            let start = index
            var text = ""
            if character == "\"" {
                index += 1
                var closed = false
                while index < characters.count {
                    let next = characters[index]
                    if next == "\\", index + 1 < characters.count {
                        text.append(characters[index + 1])
                        index += 2
                        continue
                    }
                    index += 1
                    if next == "\"" {
                        closed = true
                        break
                    }
                    text.append(next)
                }
                guard closed else {
                    throw LineError(
                        column: start + 1, message: "a quote opened here is not closed: end the text with \"")
                }
            } else {
                while index < characters.count, !" \t\r".contains(characters[index]) {
                    text.append(characters[index])
                    index += 1
                }
            }
            tokens.append(Token(text: text, column: start + 1, source: String(characters[start..<index])))
        }
        return tokens
    }
}
