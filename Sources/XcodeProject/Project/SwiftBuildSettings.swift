/// The build settings that change how a target's Swift compiles, read from Xcode's names.
public struct SwiftBuildSettings: Sendable, Equatable {
    /// `SWIFT_VERSION`'s major version (`5.0` → 5, `6.0` → 6); nil when the target does not set it.
    public var languageMode: Int?
    /// `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`: declarations are main-actor isolated unless
    /// marked otherwise (SE-0466).
    public var defaultIsolationIsMainActor: Bool
    /// `SWIFT_APPROACHABLE_CONCURRENCY = YES`: Xcode 26's bundle of upcoming features.
    public var approachableConcurrency: Bool
    /// `SWIFT_UPCOMING_FEATURE_*` settings that are YES, by feature name.
    public var upcomingFeatures: [String]

    /// The features Xcode 26 turns on with `SWIFT_APPROACHABLE_CONCURRENCY`: the ones SE-0466's
    /// "approachable concurrency" vision names that are not already on in Swift 6 mode too.
    public static let approachableConcurrencyFeatures = [
        "DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances",
        "InferSendableFromCaptures", "NonisolatedNonsendingByDefault",
    ]

    public init(_ settings: [String: String]) {
        let version = settings["SWIFT_VERSION"].flatMap { $0.split(separator: ".").first }.flatMap { Int($0) }
        languageMode = version
        defaultIsolationIsMainActor = settings["SWIFT_DEFAULT_ACTOR_ISOLATION"] == "MainActor"
        approachableConcurrency = settings["SWIFT_APPROACHABLE_CONCURRENCY"] == "YES"
        let prefix = "SWIFT_UPCOMING_FEATURE_"
        upcomingFeatures = settings.filter { $0.key.hasPrefix(prefix) && $0.value == "YES" }
            .map { Self.featureName(fromSetting: String($0.key.dropFirst(prefix.count))) }.sorted()
    }

    /// The same settings without main-actor default isolation: how a test target compiles on
    /// Linux, whose XCTest cannot take it (its test classes say `@MainActor` themselves, which
    /// the planner requires).
    public var withoutDefaultMainActor: SwiftBuildSettings {
        var settings = self
        settings.defaultIsolationIsMainActor = false
        return settings
    }

    /// `NONISOLATED_NONSENDING_BY_DEFAULT` → `NonisolatedNonsendingByDefault`.
    static func featureName(fromSetting setting: String) -> String {
        setting.split(separator: "_").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined()
    }

    /// Features the Swift 6 language mode has on already: naming them again only warns.
    static let onInSwift6: Set<String> = [
        "DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferSendableFromCaptures",
        "IsolatedDefaultValues", "RegionBasedIsolation", "ConciseMagicFile", "ForwardTrailingClosures",
        "BareSlashRegexLiterals", "DeprecateApplicationMain", "ImportObjcForwardDeclarations",
    ]

    /// Every upcoming feature the target compiles with that its language mode does not already
    /// have on, without repeats, in a stable order.
    public var enabledFeatures: [String] {
        var features = upcomingFeatures
        if approachableConcurrency { features += Self.approachableConcurrencyFeatures }
        var seen = Set<String>()
        return features.filter {
            seen.insert($0).inserted && !((languageMode ?? 5) >= 6 && Self.onInSwift6.contains($0))
        }
        .sorted()
    }
}
