import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs child processes safely from any thread, for benchmarks' anchors and tests.
///
/// Foundation.Process is avoided on purpose: a child started from a Swift concurrency thread
/// inherits its blocked signal mask (so `openssl speed`, which stops on SIGALRM, never stops,
/// and a TUI never sees SIGWINCH), and Process can hang waiting on a daemonizing child
/// (swift-corelibs-foundation#4795). Here the child gets an empty signal mask and default
/// handlers, only stdin/stdout/stderr, and its output goes to temporary files, so a chatty
/// child can never block on a full pipe.
public enum Subprocess {
    public struct Output: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `arguments` (the first looked up on PATH) to completion.
    /// - Parameter input: text written to the child's standard input, if any.
    public static func run(_ arguments: [String], input: String? = nil, environment: [String: String]? = nil)
        throws(Failure) -> Output
    {
        let scratch = NSTemporaryDirectory() + "kiosk-subprocess-\(UUID().uuidString)"
        let paths = (input: scratch + ".in", output: scratch + ".out", error: scratch + ".err")
        defer {
            [paths.input, paths.output, paths.error].forEach {
                // Scratch files in the temporary directory: one left behind harms nothing.
                try? FileManager.default.removeItem(atPath: $0)
            }
        }
        do {
            try Data((input ?? "").utf8).write(to: URL(fileURLWithPath: paths.input))
        } catch {
            throw Failure(
                description:
                    "cannot write the standard input of \(arguments.first ?? "a process") to \(paths.input): \(error)"
            )
        }
        let pid = try spawn(
            arguments, standardInput: paths.input, standardOutput: paths.output, standardError: paths.error,
            environment: environment)
        let status = wait(pid)
        return Output(
            status: status, standardOutput: try captured(paths.output, of: program(arguments)),
            standardError: try captured(paths.error, of: program(arguments)))
    }

    /// What a child wrote to `path`: bytes that are not UTF-8 are shown as U+FFFD, not lost
    /// with the rest of the text.
    private static func captured(_ path: String, of program: String) throws(Failure) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read what \(program) wrote to \(path)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func program(_ arguments: [String]) -> String { arguments.first ?? "a process" }

    /// Starts `arguments` and returns its process ID; stdio go to the given files.
    public static func spawn(
        _ arguments: [String], standardInput: String = "/dev/null", standardOutput: String = "/dev/null",
        standardError: String = "/dev/null", environment: [String: String]? = nil
    ) throws(Failure) -> pid_t {
        guard let program = arguments.first else { throw Failure(description: "no program to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Close every other descriptor of ours in the child (closefrom needs _GNU_SOURCE).
        // Without /proc (a sandbox that hides it) nothing more is closed: the child inherits
        // the descriptors not marked close-on-exec, as any posix_spawn child would.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, &attributes, &argv, &envp)
        guard status == 0 else {
            throw Failure(description: "cannot start \(program): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Waits for a child and returns its exit status (128 + signal when it was killed).
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
