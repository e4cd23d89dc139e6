/// A row of a key map: the keys that trigger an action, and how help shows it.
public struct KeyBinding: Hashable, Sendable {
    public var keys: [Key]
    /// How the keys are shown, e.g. `"↑/k"`.
    public var label: String
    /// What the action does, e.g. `"previous plan"`.
    public var description: String
    /// The identifier the app switches on, e.g. `"selectPrevious"`.
    public var action: String

    public init(keys: [Key], label: String? = nil, description: String, action: String) {
        self.keys = keys
        self.label = label ?? keys.map(\.description).joined(separator: "/")
        self.description = description
        self.action = action
    }
}

/// A table of key bindings: decides which action a key triggers and produces the help texts,
/// so the status line and the help overlay never drift from what the keys actually do.
public struct KeyMap: Hashable, Sendable {
    public var bindings: [KeyBinding]

    public init(_ bindings: [KeyBinding]) { self.bindings = bindings }

    /// The action of the first binding that lists `key`.
    public func action(for key: Key) -> String? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// A one-line summary that always ends with the binding of `keptAction` (such as `? all keys`)
    /// when not every binding fits, so a cut line still says how to see the rest.
    public func helpLine(width: Int, separator: String = " · ", keeping keptAction: String) -> String {
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
}
