/// A row of a key map: the keys that trigger an action, and how help shows it.
///
/// `Action` is the screen's own action type (an enum), so the code that dispatches a key
/// switches over every action exhaustively: a misspelt or forgotten action does not compile.
public struct KeyBinding<Action: Hashable & Sendable>: Hashable, Sendable {
    public var keys: [Key]
    /// How the keys are shown, e.g. `"↑/k"`.
    public var label: String
    /// What the action does, e.g. `"previous plan"`.
    public var description: String
    /// What the screen does when one of the keys is pressed.
    public var action: Action
    /// A word or two for a screen's one-line hint (`"scroll"`), when the binding belongs in it.
    public var hint: String?

    public init(keys: [Key], label: String? = nil, description: String, hint: String? = nil, action: Action) {
        self.keys = keys
        self.label = label ?? keys.map(\.description).joined(separator: "/")
        self.description = description
        self.hint = hint
        self.action = action
    }

    /// The binding as help shows it, without its action.
    public var help: KeyHelp { KeyHelp(label: label, description: description) }
}

/// One line of help: keys and what they do, the same for every screen's action type.
public struct KeyHelp: Hashable, Sendable {
    public var label: String
    public var description: String

    public init(label: String, description: String) {
        self.label = label
        self.description = description
    }
}

/// A table of key bindings: decides which action a key triggers and produces the help texts,
/// so the status line and the help overlay never drift from what the keys actually do.
public struct KeyMap<Action: Hashable & Sendable>: Hashable, Sendable {
    public var bindings: [KeyBinding<Action>]
    /// What every key that no binding lists does (typing into a field, closing a help screen);
    /// its `keys` are not consulted. Nil when such keys do nothing.
    public var otherKeys: KeyBinding<Action>?

    public init(_ bindings: [KeyBinding<Action>], otherKeys: KeyBinding<Action>? = nil) {
        self.bindings = bindings
        self.otherKeys = otherKeys
    }

    /// The action of the first binding that lists `key`, else the action of ``otherKeys``.
    public func action(for key: Key) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action ?? otherKeys?.action
    }

    /// Every row help lists: the bindings, then what other keys do.
    public var help: [KeyHelp] { (bindings + (otherKeys.map { [$0] } ?? [])).map(\.help) }

    /// A one-line summary that always ends with the binding of `keptAction` (such as `? all keys`)
    /// when not every binding fits, so a cut line still says how to see the rest.
    public func helpLine(width: Int, separator: String = " · ", keeping keptAction: Action) -> String {
        let full = helpLine(separator: separator)
        guard DisplayWidth.of(full) > width, let kept = bindings.first(where: { $0.action == keptAction })
        else { return full }
        let tail = "\(kept.label) \(kept.description)"
        let others = KeyMap(bindings.filter { $0.action != keptAction })
        let head = others.helpLine(
            width: width - DisplayWidth.of(separator) - DisplayWidth.of(tail), separator: separator)
        return head.isEmpty ? tail : head + separator + tail
    }

    /// A one-line summary such as `q quit · tab next · ? help`, cut to `width` columns.
    public func helpLine(width: Int = .max, separator: String = " · ") -> String {
        var line = ""
        for binding in bindings {
            let entry = (line.isEmpty ? "" : separator) + "\(binding.label) \(binding.description)"
            if DisplayWidth.of(line) + DisplayWidth.of(entry) > width { break }
            line += entry
        }
        return line
    }

    /// The short hint at the foot of a dialog, such as `↑/↓ scroll · esc close`: every binding
    /// with a ``KeyBinding/hint`` (of `actions`, when given), shown by its first key; neighbours
    /// with the same hint share it.
    public func hintLine(only actions: Set<Action>? = nil, separator: String = " · ") -> String {
        var entries: [(keys: [String], hint: String)] = []
        for binding in bindings where actions?.contains(binding.action) ?? true {
            guard let hint = binding.hint else { continue }
            let key = binding.label.split(separator: "/").first.map(String.init) ?? binding.label
            if entries.last?.hint == hint {
                entries[entries.count - 1].keys.append(key)
            } else {
                entries.append(([key], hint))
            }
        }
        return entries.map { "\($0.keys.joined(separator: "/")) \($0.hint)" }.joined(separator: separator)
    }

    /// The summary of just the bindings of `actions`, in the map's order (`? help · q quit`).
    public func helpLine(only actions: Set<Action>, separator: String = " · ") -> String {
        KeyMap(bindings.filter { actions.contains($0.action) }).helpLine(separator: separator)
    }
}
