import SourceDiagnostics

extension CatalogLinter {
    /// Errors for a paywall copy whose `defaultPlan` or `badges` name a product the catalog does
    /// not sell as a subscription: the paywall would silently open on another plan or drop the badge.
    static func copyPlanErrors(_ configuration: StoreKitConfiguration, copyBytes: [UInt8], file: String)
        -> [Diagnostic]
    {
        // Copy that does not parse is reported by `PaywallCopy.decode`, with its line and column.
        guard let document = try? JSONDocument(bytes: copyBytes) else { return [] }
        let known = configuration.allSubscriptions.map(\.product.productID)
        func check(_ node: JSONDocument.Node, path: String) -> Diagnostic? {
            guard let id = document.string(node), !known.contains(id) else { return nil }
            let near = Suggestion.closest(to: id, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
            return Diagnostic(
                severity: .error, location: document.location(of: node, file: file), path: path, value: id,
                message: "no subscription in the catalog has the product ID \"\(id)\"\(near); use one of: "
                    + known.joined(separator: ", "))
        }
        var errors: [Diagnostic] = []
        if let node = document.member("defaultPlan", of: document.root),
            let error = check(node, path: "defaultPlan")
        {
            errors.append(error)
        }
        if let badges = document.member("badges", of: document.root) {
            for member in document.members(of: badges) {
                if let error = check(member.key, path: "badges") { errors.append(error) }
            }
        }
        return errors
    }
}
