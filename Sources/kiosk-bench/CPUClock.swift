import Foundation

/// CPU time of this process (user + system, every thread), for figures that must not depend on
/// how busy the machine's other processes keep its cores.
enum CPUClock {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
