import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the interop scripts in Tests/Interop with the Python that has Apple's library:
/// `$KIOSK_PYTHON`, else `<package root>/.venv/bin/python3`.
///
/// Spawned with posix_spawn (Foundation.Process can hang under `swift test`), stdout and stderr
/// to temporary files rather than pipes, so a chatty child can never block on a full pipe.
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
        let scratch = NSTemporaryDirectory() + "kiosk-interop-\(UUID().uuidString)"
        let outPath = scratch + ".out"
        let errPath = scratch + ".err"
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        let status = try spawn(
            [interpreter, packageRoot + "/Tests/Interop/" + script] + arguments, stdout: outPath,
            stderr: errPath)
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        if status == 3 {
            throw Failure(
                description: "\(stderr.trimmingCharacters(in: .whitespacesAndNewlines)): \(setupHint)")
        }
        guard status == 0 else { throw Failure(description: "\(script) exited with \(status): \(stderr)") }
        return try Data(contentsOf: URL(fileURLWithPath: outPath))
    }

    private static func spawn(_ arguments: [String], stdout: String, stderr: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard rc == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(rc)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status >> 8) & 0xFF  // WEXITSTATUS
    }
}
