import Foundation

/// One theme file as written, before inheritance: the roles it sets (each attribute optional, so
/// a theme can change just the colour of a base theme's role) and the problems found reading it.
///
/// The format:
/// ```json
/// { "name": "sunset", "inherits": "default",
///   "roles": { "cta": { "fg": "#ffffff", "bg": 33, "bold": true } } }
/// ```
/// Colours are `"default"`, an integer 0–255 or `"#rrggbb"`; attributes are booleans.
struct ThemeFile {
    /// A role's attributes as given; nil or absent means "inherit".
    struct RoleSpec {
        var foreground: Color?
        var background: Color?
        var enabled = Style.Modifiers()
        var disabled = Style.Modifiers()

        func applied(to base: Style) -> Style {
            var style = base
            if let foreground { style.foreground = foreground }
            if let background { style.background = background }
            style.modifiers.subtract(disabled)
            style.modifiers.formUnion(enabled)
            return style
        }
    }

    static let topLevelKeys = ["name", "inherits", "description", "roles"]
    static let colorKeys = ["fg", "bg"]
    static let modifierKeys: [(String, Style.Modifiers)] = [
        ("bold", .bold), ("dim", .dim), ("underline", .underline), ("reverse", .reverse), ("italic", .italic),
    ]

    var path: String
    var name: String?
    var inherits: (name: String, line: Int, column: Int)?
    var roles: [ThemeRole: RoleSpec] = [:]
    /// Where missing-role errors point: the `roles` key, or the start of the file.
    var rolesLine = 1
    var rolesColumn = 1
    var diagnostics: [ThemeDiagnostic] = []
    /// False when the file could not be read or parsed: its roles are unknown, not missing.
    var isReadable = true

    /// Reads and checks the file at `path`; problems become diagnostics, never thrown errors.
    init(path: String) {
        self.path = path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard exists, !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            let reason =
                !exists
                ? "cannot read the file: no such file; check the path"
                : isDirectory.boolValue
                    ? "cannot read the file: it is a directory, not a file; name a theme file (.json)"
                    : "cannot read the file: it is not a regular file, or its permissions do not allow reading"
            report(.error, line: 1, column: 1, path: "", message: reason)
            isReadable = false
            return
        }
        parse(Array(data))
    }

    /// Checks `contents` as the file at `path` (the fuzzing harness hands bytes directly).
    init(path: String, contents: [UInt8]) {
        self.path = path
        parse(contents)
    }

    private mutating func parse(_ contents: [UInt8]) {
        var parser = PositionedJSONParser(contents)
        do {
            read(document: try parser.parse())
        } catch {
            report(
                .error, line: error.line, column: error.column, path: "",
                message: "invalid JSON: \(error.message)")
            isReadable = false
        }
    }

    private mutating func read(document: PositionedJSON) {
        guard case .object(let members) = document.value else {
            report(
                .error, at: document, path: "", value: document.text, message: "a theme must be a JSON object"
            )
            return
        }
        for member in members {
            switch member.key {
            case "name", "description", "inherits":
                guard case .string(let text) = member.value.value else {
                    report(
                        .error, at: member.value, path: member.key, value: member.value.text,
                        message: "expected a string, found \(member.value.kind)")
                    continue
                }
                if member.key == "name" { name = text }
                if member.key == "inherits" { inherits = (text, member.value.line, member.value.column) }
            case "roles":
                rolesLine = member.line
                rolesColumn = member.column
                readRoles(member.value)
            default:
                report(
                    .warning, line: member.line, column: member.column, path: member.key, value: nil,
                    message: Suggestion.appending(
                        to: "unknown key, ignored", word: member.key, candidates: Self.topLevelKeys))
            }
        }
    }

    private mutating func readRoles(_ node: PositionedJSON) {
        guard case .object(let members) = node.value else {
            report(
                .error, at: node, path: "roles", value: node.text,
                message: "expected an object mapping role names to styles, found \(node.kind)")
            return
        }
        for member in members {
            let path = "roles.\(member.key)"
            guard let role = ThemeRole(rawValue: member.key) else {
                report(
                    .warning, line: member.line, column: member.column, path: path, value: nil,
                    message: Suggestion.appending(
                        to: "unknown role, ignored", word: member.key,
                        candidates: ThemeRole.allCases.map(\.rawValue)))
                continue
            }
            guard case .object(let attributes) = member.value.value else {
                report(
                    .error, at: member.value, path: path, value: member.value.text,
                    message: "expected a style object such as {\"fg\": \"#ffffff\", \"bold\": true}, "
                        + "found \(member.value.kind)")
                continue
            }
            roles[role] = readStyle(attributes, path: path)
        }
    }

    private mutating func readStyle(_ attributes: [PositionedJSON.Member], path: String) -> RoleSpec {
        var spec = RoleSpec()
        for attribute in attributes {
            let attributePath = "\(path).\(attribute.key)"
            let value = attribute.value
            if Self.colorKeys.contains(attribute.key) {
                guard let color = color(value, path: attributePath) else { continue }
                if attribute.key == "fg" { spec.foreground = color } else { spec.background = color }
            } else if let modifier = Self.modifierKeys.first(where: { $0.0 == attribute.key })?.1 {
                guard case .bool(let on) = value.value else {
                    report(
                        .error, at: value, path: attributePath, value: value.text,
                        message: "expected true or false, found \(value.kind)")
                    continue
                }
                if on { spec.enabled.insert(modifier) } else { spec.disabled.insert(modifier) }
            } else {
                report(
                    .warning, line: attribute.line, column: attribute.column, path: attributePath, value: nil,
                    message: Suggestion.appending(
                        to: "unknown style attribute, ignored", word: attribute.key,
                        candidates: Self.colorKeys + Self.modifierKeys.map(\.0)))
            }
        }
        return spec
    }

    private mutating func color(_ node: PositionedJSON, path: String) -> Color? {
        let hint = "use \"default\", an integer 0-255 or \"#rrggbb\""
        switch node.value {
        case .string(let text):
            if let color = Color(parsing: text) { return color }
            report(.error, at: node, path: path, value: node.text, message: "not a colour; \(hint)")
        case .number(let number):
            if number == number.rounded(), let color = Color(index: Int(exactly: number) ?? -1) {
                return color
            }
            report(
                .error, at: node, path: path, value: node.text, message: "colour index out of range; \(hint)")
        default:
            report(
                .error, at: node, path: path, value: node.text,
                message: "expected a colour, found \(node.kind); \(hint)")
        }
        return nil
    }

    private mutating func report(
        _ severity: ThemeDiagnostic.Severity, at node: PositionedJSON, path: String, value: String?,
        message: String
    ) {
        report(severity, line: node.line, column: node.column, path: path, value: value, message: message)
    }

    mutating func report(
        _ severity: ThemeDiagnostic.Severity, line: Int, column: Int, path: String, value: String? = nil,
        message: String
    ) {
        diagnostics.append(
            ThemeDiagnostic(
                file: self.path, line: line, column: column, severity: severity, path: path, value: value,
                message: message))
    }
}
