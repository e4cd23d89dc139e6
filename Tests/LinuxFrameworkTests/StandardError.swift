#if os(Linux)
    import Foundation

    /// What `body` writes to standard error (file descriptor 2, where `Logger` and `os_log`
    /// write). Standard error is the process's: tests running beside one may write to it too,
    /// so a test looks only for its own lines.
    func capturingStandardError(_ body: () -> Void) throws -> String {
        let pipe = Pipe()
        let saved = dup(2)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        body()
        dup2(saved, 2)
        close(saved)
        try pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
#endif
