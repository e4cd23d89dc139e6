import Foundation
import Subprocess
import Testing

/// Runs the interop scripts in Tests/Interop with the Python that has Apple's library:
/// `$KIOSK_PYTHON`, else `<package root>/.venv/bin/python3`.
///
/// Spawned through `Subprocess` (Foundation.Process can hang under `swift test`).
enum PythonRunner {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static let setupHint =
        "run scripts/test (or: python3 -m venv .venv && .venv/bin/pip install 'app-store-server-library==3.1.2')"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static var interpreter: String {
        ProcessInfo.processInfo.environment["KIOSK_PYTHON"] ?? packageRoot + "/.venv/bin/python3"
    }

    /// Runs `Tests/Interop/<script>` with `arguments`, returning its stdout.
    /// - Throws: `Failure` saying how to install the interpreter and library when either is
    ///   missing, or with the script's stderr when it fails.
    static func run(_ script: String, _ arguments: [String] = []) throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: interpreter) else {
            throw Failure(description: "no Python interpreter at \(interpreter): \(setupHint)")
        }
        let output: Subprocess.Output
        do {
            output = try Subprocess.run([interpreter, packageRoot + "/Tests/Interop/" + script] + arguments)
        } catch {
            throw Failure(description: "\(error)")
        }
        if output.status == 3 {
            throw Failure(
                description:
                    "\(output.standardError.trimmingCharacters(in: .whitespacesAndNewlines)): \(setupHint)")
        }
        guard output.status == 0 else {
            throw Failure(description: "\(script) exited with \(output.status): \(output.standardError)")
        }
        return Data(output.standardOutput.utf8)
    }
}
