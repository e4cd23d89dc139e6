import SourceDiagnostics

extension XcodeTestPlan {
    /// Parses a test plan's bytes; `path` names the file in messages.
    /// - Throws: `XcodeProjectError` at `file:line:column` of the first problem, naming the
    ///   field (`testTargets[1].target.name: expected a string, found a number`).
    public static func parse(_ bytes: [UInt8], path: String) throws(XcodeProjectError) -> XcodeTestPlan {
        let lines = LineTable(bytes: bytes)
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes) } catch {
            throw XcodeProjectError(
                "not a test plan's JSON: \(error.message)",
                at: lines.location(ofOffset: error.offset, file: path))
        }
        let reader = Reader(document: document, lines: lines, file: path)
        let root = try reader.object(document.root)
        var targets: [TestTarget] = []
        for entry in try reader.array("testTargets", in: root) ?? [] {
            let entry = try reader.object(entry)
            guard let target = try reader.member("target", in: entry, .object) else {
                throw reader.error(
                    at: entry, "a test target needs a \"target\" object (containerPath, identifier, name)")
            }
            guard let name = try reader.string("name", in: target) else {
                throw reader.error(at: target, "\(document.path(to: target)): the target has no \"name\"")
            }
            // Xcode writes `enabled`; `isEnabled` is read too, as some generators write it.
            let enabled = try reader.bool("enabled", in: entry)
            let isEnabled = try reader.bool("isEnabled", in: entry)
            targets.append(
                TestTarget(
                    containerPath: try reader.string("containerPath", in: target),
                    identifier: try reader.string("identifier", in: target), name: name,
                    isEnabled: enabled ?? isEnabled ?? true,
                    skippedTests: try reader.tests("skippedTests", in: entry),
                    selectedTests: try reader.tests("selectedTests", in: entry),
                    isParallelizable: try reader.bool("parallelizable", in: entry) ?? false))
        }
        var configurations: [Configuration] = []
        for entry in try reader.array("configurations", in: root) ?? [] {
            let entry = try reader.object(entry)
            let options = try reader.member("options", in: entry, .object)
            configurations.append(
                Configuration(
                    name: try reader.string("name", in: entry) ?? "",
                    storeKitConfigurationReference: try options.flatMap { node throws(XcodeProjectError) in
                        try reader.storeKitConfiguration(in: node)
                    }))
        }
        let defaults = try reader.member("defaultOptions", in: root, .object)
        return XcodeTestPlan(
            path: path, testTargets: targets,
            defaultStoreKitConfigurationReference: try defaults.flatMap { node throws(XcodeProjectError) in
                try reader.storeKitConfiguration(in: node)
            },
            configurations: configurations)
    }

    /// Typed access to the members of a test plan's JSON, each wrong type an error at its value.
    private struct Reader {
        let document: JSONDocument
        let lines: LineTable
        let file: String

        func error(at node: JSONDocument.Node, _ message: String) -> XcodeProjectError {
            XcodeProjectError(message, at: lines.location(ofOffset: document.offset(of: node), file: file))
        }

        func object(_ node: JSONDocument.Node) throws(XcodeProjectError) -> JSONDocument.Node {
            guard document.kind(of: node) == .object else {
                throw error(at: node, "\(prefix(node))expected an object, found \(document.kind(of: node))")
            }
            return node
        }

        /// The member `key` of `object` when present and of `kind`; a wrong kind is an error.
        func member(_ key: String, in object: JSONDocument.Node, _ kind: JSONKind) throws(XcodeProjectError)
            -> JSONDocument.Node?
        {
            guard let value = document.member(key, of: object), document.kind(of: value) != .null else {
                return nil
            }
            guard document.kind(of: value) == kind else {
                throw error(
                    at: value,
                    "\(document.path(to: value)): expected \(kind), found \(document.kind(of: value))")
            }
            return value
        }

        func string(_ key: String, in object: JSONDocument.Node) throws(XcodeProjectError) -> String? {
            try member(key, in: object, .string).flatMap(document.string)
        }

        func bool(_ key: String, in object: JSONDocument.Node) throws(XcodeProjectError) -> Bool? {
            try member(key, in: object, .bool).flatMap(document.bool)
        }

        func array(_ key: String, in object: JSONDocument.Node) throws(XcodeProjectError) -> [JSONDocument
            .Node]?
        {
            try member(key, in: object, .array).map(document.elements)
        }

        /// `skippedTests`/`selectedTests`: identifiers (`Class`, `Class/test()`), or an object of
        /// `suites` (each a `name` with `testFunctions`) and top-level `testFunctions`.
        func tests(_ key: String, in entry: JSONDocument.Node) throws(XcodeProjectError) -> [String] {
            guard let value = document.member(key, of: entry), document.kind(of: value) != .null else {
                return []
            }
            switch document.kind(of: value) {
            case .array:
                return try document.elements(of: value).map { node throws(XcodeProjectError) in
                    guard let text = document.string(node) else {
                        throw error(
                            at: node,
                            "\(document.path(to: node)): expected a string, found \(document.kind(of: node))")
                    }
                    return text
                }
            case .object:
                var identifiers: [String] = []
                for suite in try array("suites", in: value) ?? [] {
                    let suite = try object(suite)
                    guard let name = try string("name", in: suite) else {
                        throw error(at: suite, "\(document.path(to: suite)): the suite has no \"name\"")
                    }
                    let functions = try strings("testFunctions", in: suite)
                    identifiers += functions.isEmpty ? [name] : functions.map { "\(name)/\($0)" }
                }
                return identifiers + (try strings("testFunctions", in: value))
            default:
                throw error(
                    at: value,
                    "\(document.path(to: value)): expected an array of test identifiers, found \(document.kind(of: value))"
                )
            }
        }

        private func strings(_ key: String, in object: JSONDocument.Node) throws(XcodeProjectError)
            -> [String]
        {
            try (array(key, in: object) ?? []).map { node throws(XcodeProjectError) in
                guard let text = document.string(node) else {
                    throw error(
                        at: node,
                        "\(document.path(to: node)): expected a string, found \(document.kind(of: node))")
                }
                return text
            }
        }

        /// `storeKitConfiguration`: an object with an `identifier` (as Xcode writes it), or the
        /// identifier itself.
        func storeKitConfiguration(in options: JSONDocument.Node) throws(XcodeProjectError) -> String? {
            guard let value = document.member("storeKitConfiguration", of: options) else { return nil }
            if let text = document.string(value) { return text }
            let object = try object(value)
            guard let identifier = try string("identifier", in: object) else {
                throw error(
                    at: object,
                    "\(document.path(to: object)): the StoreKit configuration has no \"identifier\"")
            }
            return identifier
        }

        private func prefix(_ node: JSONDocument.Node) -> String {
            node == document.root ? "a test plan is a JSON object: " : "\(document.path(to: node)): "
        }
    }
}
