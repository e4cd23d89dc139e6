/// One server-sent event (the WHATWG `text/event-stream` format).
public struct ServerSentEvent: Sendable, Hashable {
    /// The `id:` field: what a reconnecting client sends back as `Last-Event-ID`.
    public var id: String?
    /// The `event:` field (the type); nil means `message`.
    public var event: String?
    public var data: String

    public init(id: String? = nil, event: String? = nil, data: String) {
        self.id = id
        self.event = event
        self.data = data
    }

    /// The event as it goes on the wire, ending with the blank line that dispatches it.
    public var encoded: [UInt8] {
        var text = ""
        if let event { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        // Every line of the data gets its own field, so a newline in it cannot end the event.
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        text += "\n"
        return Array(text.utf8)
    }
}

/// Reads `text/event-stream` bytes into events, as a browser's EventSource does (pure).
public struct ServerSentEventParser: Sendable {
    private var pending: [UInt8] = []
    private var id: String?
    private var event: String?
    private var data: [String] = []
    private var sawField = false

    public init() {}

    /// The events completed by these bytes.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        pending.append(contentsOf: bytes)
        var events: [ServerSentEvent] = []
        while let newline = pending.firstIndex(of: 10) {
            var line = pending[..<newline]
            if line.last == 13 { line = line.dropLast() }
            pending.removeFirst(newline + 1)
            if let dispatched = take(String(decoding: line, as: UTF8.self)) { events.append(dispatched) }
        }
        return events
    }

    private mutating func take(_ line: String) -> ServerSentEvent? {
        if line.isEmpty {
            defer {
                event = nil
                data = []
                id = nil
                sawField = false
            }
            // An event of only an id still moves the client's last event ID: report it too.
            guard sawField else { return nil }
            return ServerSentEvent(id: id, event: event, data: data.joined(separator: "\n"))
        }
        if line.hasPrefix(":") { return nil }  // a comment (heartbeat)
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        var value = parts.count > 1 ? String(parts[1]) : ""
        if value.hasPrefix(" ") { value.removeFirst() }
        switch parts[0] {
        case "id": id = value
        case "event": event = value
        case "data": data.append(value)
        default: return nil
        }
        sawField = true
        return nil
    }
}
