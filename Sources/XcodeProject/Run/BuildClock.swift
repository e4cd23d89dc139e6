import Foundation

/// When `swift build` last compiled one of Kiosk's modules, from its progress lines
/// (`[12/340] Compiling StoreCore Product.swift`, `Emitting module Simulator`): every module
/// that is not the generated package's own is Kiosk's (or the toolchain's, built with it).
final class BuildClock {
    private let packageModules: Set<String>
    private(set) var lastKioskLine: Date?

    init(packageModules: [String]) { self.packageModules = Set(packageModules) }

    func observe(_ line: String) {
        guard let module = Self.module(in: line), !packageModules.contains(module),
            !module.hasSuffix("PackageTests"), !module.hasSuffix("PackageDiscoveredTests")
        else { return }
        lastKioskLine = Date()
    }

    /// The module a progress line compiles, or nil for any other line.
    static func module(in line: String) -> String? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let rest = line[line.index(after: close)...].drop { $0 == " " }
        for verb in ["Compiling ", "Emitting module ", "Wrapping AST for "] where rest.hasPrefix(verb) {
            let name = rest.dropFirst(verb.count).prefix { $0 != " " }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }
}
