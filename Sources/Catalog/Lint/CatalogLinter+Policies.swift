import SourceDiagnostics

extension CatalogLinter {
    /// Warnings for a catalog that sells subscriptions without a Terms of Use or a Privacy
    /// Policy for its paywall to link to (App Review Guideline 3.1.2 asks for both), in the
    /// catalog's `appPolicies` or the paywall copy's `termsOfService`/`privacyPolicy` of its
    /// default locale. Placed at `appPolicies` when it exists, else at the top of the catalog.
    static func policyWarnings(
        _ configuration: StoreKitConfiguration, copy: PaywallCopy?, bytes: [UInt8], file: String
    ) -> [Diagnostic] {
        guard !configuration.allSubscriptions.isEmpty else { return [] }
        var policies = configuration.policies()
        if let copy, let localization = copy.localization(for: copy.defaultLocale) {
            policies = policies.filling(from: localization.policies)
        }
        // The catalog decoded already, so it parses; without a document the warnings point at line 1.
        let document = try? JSONDocument(bytes: bytes)
        let node = document.flatMap { $0.member("appPolicies", of: $0.root) } ?? 0
        let location =
            document?.location(of: node, file: file) ?? SourceLocation(file: file, line: 1, column: 1)
        let path = node == 0 ? "" : "appPolicies"
        var warnings: [Diagnostic] = []
        if policies.termsOfServiceText == nil && policies.termsOfServiceURL == nil {
            warnings.append(
                Diagnostic(
                    severity: .warning, location: location, path: path, value: nil,
                    message:
                        "no Terms of Use for the paywall to link to (App Review 3.1.2); add \"eula\" to \"appPolicies\", "
                        + "or \"termsOfService\" to the paywall copy"))
        }
        if policies.privacyPolicyText == nil && policies.privacyPolicyURL == nil {
            warnings.append(
                Diagnostic(
                    severity: .warning, location: location, path: path, value: nil,
                    message:
                        "no Privacy Policy for the paywall to link to (App Review 3.1.2); add a \"policies\" entry to "
                        + "\"appPolicies\", or \"privacyPolicy\" to the paywall copy"))
        }
        return warnings
    }
}
