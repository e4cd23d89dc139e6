import Foundation
import Testing

/// A runnable example from the documentation: the fenced blocks after `<!-- snippet: NAME -->`
/// in one Markdown file, in order. `sh` blocks run in bash, `python` blocks with the project's
/// .venv Python (Apple's app-store-server-library), in one scratch directory per snippet;
/// `swift` blocks name a test file that must hold their lines (`<!-- snippet: NAME
/// checked-by=PATH -->`), since a Swift example runs as that test; any block marked
/// `file=NAME` is written to that file for the blocks after it.
struct DocSnippet: CustomTestStringConvertible, Sendable {
    struct Block: Sendable {
        var language: String
        var text: String
        var line: Int
        /// `file=NAME` on the marker: the block is that file's content, written, not run.
        var writesFile: String?
    }

    var file: String
    var name: String
    var checkedBy: String?
    var blocks: [Block]

    var testDescription: String { "\(file): \(name)" }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md and docs/*.md, relative to the package root.
    static var documents: [String] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path))
            ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    /// Every snippet of every document.
    static func all() -> [DocSnippet] {
        documents.flatMap { parse(file: $0) }
    }

    /// Fenced blocks of `language` that no snippet marker claims, as `file:line`.
    static func unmarked(languages: Set<String>) -> [String] {
        documents.flatMap { file -> [String] in
            let lines = text(of: file).components(separatedBy: "\n")
            var found: [String] = []
            var inFence = false
            for (index, line) in lines.enumerated() {
                guard line.hasPrefix("```") else { continue }
                defer { inFence.toggle() }
                let language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                guard !inFence, languages.contains(language) else { continue }
                let previous = index > 0 ? lines[index - 1] : ""
                if !previous.hasPrefix("<!-- snippet:") { found.append("\(file):\(index + 1)") }
            }
            return found
        }
    }

    /// Every `kiosk ...` command in the `sh` blocks of the documents, runnable or not, with where
    /// it is: the words up to a comment, pipe, redirection or `&&`.
    static func kioskCommands() -> [(place: String, words: [String])] {
        documents.flatMap { file -> [(place: String, words: [String])] in
            let lines = text(of: file).components(separatedBy: "\n")
            var found: [(place: String, words: [String])] = []
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                guard lines[index] == "```sh" else { continue }
                let start = index + 1
                var end = start
                while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
                let block = Block(
                    language: "sh", text: lines[start..<end].joined(separator: "\n"), line: start)
                for command in block.commands {
                    var words: [String] = []
                    for word in shellWords(command) {
                        if ["#", "|", ">", ">>", "&&", "||", ";", "&"].contains(word) { break }
                        words.append(word)
                    }
                    if words.first == "kiosk" { found.append(("\(file):\(start)", Array(words.dropFirst()))) }
                }
                index = end
            }
            return found
        }
    }

    /// Splits a command line into words, honouring single and double quotes (enough for docs).
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    static func text(of file: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    static func parse(file: String) -> [DocSnippet] {
        let lines = text(of: file).components(separatedBy: "\n")
        var snippets: [DocSnippet] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("<!-- snippet:"), line.hasSuffix("-->"), index < lines.count,
                lines[index].hasPrefix("```")
            else { continue }
            let words = line.dropFirst("<!-- snippet:".count).dropLast(3).split(separator: " ").map(
                String.init)
            guard let name = words.first else { continue }
            let checkedBy = words.first { $0.hasPrefix("checked-by=") }.map { String($0.dropFirst(11)) }
            let language = String(lines[index].dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let start = index + 1
            var end = start
            while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
            let writes = words.first { $0.hasPrefix("file=") }.map { String($0.dropFirst(5)) }
            let block = Block(
                language: language, text: lines[start..<end].joined(separator: "\n"), line: start,
                writesFile: writes)
            index = end + 1
            if let existing = snippets.firstIndex(where: { $0.name == name }) {
                snippets[existing].blocks.append(block)
            } else {
                snippets.append(DocSnippet(file: file, name: name, checkedBy: checkedBy, blocks: [block]))
            }
        }
        return snippets
    }
}

extension DocSnippet.Block {
    /// Logical shell lines: `\` continuations joined, so a command spans one entry.
    var commands: [String] {
        var result: [String] = []
        var current = ""
        for line in text.components(separatedBy: "\n") {
            if line.hasSuffix("\\") {
                current += line.dropLast() + " "
            } else {
                result.append(current + line)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
