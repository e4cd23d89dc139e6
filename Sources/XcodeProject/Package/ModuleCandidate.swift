/// A module the tests may reach, before the planner knows whether they do: an Xcode target
/// (app, framework, static library), a target of a local Swift package, or a module named on
/// the command line. The planner takes those the tests import, then those they import, and so on.
struct ModuleCandidate {
    var name: String
    var swiftFiles: [String]
    var settings: SwiftBuildSettings
    /// The folder its links are relative to (see `XCTestPlan.Module.root`).
    var root: String
    /// Resources the generated manifest declares (a package target's own).
    var resources: [XCTestPlan.Resource]
    /// Resources Xcode copies into the app's bundle (an Xcode target's Resources phase).
    var bundleResources: [String]
    /// Says where it comes from in a message (`the target AppCore of Packages/AppCore`).
    var origin: String
}

/// Products of remote packages the project links that have no checkout on this machine (none
/// given, and the fetch failed or `--offline`): an import of one is named before compiling, with
/// its repository and why it could not be had.
struct RemoteProducts {
    /// Each product's repository, by product name.
    var repositories: [String: String] = [:]
    /// What went wrong fetching a repository, by repository.
    var fetchFailures: [String: String] = [:]

    mutating func add(_ product: String, repository: String) {
        if repositories[product] == nil { repositories[product] = repository }
    }
}
