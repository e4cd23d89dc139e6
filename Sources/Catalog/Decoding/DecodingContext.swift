import SourceDiagnostics

/// The state of decoding one document: the parsed tape and the diagnostics found so far.
///
/// Decoders report and carry on (dropping only the value that is wrong), so one run lists
/// every problem. Paths and line numbers are worked out only when something is reported.
final class DecodingContext {
    let document: JSONDocument
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    private var lineTable: LineTable?

    init(document: JSONDocument, file: String) {
        self.document = document
        self.file = file
    }

    /// Reports a problem with the value at `node`; with `key`, with that (missing) member of it.
    func report(_ severity: Severity, _ message: String, at node: JSONDocument.Node, key: String? = nil) {
        var path = document.path(to: node)
        var value: String? = nil
        if let key {
            path = JSONDocument.appending(key, to: path)
        } else {
            value = displayValue(of: node)
        }
        // Never echo a signing key, whatever the problem with it.
        if path.hasSuffix("privateKey"), value != nil { value = "<redacted>" }
        diagnostics.append(
            Diagnostic(
                severity: severity, location: location(of: node), path: path, value: value, message: message))
    }

    func error(_ message: String, at node: JSONDocument.Node, key: String? = nil) {
        report(.error, message, at: node, key: key)
    }

    func warning(_ message: String, at node: JSONDocument.Node, key: String? = nil) {
        report(.warning, message, at: node, key: key)
    }

    func location(of node: JSONDocument.Node) -> SourceLocation {
        location(ofOffset: document.offset(of: node))
    }

    func location(ofOffset offset: Int) -> SourceLocation {
        let table = lineTable ?? LineTable(bytes: document.bytes)
        lineTable = table
        return table.location(ofOffset: offset, file: file)
    }

    /// Scalars as written (strings without quotes, cut to a readable length); nil for containers.
    private func displayValue(of node: JSONDocument.Node) -> String? {
        switch document.kind(of: node) {
        case .object, .array: return nil
        case .string:
            let text = document.string(node) ?? ""
            return text.count > 80 ? String(text.prefix(77)) + "..." : text
        case .null, .bool, .number: return document.rawText(of: node)
        }
    }

    /// Diagnostics in file order, errors before warnings at the same place.
    var sortedDiagnostics: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element, rhs.element)
            if left.location.offset != right.location.offset {
                return left.location.offset < right.location.offset
            }
            if left.severity != right.severity { return left.severity > right.severity }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}

extension DecodingContext {
    /// Parses `bytes` and runs `body` over the document, collecting what it reports; a file
    /// that is not JSON gives a single syntax error.
    static func decode<Value>(_ bytes: [UInt8], file: String, _ body: (DecodingContext) -> Value?) -> Decoded<
        Value
    > {
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            return Decoded(
                value: nil, diagnostics: [Diagnostic(syntaxError: error, bytes: bytes, file: file)])
        }
        let context = DecodingContext(document: document, file: file)
        let value = body(context)
        return Decoded(value: value, diagnostics: context.sortedDiagnostics)
    }
}

extension Diagnostic {
    /// The diagnostic for a file that is not JSON.
    init(syntaxError error: JSONSyntaxError, bytes: [UInt8], file: String) {
        self.init(
            severity: .error, location: LineTable(bytes: bytes).location(ofOffset: error.offset, file: file),
            path: "",
            value: error.found, message: "not valid JSON: " + error.message)
    }
}
