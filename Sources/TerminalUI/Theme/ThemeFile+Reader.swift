import SourceDiagnostics

extension ThemeFile {
    /// Walks a parsed theme document, filling a `ThemeFile` and reporting every problem at the
    /// line and column of the value (or key) it is about.
    struct Reader {
        typealias Node = JSONDocument.Node

        let document: JSONDocument
        let lines: LineTable
        let file: String

        func location(of node: Node) -> SourceLocation {
            lines.location(ofOffset: document.offset(of: node), file: file)
        }

        /// The value as it would be written in JSON, for diagnostics (containers abbreviated).
        func text(of node: Node) -> String {
            switch document.kind(of: node) {
            case .object: "{…}"
            case .array: "[…]"
            case .string: "\"\(document.string(node) ?? "")\""
            case .number, .bool, .null: document.rawText(of: node)
            }
        }

        func read(into theme: inout ThemeFile) {
            let root = document.root
            guard document.kind(of: root) == .object else {
                theme.report(
                    .error, at: location(of: root), path: "", value: text(of: root),
                    message: "a theme must be a JSON object")
                return
            }
            for (key, value) in document.members(of: root) {
                let name = document.string(key) ?? ""
                switch name {
                case "name", "description", "inherits":
                    guard let text = document.string(value) else {
                        theme.report(
                            .error, at: location(of: value), path: name, value: text(of: value),
                            message: "expected a string, found \(document.kind(of: value))")
                        continue
                    }
                    if name == "name" { theme.name = text }
                    if name == "inherits" {
                        let at = location(of: value)
                        theme.inherits = (text, at.line, at.column)
                    }
                case "roles":
                    let at = location(of: key)
                    theme.rolesLine = at.line
                    theme.rolesColumn = at.column
                    readRoles(value, into: &theme)
                default:
                    theme.report(
                        .warning, at: location(of: key), path: name,
                        message: Suggestion.appending(
                            to: "unknown key, ignored", word: name, candidates: ThemeFile.topLevelKeys))
                }
            }
        }

        private func readRoles(_ node: Node, into theme: inout ThemeFile) {
            guard document.kind(of: node) == .object else {
                theme.report(
                    .error, at: location(of: node), path: "roles", value: text(of: node),
                    message:
                        "expected an object mapping role names to styles, found \(document.kind(of: node))")
                return
            }
            for (key, value) in document.members(of: node) {
                let name = document.string(key) ?? ""
                let path = "roles.\(name)"
                guard let role = ThemeRole(rawValue: name) else {
                    theme.report(
                        .warning, at: location(of: key), path: path,
                        message: Suggestion.appending(
                            to: "unknown role, ignored", word: name,
                            candidates: ThemeRole.allCases.map(\.rawValue)))
                    continue
                }
                guard document.kind(of: value) == .object else {
                    theme.report(
                        .error, at: location(of: value), path: path, value: text(of: value),
                        message: "expected a style object such as {\"fg\": \"#ffffff\", \"bold\": true}, "
                            + "found \(document.kind(of: value))")
                    continue
                }
                theme.roles[role] = readStyle(value, path: path, into: &theme)
            }
        }

        private func readStyle(_ node: Node, path: String, into theme: inout ThemeFile) -> RoleSpec {
            var spec = RoleSpec()
            for (key, value) in document.members(of: node) {
                let name = document.string(key) ?? ""
                let attributePath = "\(path).\(name)"
                if ThemeFile.colorKeys.contains(name) {
                    guard let color = color(value, path: attributePath, into: &theme) else { continue }
                    if name == "fg" { spec.foreground = color } else { spec.background = color }
                } else if let modifier = ThemeFile.modifierKeys.first(where: { $0.0 == name })?.1 {
                    guard let on = document.bool(value) else {
                        theme.report(
                            .error, at: location(of: value), path: attributePath, value: text(of: value),
                            message: "expected true or false, found \(document.kind(of: value))")
                        continue
                    }
                    if on { spec.enabled.insert(modifier) } else { spec.disabled.insert(modifier) }
                } else {
                    theme.report(
                        .warning, at: location(of: key), path: attributePath,
                        message: Suggestion.appending(
                            to: "unknown style attribute, ignored", word: name,
                            candidates: ThemeFile.colorKeys + ThemeFile.modifierKeys.map(\.0)))
                }
            }
            return spec
        }

        private func color(_ node: Node, path: String, into theme: inout ThemeFile) -> Color? {
            let hint = "use \"default\", an integer 0-255 or \"#rrggbb\""
            switch document.kind(of: node) {
            case .string:
                if let color = Color(parsing: document.string(node) ?? "") { return color }
                theme.report(
                    .error, at: location(of: node), path: path, value: text(of: node),
                    message: "not a colour; \(hint)")
            case .number:
                // 33.0 is the integer 33, as JSON means it.
                if let number = document.double(node), number == number.rounded(),
                    let color = Color(index: Int(exactly: number) ?? -1)
                {
                    return color
                }
                theme.report(
                    .error, at: location(of: node), path: path, value: text(of: node),
                    message: "colour index out of range; \(hint)")
            default:
                theme.report(
                    .error, at: location(of: node), path: path, value: text(of: node),
                    message: "expected a colour, found \(document.kind(of: node)); \(hint)")
            }
            return nil
        }
    }
}
