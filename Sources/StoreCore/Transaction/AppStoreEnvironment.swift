/// Which App Store environment signed a payload. Raw values are Apple's `environment` strings;
/// a backend's verifier checks this, so it is a setting (`Sandbox` by default).
public enum AppStoreEnvironment: String, Sendable, Hashable, Codable, CaseIterable {
    case sandbox = "Sandbox"
    case production = "Production"
    case xcode = "Xcode"
    case localTesting = "LocalTesting"
}
