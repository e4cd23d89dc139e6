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
                if let url, !url.isEmpty, !isWebURL(url), let at = policy.lookup(.policyURL) {
                    context.warning("\"\(url)\" is not a web address; write a full https:// URL", at: at)
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

/// Whether `text` starts like an http or https URL (enough to catch a path or a bare domain).
func isWebURL(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return (lowered.hasPrefix("https://") || lowered.hasPrefix("http://")) && lowered.count > 8
}
