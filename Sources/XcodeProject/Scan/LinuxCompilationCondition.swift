import Foundation

/// What an `#if` condition means when the Swift compiler builds the file on Linux, so that the
/// scan reads the branches Linux compiles (`#if os(macOS) import AppKit #else import UIKit`
/// compiles the `#else` here) and skips the ones it does not.
///
/// A condition is read as the compiler reads it: `os(...)`, `arch(...)`, `canImport(...)`,
/// `targetEnvironment(...)`, `swift(...)`/`compiler(...)` versions, `!`, `&&`, `||` and
/// parentheses. What the scan cannot know keeps the meaning it had before this reading:
/// a custom flag (`#if BETA`) is compiled on both sides, so the scan errs towards looking at
/// code; a `canImport` of a module it cannot place leaves the branch to the developer.
enum LinuxCompilationCondition: Equatable {
    /// Linux compiles it.
    case compiled
    /// Linux does not compile it.
    case skipped
    /// A custom flag the build settings may set (read as compiled, as before).
    case unknownFlag
    /// A platform question the scan cannot answer (read as the developer's own guard).
    case unknownPlatform

    /// Whether the scan treats code under this condition as code Linux compiles.
    var isRead: Bool { self == .compiled || self == .unknownFlag }

    static func evaluate(_ condition: some StringProtocol) -> LinuxCompilationCondition {
        var parser = Parser(tokens: tokens(in: String(condition)))
        return parser.disjunction()
    }

    var negated: LinuxCompilationCondition {
        switch self {
        case .compiled: .skipped
        case .skipped: .compiled
        default: self
        }
    }

    func and(_ other: LinuxCompilationCondition) -> LinuxCompilationCondition {
        if self == .skipped || other == .skipped { return .skipped }
        if self == .unknownPlatform || other == .unknownPlatform { return .unknownPlatform }
        if self == .unknownFlag || other == .unknownFlag { return .unknownFlag }
        return .compiled
    }

    func or(_ other: LinuxCompilationCondition) -> LinuxCompilationCondition {
        if self == .compiled || other == .compiled { return .compiled }
        if self == .unknownPlatform || other == .unknownPlatform { return .unknownPlatform }
        if self == .unknownFlag || other == .unknownFlag { return .unknownFlag }
        return .skipped
    }

    /// One `name(argument)` test, or a bare flag.
    static func atom(_ name: String, argument: String?) -> LinuxCompilationCondition {
        guard let argument else {
            switch name {
            case "true": return .compiled
            case "false": return .skipped
            // SwiftPM's debug builds (what `kiosk xctest` runs) define DEBUG, as Xcode's do.
            case "DEBUG": return .compiled
            default: return .unknownFlag
            }
        }
        switch name {
        case "os": return argument == "Linux" ? .compiled : .skipped
        case "arch": return argument == currentArchitecture ? .compiled : .skipped
        case "targetEnvironment": return .skipped
        case "canImport": return canImport(argument)
        case "swift", "compiler": return version(argument)
        default: return .unknownFlag  // hasFeature, hasAttribute, _runtime: not platform questions
        }
    }

    private static var currentArchitecture: String {
        #if arch(arm64)
            "arm64"
        #else
            "x86_64"
        #endif
    }

    private static func canImport(_ argument: String) -> LinuxCompilationCondition {
        let module = String(argument.split(separator: ",").first ?? "").trimmingCharacters(in: .whitespaces)
        // Kiosk's SwiftUI holds no views: whether a guarded view file compiles is the developer's call.
        if module == "SwiftUI" { return .unknownPlatform }
        if ModulePool.kioskProducts.contains(module) || ToolchainModules.installed.contains(module) {
            return .compiled
        }
        if LinuxAvailability.userInterfaceModules.contains(module)
            || LinuxAvailability.appleOnlyModules.contains(module)
        {
            return .skipped
        }
        return .unknownPlatform
    }

