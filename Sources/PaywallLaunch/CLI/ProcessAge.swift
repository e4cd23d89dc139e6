import Foundation

/// How long this process has existed, from /proc/self/stat's start time (clock ticks since boot,
/// so 10 ms resolution) and CLOCK_BOOTTIME; nil where /proc is missing.
public enum ProcessAge {
    public static func seconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Field 22 (starttime) is the 20th after the command name.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let start = Double(fields[19]) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - start / ticks
    }
}
