import Foundation

/// The modules Linux's Swift toolchain offers (`Foundation`, `Dispatch`, `XCTest`, `Testing`,
/// `Observation`, `Synchronization`, `Glibc`, …), read from the toolchain's own library folder
/// (`usr/lib/swift/linux/*.swiftmodule`) so the list is the installed toolchain's, not ours.
enum ToolchainModules {
    /// Read once per process: the toolchain does not change under a run.
    static let installed: Set<String> = read()

    /// What every toolchain has, for a toolchain whose folder cannot be found (a `swift` that
    /// is a wrapper script): an import of these is never called unknown.
    static let always: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking",
        "FoundationXML", "Dispatch", "XCTest", "Testing", "Observation", "Synchronization", "Glibc", "Musl",
        "RegexBuilder", "Distributed", "_Concurrency", "_StringProcessing", "Cxx", "CxxStdlib",
    ]

    private static func read() -> Set<String> {
        var modules = always
        for folder in libraryFolders() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where name.hasSuffix(".swiftmodule") {
                modules.insert(String(name.dropLast(".swiftmodule".count)))
            }
        }
        return modules
    }

    /// `<toolchain>/usr/lib/swift/linux` for the `swift` on PATH (through its symbolic links).
    private static func libraryFolders() -> [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = (String(folder) as NSString).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            let real = (candidate as NSString).resolvingSymlinksInPath
            let usr = ((real as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            let library = (usr as NSString).appendingPathComponent("lib/swift/linux")
            if FileManager.default.fileExists(atPath: library) { return [library] }
        }
        return []
    }
}
