import SourceDiagnostics

extension StoreKitDecoder {
    enum PoliciesKey: String, CaseIterable {
        case eula, policies
    }

    enum PolicyKey: String, CaseIterable {
        case locale, policyText, policyURL
    }

    enum KeyPairKey: String, CaseIterable {
        case id, privateKey
    }

    func decodeAppPolicies(_ node: JSONDocument.Node) -> ConfigurationAppPolicies? {
        guard var reader = ObjectReader<PoliciesKey>(context, node) else { return nil }
        let eula = reader.string(.eula)
        var locales: [String: JSONDocument.Node] = [:]
        let policies =
            reader.array(.policies) { [self] context, node -> ConfigurationAppPolicies.Policy? in
                guard var policy = ObjectReader<PolicyKey>(context, node) else { return nil }
                let locale = policy.string(.locale, required: true)
                if let locale, let at = policy.lookup(.locale) {
                    claim(
                        locale, at: at, in: &locales, what: "policy locale", severity: .warning,
                        fix: "the second is ignored; merge them")
                }
                let text = policy.string(.policyText)
                let url = policy.string(.policyURL)
                if let url, let problem = webURLProblem(url), let at = policy.lookup(.policyURL) {
                    context.warning(problem, at: at)
                }
                _ = policy.finish()
                return locale.map {
                    ConfigurationAppPolicies.Policy(locale: $0, policyText: text, policyURL: url)
                }
            } ?? []
        return ConfigurationAppPolicies(eula: eula, policies: policies, unknownFields: reader.finish())
    }

    func decodeKeyPair(_ node: JSONDocument.Node) -> ConfigurationOfferKeyPair? {
        guard var reader = ObjectReader<KeyPairKey>(context, node) else { return nil }
        let pair = ConfigurationOfferKeyPair(id: reader.string(.id), privateKey: reader.string(.privateKey))
        _ = reader.finish()
        return pair
    }
}

/// Why a policy link is not what the App Store wants (a full `https://` address), or nil when it
/// is; empty counts as absent.
func webURLProblem(_ text: String) -> String? {
    let lowered = text.lowercased()
    if text.isEmpty || (lowered.hasPrefix("https://") && lowered.count > 8) { return nil }
    if lowered.hasPrefix("http://") && lowered.count > 7 {
        return "\"\(text)\" uses http://; App Store policy links must be https://: write \"https://"
            + "\(text.dropFirst(7))\""
    }
    return "\"\(text)\" is not a web address; write a full https:// URL"
}
