import SourceDiagnostics

/// Decodes and checks a paywall sidecar, with the same positioned diagnostics as catalogs.
final class PaywallDecoder {
    let context: DecodingContext
    /// The catalog's group IDs, to check `leadingGroupID`; nil when there is no catalog.
    let groupIDs: Set<String>?

    enum Key: String, CaseIterable {
        case version, defaultLocale, leadingGroupID, localizations, template, defaultPlan, badges
    }

    enum LocalizationKey: String, CaseIterable {
        case title, subtitle, features, callToAction, callToActionWithIntroOffer, termsOfService,
            privacyPolicy, renewalTerms, trialTerms
    }

    enum FeatureKey: String, CaseIterable { case title, detail, symbol, levels }

    enum LinkKey: String, CaseIterable { case text, url }

    init(context: DecodingContext, groupIDs: Set<String>?) {
        self.context = context
        self.groupIDs = groupIDs
    }

    func decode() -> PaywallCopy? {
        guard var reader = ObjectReader<Key>(context, context.document.root) else { return nil }
        let version = reader.int(.version, required: true)
        if let version, version != 1, let at = reader.lookup(.version) {
            context.error("paywall copy version \(version) is not supported; use 1", at: at)
        }
        let defaultLocale = reader.string(.defaultLocale, required: true)
        let leadingGroupID = reader.string(.leadingGroupID)
        if let leadingGroupID, let groupIDs, !groupIDs.contains(leadingGroupID),
            let at = reader.lookup(.leadingGroupID)
        {
            let choices = groupIDs.sorted().joined(separator: ", ")
            context.error(
                "no subscription group has the ID \"\(leadingGroupID)\"; use one of: \(choices.isEmpty ? "(none)" : choices)",
                at: at)
        }
        let template = reader.string(.template)
        if let template, !PaywallCopy.templateNames.contains(template), let at = reader.lookup(.template) {
            context.error(
                "no paywall template is called \"\(template)\"; use one of: "
                    + PaywallCopy.templateNames.joined(separator: ", "), at: at)
        }
        let defaultPlan = reader.string(.defaultPlan)
        let badges = reader.present(.badges).map { decodeBadges($0) } ?? [:]
        var localizations: [String: PaywallLocalization] = [:]
        if let node = reader.present(.localizations, required: true) {
            if context.document.kind(of: node) == .object {
                for member in context.document.members(of: node) {
                    guard let locale = context.document.string(member.key),
                        let copy = decodeLocalization(member.value)
                    else { continue }
                    localizations[locale] = copy
                }
                if let defaultLocale, localizations[defaultLocale] == nil {
                    context.warning(
                        "no copy for the default locale \(defaultLocale); add it, or other locales have no fallback",
                        at: node)
                }
            } else {
                reader.mismatch(node, expected: .object)
            }
        }
        _ = reader.finish()
        guard let version, let defaultLocale else { return nil }
        return PaywallCopy(
            version: version, defaultLocale: defaultLocale, leadingGroupID: leadingGroupID,
            localizations: localizations,
            template: template.flatMap { PaywallCopy.templateNames.contains($0) ? $0 : nil },
            defaultPlan: defaultPlan, badges: badges)
    }

    /// `"badges": {"com.example.pro.annual": "mostPopular"}`: a badge word per product ID.
    private func decodeBadges(_ node: JSONDocument.Node) -> [String: String] {
        guard context.document.kind(of: node) == .object else {
            context.error(
                "badges is an object of product IDs to a badge (\(Self.badgeChoices)); write it so", at: node)
            return [:]
        }
        var badges: [String: String] = [:]
        for member in context.document.members(of: node) {
            guard let productID = context.document.string(member.key) else { continue }
            guard let badge = context.document.string(member.value), PaywallCopy.badgeNames.contains(badge)
            else {
                let written = context.document.string(member.value).map { "\"\($0)\"" } ?? "this value"
                let near = context.document.string(member.value).flatMap {
                    Suggestion.closest(to: $0, in: PaywallCopy.badgeNames)
                }
                context.error(
                    "\(written) is not a badge; use one of: \(Self.badgeChoices)"
                        + (near.map { " (did you mean \"\($0)\"?)" } ?? ""), at: member.value)
                continue
            }
            badges[productID] = badge
        }
        return badges
    }

    private static var badgeChoices: String { PaywallCopy.badgeNames.joined(separator: ", ") }

    private func decodeLocalization(_ node: JSONDocument.Node) -> PaywallLocalization? {
        guard var reader = ObjectReader<LocalizationKey>(context, node) else { return nil }
        let title = reader.string(.title, required: true)
        if title?.isEmpty == true, let at = reader.lookup(.title) {
            context.warning("empty title; the paywall shows no heading; write one", at: at)
        }
        let subtitle = reader.string(.subtitle)
        let features = reader.array(.features) { [self] in decodeFeature($1) } ?? []
        let callToAction = reader.string(.callToAction)
        let introCallToAction = reader.string(.callToActionWithIntroOffer)
        let terms = reader.object(.termsOfService) { [self] in decodeLink($1) }
        let privacy = reader.object(.privacyPolicy) { [self] in decodeLink($1) }
        let renewalTerms = reader.string(.renewalTerms)
        if let renewalTerms, !renewalTerms.contains("24"), let at = reader.lookup(.renewalTerms) {
            context.warning(
                "renewal terms do not mention the 24 hours before the period ends that App Review asks for; "
                    + "say the subscription renews unless turned off at least 24 hours before the period ends",
                at: at)
        }
        let trialTerms = reader.string(.trialTerms)
        _ = reader.finish()
        guard let title else { return nil }
        return PaywallLocalization(
            title: title, subtitle: subtitle, features: features, callToAction: callToAction,
            callToActionWithIntroOffer: introCallToAction, termsOfService: terms, privacyPolicy: privacy,
            renewalTerms: renewalTerms, trialTerms: trialTerms)
    }

    private func decodeFeature(_ node: JSONDocument.Node) -> PaywallFeature? {
        guard var reader = ObjectReader<FeatureKey>(context, node) else { return nil }
        let title = reader.string(.title, required: true)
        let detail = reader.string(.detail)
        let symbol = reader.string(.symbol)
        let levels = reader.array(.levels) { context, node -> Int? in
            guard let level = context.document.int(node), level >= 1 else {
                context.error(
                    "a level is a subscription group level: a whole number from 1 (the highest)", at: node)
                return nil
            }
            return level
        }
        let feature = title.map { PaywallFeature(title: $0, detail: detail, symbol: symbol, levels: levels) }
        _ = reader.finish()
        return feature
    }

    private func decodeLink(_ node: JSONDocument.Node) -> PaywallLink? {
        guard var reader = ObjectReader<LinkKey>(context, node) else { return nil }
        let link = PaywallLink(text: reader.string(.text), url: reader.string(.url))
        if let url = link.url, let problem = webURLProblem(url), let at = reader.lookup(.url) {
            context.warning(problem, at: at)
        }
        if nonEmpty(link.text) == nil, nonEmpty(link.url) == nil {
            context.warning("neither text nor url; give one, or remove the link", at: node)
        }
        _ = reader.finish()
        return link
    }
}

extension PaywallCopy {
    /// Decodes and checks a sidecar's bytes. With `groupIDs` (the catalog's), an unknown
    /// `leadingGroupID` is an error.
    public static func decode(_ bytes: [UInt8], file: String, groupIDs: Set<String>? = nil) -> Decoded<
        PaywallCopy
    > {
        DecodingContext.decode(bytes, file: file) { PaywallDecoder(context: $0, groupIDs: groupIDs).decode() }
    }
}