    /// `>=5.9`, `<6.0`: compared with the toolchain this runs on (Swift 6.3 or newer).
    private static func version(_ argument: String) -> LinuxCompilationCondition {
        let text = argument.replacingOccurrences(of: " ", with: "")
        let atLeast = text.hasPrefix(">=")
        guard atLeast || text.hasPrefix("<") else { return .unknownFlag }
        let numbers = text.drop(while: { !$0.isNumber }).split(separator: ".").compactMap { Int($0) }
        let wanted = numbers + Array(repeating: 0, count: max(0, 3 - numbers.count))
        let current = [6, 3, 0]
        let reached = !current.lexicographicallyPrecedes(wanted)
        return (atLeast == reached) ? .compiled : .skipped
    }

    private static func tokens(in text: String) -> [String] {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if "()!".contains(character) {
                tokens.append(String(character))
                index = text.index(after: index)
            } else if character == "&" || character == "|" {
                let next = text.index(after: index)
                tokens.append(String(text[index..<min(text.index(after: next), text.endIndex)]))
                index = min(text.index(after: next), text.endIndex)
            } else {
                let start = index
                while index < text.endIndex, !" \t()!&|".contains(text[index]) {
                    index = text.index(after: index)
                }
                tokens.append(String(text[start..<index]))
            }
        }
        return tokens
    }

    /// A recursive-descent reading: `||` binds loosest, then `&&`, then `!`.
    private struct Parser {
        var tokens: [String]
        var position = 0

        mutating func disjunction() -> LinuxCompilationCondition {
            var value = conjunction()
            while peek == "||" {
                position += 1
                value = value.or(conjunction())
            }
            return value
        }

        mutating func conjunction() -> LinuxCompilationCondition {
            var value = unary()
            while peek == "&&" {
                position += 1
                value = value.and(unary())
            }
            return value
        }

        mutating func unary() -> LinuxCompilationCondition {
            guard let token = peek else { return .unknownFlag }
            position += 1
            if token == "!" { return unary().negated }
            if token == "(" {
                let value = disjunction()
                if peek == ")" { position += 1 }
                return value
            }
            guard peek == "(" else { return LinuxCompilationCondition.atom(token, argument: nil) }
            position += 1
            var argument = ""
            var depth = 0
            while let next = peek, depth > 0 || next != ")" {
                if next == "(" { depth += 1 }
                if next == ")" { depth -= 1 }
                argument += next
                position += 1
            }
            if peek == ")" { position += 1 }
            return LinuxCompilationCondition.atom(token, argument: argument)
        }

        var peek: String? { position < tokens.count ? tokens[position] : nil }
    }
}

/// The `#if`/`#elseif`/`#else`/`#endif` blocks open at a line, each with the condition of the
/// branch the line is in, read for Linux.
struct ConditionalBranches {
    private struct Block {
        /// The condition under which Linux compiles the current branch.
        var current: LinuxCompilationCondition
        /// Whether an earlier branch of the block was taken.
        var taken: LinuxCompilationCondition
    }

    private var blocks: [Block] = []

    /// Whether Linux compiles the lines here, as far as the scan can tell.
    var isRead: Bool { blocks.allSatisfy(\.current.isRead) }

    /// Takes a line of code (comments cut, trimmed); true when it was a conditional directive.
    mutating func read(directive code: String) -> Bool {
        guard code.hasPrefix("#") else { return false }
        if let condition = argument(of: "#if", in: code) {
            let value = LinuxCompilationCondition.evaluate(condition)
            blocks.append(Block(current: value, taken: value))
        } else if let condition = argument(of: "#elseif", in: code), var block = blocks.popLast() {
            let value = LinuxCompilationCondition.evaluate(condition)
            block.current = block.taken.negated.and(value)
            block.taken = block.taken.or(value)
            blocks.append(block)
        } else if code == "#else" || code.hasPrefix("#else ") {
            if var block = blocks.popLast() {
                block.current = block.taken.negated
                block.taken = .compiled
                blocks.append(block)
            }
        } else if code.hasPrefix("#endif") {
            _ = blocks.popLast()
        } else {
            return false
        }
        return true
    }

    private func argument(of directive: String, in code: String) -> Substring? {
        guard code.hasPrefix(directive) else { return nil }
        let rest = code.dropFirst(directive.count)
        guard let first = rest.first, first == " " || first == "(" || first == "!" || first == "\t" else {
            return nil
        }
        return rest
    }
}
