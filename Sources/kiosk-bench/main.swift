// A minimal dispatcher until the shared one lands on main; each benchmark lives in its own
// file with a `static func run() async throws` entry point.
import Foundation

switch CommandLine.arguments.dropFirst().first {
case "catalog":
    try await CatalogBenchmark.run()
default:
    FileHandle.standardError.write(Data("usage: kiosk-bench catalog\n".utf8))
    exit(64)
}
