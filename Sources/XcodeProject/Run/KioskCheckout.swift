import Foundation

/// The Kiosk checkout a generated package depends on by path: `KIOSK_HOME` when set, else the
/// checkout the running `kiosk` was built in (found from the executable's path, which sits in
/// its `.build` folder).
public enum KioskCheckout {
    /// The checkout's folder.
    /// - Throws: `XcodeProjectError` saying to set `KIOSK_HOME` when none is found.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String = CommandLine.arguments.first ?? ""
    ) throws(XcodeProjectError) -> String {
        if let home = environment["KIOSK_HOME"] {
            guard isKioskCheckout(home) else {
                throw XcodeProjectError(
                    "KIOSK_HOME=\(home) is not a Kiosk checkout (no Package.swift naming \"Kiosk\")")
            }
            return (home as NSString).standardizingPath
        }
        var folder = (resolved(executablePath) as NSString).deletingLastPathComponent
        while folder != "/" && !folder.isEmpty {
            if isKioskCheckout(folder) { return folder }
            folder = (folder as NSString).deletingLastPathComponent
        }
        throw XcodeProjectError(
            "cannot find the Kiosk checkout this kiosk was built from; set KIOSK_HOME to the folder of Kiosk's Package.swift"
        )
    }

    private static func resolved(_ path: String) -> String {
        let absolute =
            path.hasPrefix("/")
            ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (absolute as NSString).resolvingSymlinksInPath
    }

    static func isKioskCheckout(_ folder: String) -> Bool {
        let manifest = (folder as NSString).appendingPathComponent("Package.swift")
        guard let data = FileManager.default.contents(atPath: manifest) else { return false }
        return String(decoding: data, as: UTF8.self).contains("name: \"Kiosk\"")
    }
}
