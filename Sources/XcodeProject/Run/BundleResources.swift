import Foundation

/// Puts the Xcode targets' resources where Linux's `Bundle(for:)` and `Bundle.main` look for
/// them: on Linux the test executable is the bundle, and its resources are the files beside it
/// in the build folder (`<scratch>/debug`; tried with Swift 6.3: neither a `.resources` folder
/// named after the executable nor `Bundle.module` of another target is searched). Xcode copies
/// each resource into the bundle's top folder (a localization into its `.lproj`), so the links
/// are made the same way. Links a previous run put there are replaced; a file of SwiftPM's own
/// of the same name is never touched.
struct BundleResources {
    /// The build products' folder (`<scratch>/debug`).
    var folder: String
    var files: [String]

    /// The record of the links this kind of run placed, so the next run removes them first.
    private var record: String { (folder as NSString).appendingPathComponent(".kiosk-bundle-resources") }

    /// Links each resource beside the test executable; returns the names it could not place
    /// because a file of the build's own has that name.
    func place() throws(XcodeProjectError) -> [String] {
        removePrevious()
        var placed: [String] = []
        var refused: [String] = []
        for file in files where !Self.isBuildInput(file) {
            let name = Self.bundleName(of: file)
            let link = (folder as NSString).appendingPathComponent(name)
            if let existing = try? FileManager.default.destinationOfSymbolicLink(atPath: link) {
                if existing == file { continue }
                refused.append("\(name) (already linked to \(existing) by another resource of this run)")
                continue
            }
            if FileManager.default.fileExists(atPath: link) {
                refused.append("\(name) (a file of the build's own has that name)")
                continue
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
                placed.append(name)
            } catch {
                throw XcodeProjectError(
                    "cannot link the resource \(file) beside the tests in \(folder): \(error)")
            }
        }
        do {
            try Data(placed.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: record))
        } catch {
            throw XcodeProjectError("cannot write \(record): \(error)")
        }
        return refused
    }

    /// Removes the links the previous run recorded (only links: never a file of the build's).
    private func removePrevious() {
        guard let data = FileManager.default.contents(atPath: record) else { return }
        for name in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let link = (folder as NSString).appendingPathComponent(String(name))
            // Not a link any more (the build wrote a file there): leave it.
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil else { continue }
            try? FileManager.default.removeItem(atPath: link)  // Gone already is as good as removed.
        }
    }

    /// Files a target lists that Xcode reads while building rather than copying into the bundle
    /// (an `Info.plist` beside the tests would become the bundle's own and change `Bundle.main`).
    static func isBuildInput(_ file: String) -> Bool {
        let name = (file as NSString).lastPathComponent
        return name == "Info.plist"
            || ["entitlements", "xcconfig", "xctestplan"].contains(
                (name as NSString).pathExtension)
    }

    /// `Products.storekit`, or `en.lproj/Localizable.strings` for a localized resource.
    static func bundleName(of file: String) -> String {
        let name = (file as NSString).lastPathComponent
        let parent = ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return parent.hasSuffix(".lproj") ? (parent as NSString).appendingPathComponent(name) : name
    }
}
