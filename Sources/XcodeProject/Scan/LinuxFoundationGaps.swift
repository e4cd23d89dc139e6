/// What Xcode's Foundation has that Linux's Foundation marks unavailable or leaves out, found in
/// a file before compiling and named at the line of its first use with the edit that compiles on
/// both. The table (`LinuxFoundationGaps+Table.swift`) is generated from the toolchain's own
/// Foundation interfaces by `scripts/linux-foundation-gaps`, and a test keeps it current.
public enum LinuxFoundationGaps {
    /// One declaration Linux's Foundation lacks.
    public struct Gap: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A type (or type alias) Linux's Foundation marks unavailable.
            case type
            /// A global function or variable Linux's Foundation marks unavailable.
            case global
            /// A member of a type Linux has, matched only when written after a dot.
            case member
            /// A type Apple's Foundation has that Linux's does not declare at all.
            case omitted
            /// A type Linux keeps in another module, which the file must import there.
            case moved(to: String)
        }

        public var name: String
        public var kind: Kind
        /// The type a member belongs to.
        public var owner: String?
        /// The toolchain's own unavailable message (for an omitted type, why Apple alone has it).
        public var reason: String
        /// The edit that compiles on Linux and on Xcode.
        public var advice: String
    }

    /// Every gap the scan knows, from this toolchain.
    public static var all: [Gap] { table }

    /// A blocker at the first line of each gap the file uses in code Linux compiles: not in a
    /// comment or a string, not inside an `#if canImport(...)`/`#if os(...)`, not a type the file
    /// declares itself, and not a moved type whose module the file imports.
    public static func findings(in facts: SwiftSourceFacts) -> [SourceFinding] {
        let imported = Set(facts.imports.map(\.module))
        let declared = Set(facts.declaredTypes)
        var findings: [SourceFinding] = []
        for gap in table where !declared.contains(gap.name) {
            let line: Int?
            switch gap.kind {
            case .member: line = facts.unguardedMemberFirstLine[gap.name]
            case .moved(let module) where imported.contains(module): line = nil
            default: line = facts.unguardedFirstLine[gap.name]
            }
            guard let line else { continue }
            findings.append(
                SourceFinding(file: facts.path, line: line, kind: .blocker, message: message(for: gap)))
        }
        return findings.sorted { ($0.line, $0.message) < ($1.line, $1.message) }
    }

    private static func message(for gap: Gap) -> String {
        let name = gap.owner.map { "\($0).\(gap.name)" } ?? gap.name
        switch gap.kind {
        case .omitted:
            return "uses \(name), which Linux's Foundation does not have (\(gap.reason)): \(gap.advice)"
        case .moved(let module):
            return
                "uses \(name), which Linux's Foundation keeps in \(module) (\"\(gap.reason)\"): \(gap.advice)"
        case .type, .global, .member:
            return
                "uses \(name), which Linux's Foundation marks unavailable (\"\(gap.reason)\"): \(gap.advice)"
        }
    }
}
