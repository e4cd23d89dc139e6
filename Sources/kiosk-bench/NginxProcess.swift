import Foundation
import Subprocess

/// Debian's nginx serving one static file on 127.0.0.1, the anchor for the serve benchmark:
/// a temporary prefix and config, `daemon off`, stopped at the end.
struct NginxProcess {
    let pid: pid_t
    let port: UInt16
    let prefix: String

    /// Serves `body` at `/body` with `Content-Type: application/json`, as Kiosk serves its JSON.
    static func start(body: [UInt8]) async throws -> NginxProcess {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            throw BenchmarkFailure("nginx is not installed: run scripts/bench-setup")
        }
        let prefix = NSTemporaryDirectory() + "kiosk-bench-nginx-\(getpid())"
        try FileManager.default.createDirectory(atPath: prefix + "/www", withIntermediateDirectories: true)
        try Data(body).write(to: URL(fileURLWithPath: prefix + "/www/body"))
        // A port of our own choosing: nginx cannot report one the kernel picked.
        for attempt in 0..<20 {
            let port = UInt16(20_000 + (Int(getpid()) * 7 + attempt * 101) % 30_000)
            let config = """
                daemon off;
                worker_processes auto;
                pid \(prefix)/nginx.pid;
                error_log \(prefix)/error.log;
                events { worker_connections 1024; }
                http {
                    access_log off;
                    client_body_temp_path \(prefix)/tmp;
                    proxy_temp_path \(prefix)/tmp;
                    fastcgi_temp_path \(prefix)/tmp;
                    uwsgi_temp_path \(prefix)/tmp;
                    scgi_temp_path \(prefix)/tmp;
                    server {
                        listen 127.0.0.1:\(port);
                        location = /body { default_type application/json; alias \(prefix)/www/body; }
                    }
                }
                """
            try Data(config.utf8).write(to: URL(fileURLWithPath: prefix + "/nginx.conf"))
            let pid = try Subprocess.spawn(
                ["/usr/sbin/nginx", "-p", prefix, "-c", prefix + "/nginx.conf", "-e", prefix + "/error.log"],
                standardOutput: prefix + "/stdout.log", standardError: prefix + "/stderr.log")
            for _ in 0..<100 {
                try await Task.sleep(for: .milliseconds(20))
                // Not answering yet is what this loop waits out; its deadline says when it never does.
                if (try? Probe.get(port: port, path: "/body", token: nil))?.count == body.count {
                    return NginxProcess(pid: pid, port: port, prefix: prefix)
                }
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { break }  // the port was taken: next one
            }
            kill(pid, SIGKILL)
            _ = Subprocess.wait(pid)
        }
        throw BenchmarkFailure("nginx did not start: see \(prefix)/error.log")
    }

    func stop() {
        kill(pid, SIGQUIT)  // graceful: workers finish and exit with the master
        _ = Subprocess.wait(pid)
        // Clean-up of nginx's scratch prefix: a leftover harms nothing.
        try? FileManager.default.removeItem(atPath: prefix)
    }
}
