import CSQLite
import Foundation
import Synchronization

/// The ledger's seam for I/O failures, as SQLite's own tests make them (its test VFS fails the
/// Nth read, write, sync or lock): a VFS that wraps the system's and, while a `Plan` is armed
/// for a directory, counts the I/O calls on files under it and fails the chosen one with the
/// chosen code. `install()` makes it the process's default VFS (tests only; files opened before
/// are not seen): with no plan armed, or for files elsewhere, every call goes straight on to
/// the system's VFS.
enum FaultInjectingVFS {
    enum Operation: String, CaseIterable, Sendable {
        case read, write, sync, lock
    }

    struct Plan: Sendable {
        /// Only files whose path starts with this are counted and failed.
        var directory: String
        var operation: Operation
        /// The call that fails, counting from 1 (0: none fails, the calls are only counted).
        var failing: Int
        var failure: Failure
    }

    /// What the failing call returns.
    enum Failure: String, CaseIterable, Sendable {
        /// `SQLITE_IOERR_READ`, `_WRITE`, `_FSYNC` or `_LOCK`, by the call.
        case ioError
        /// `SQLITE_FULL`: the disk is full.
        case diskFull
        /// `SQLITE_BUSY`: another connection holds the lock.
        case busy

        func code(for operation: Operation) -> Int32 {
            switch self {
            case .diskFull: return SQLITE_FULL
            case .busy: return SQLITE_BUSY
            case .ioError:
                // The extended codes are macros Swift does not import: SQLITE_IOERR | (n << 8).
                let extended: Int32 =
                    switch operation {
                    case .read: 1
                    case .write: 3
                    case .sync: 4
                    case .lock: 15
                    }
                return SQLITE_IOERR | (extended << 8)
            }
        }
    }

    private struct Armed {
        var plan: Plan?
        var calls: [Operation: Int] = [:]
        var failed = false
    }

    private static let armed = Mutex(Armed())
    /// The system's VFS, which does the I/O; registered once, on first use.
    // Written once (a lazy global) and only read after: SQLite owns the pointee.
    nonisolated(unsafe) private static let system: UnsafeMutablePointer<sqlite3_vfs> = registerWrapper()
    /// Our header before the system's file in each open file (kept 16-byte aligned).
    private static let headerSize = 16

    /// Makes the wrapper the default VFS, once; the ledgers opened after it go through it.
    static func install() { _ = system }

    /// Arms `plan` (replacing any other) and starts counting from zero.
    static func arm(_ plan: Plan) {
        install()
        armed.withLock { $0 = Armed(plan: plan) }
    }

    /// Disarms, and returns the calls counted and whether the planned failure happened.
    @discardableResult
    static func disarm() -> (calls: [Operation: Int], failed: Bool) {
        armed.withLock { state in
            defer { state = Armed() }
            return (state.calls, state.failed)
        }
    }

    /// Counts a call on a file under the plan's directory; the code to fail it with, if it is
    /// the planned one.
    private static func fault(_ operation: Operation, on file: UnsafeMutablePointer<sqlite3_file>?) -> Int32?
    {
        guard let file, let path = header(of: file).pointee.path else { return nil }
        return armed.withLock { state -> Int32? in
            guard let plan = state.plan, plan.operation == operation,
                String(cString: path).hasPrefix(plan.directory)
            else { return nil }
            let count = (state.calls[operation] ?? 0) + 1
            state.calls[operation] = count
            guard count == plan.failing else { return nil }
            state.failed = true
            return plan.failure.code(for: operation)
        }
    }

    // MARK: The wrapper file

    /// What precedes the system's file in each of our files: SQLite's `sqlite3_file` (the
    /// methods it calls) and the file's path (ours, freed when it closes; nil for a temporary
    /// file SQLite names none), which a plan's directory is matched against.
    private struct Header {
        var base: sqlite3_file
        var path: UnsafeMutablePointer<CChar>?
    }

    private static func header(of file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<Header> {
        UnsafeMutableRawPointer(file).assumingMemoryBound(to: Header.self)
    }

    private static func real(_ file: UnsafeMutablePointer<sqlite3_file>?) -> UnsafeMutablePointer<
        sqlite3_file
    > {
        UnsafeMutableRawPointer(file!).advanced(by: headerSize).assumingMemoryBound(to: sqlite3_file.self)
    }

    private static func methods(_ file: UnsafeMutablePointer<sqlite3_file>?) -> sqlite3_io_methods {
        real(file).pointee.pMethods.pointee
    }

    private static func registerWrapper() -> UnsafeMutablePointer<sqlite3_vfs> {
        precondition(MemoryLayout<Header>.size <= headerSize, "the fault VFS's header outgrew its room")
        guard let system = sqlite3_vfs_find(nil) else { fatalError("SQLite has no default VFS") }
        let ours = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        ours.initialize(to: system.pointee)
        ours.pointee.zName = UnsafePointer(strdup("kiosk-faults"))
        ours.pointee.szOsFile = system.pointee.szOsFile + Int32(headerSize)
        ours.pointee.pNext = nil
        ours.pointee.xOpen = { _, name, file, flags, outFlags in
            guard let file else { return SQLITE_MISUSE }
            FaultInjectingVFS.header(of: file).initialize(
                to: Header(base: sqlite3_file(pMethods: nil), path: name.flatMap { strdup($0) }))
            let system = FaultInjectingVFS.system
            let status = system.pointee.xOpen(system, name, FaultInjectingVFS.real(file), flags, outFlags)
            if status == SQLITE_OK, FaultInjectingVFS.real(file).pointee.pMethods != nil {
                file.pointee.pMethods = UnsafePointer(FaultInjectingVFS.wrapperMethods)
            } else {
                free(FaultInjectingVFS.header(of: file).pointee.path)
            }
            return status
        }
        sqlite3_vfs_register(ours, 1)
        return system
    }

    // A table built once and never written again.
    nonisolated(unsafe) private static let wrapperMethods: UnsafeMutablePointer<sqlite3_io_methods> = {
        let table = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        table.initialize(to: sqlite3_io_methods())
        table.pointee.iVersion = 3
        table.pointee.xClose = { file in
            let close = FaultInjectingVFS.methods(file).xClose!
            let status = close(FaultInjectingVFS.real(file))
            if let file { free(FaultInjectingVFS.header(of: file).pointee.path) }
            return status
        }
        table.pointee.xRead = { file, buffer, amount, offset in
            if let code = FaultInjectingVFS.fault(.read, on: file) { return code }
            return FaultInjectingVFS.methods(file).xRead!(
                FaultInjectingVFS.real(file), buffer, amount, offset)
        }
        table.pointee.xWrite = { file, buffer, amount, offset in
            if let code = FaultInjectingVFS.fault(.write, on: file) { return code }
            return FaultInjectingVFS.methods(file).xWrite!(
                FaultInjectingVFS.real(file), buffer, amount, offset)
        }
        table.pointee.xTruncate = { file, size in
            if let code = FaultInjectingVFS.fault(.write, on: file) { return code }
            return FaultInjectingVFS.methods(file).xTruncate!(FaultInjectingVFS.real(file), size)
        }
        table.pointee.xSync = { file, flags in
            if let code = FaultInjectingVFS.fault(.sync, on: file) { return code }
            return FaultInjectingVFS.methods(file).xSync!(FaultInjectingVFS.real(file), flags)
        }
        table.pointee.xFileSize = { file, size in
            FaultInjectingVFS.methods(file).xFileSize!(FaultInjectingVFS.real(file), size)
        }
        table.pointee.xLock = { file, level in
            if let code = FaultInjectingVFS.fault(.lock, on: file) { return code }
            return FaultInjectingVFS.methods(file).xLock!(FaultInjectingVFS.real(file), level)
        }
        table.pointee.xUnlock = { file, level in
            FaultInjectingVFS.methods(file).xUnlock!(FaultInjectingVFS.real(file), level)
        }
        table.pointee.xCheckReservedLock = { file, out in
            FaultInjectingVFS.methods(file).xCheckReservedLock!(FaultInjectingVFS.real(file), out)
        }
        table.pointee.xFileControl = { file, operation, argument in
            FaultInjectingVFS.methods(file).xFileControl!(FaultInjectingVFS.real(file), operation, argument)
        }
        table.pointee.xSectorSize = { file in
            FaultInjectingVFS.methods(file).xSectorSize!(FaultInjectingVFS.real(file))
        }
        table.pointee.xDeviceCharacteristics = { file in
            FaultInjectingVFS.methods(file).xDeviceCharacteristics!(FaultInjectingVFS.real(file))
        }
        table.pointee.xShmMap = { file, page, size, extend, out in
            FaultInjectingVFS.methods(file).xShmMap!(FaultInjectingVFS.real(file), page, size, extend, out)
        }
        table.pointee.xShmLock = { file, offset, count, flags in
            // Taking a WAL lock: the lock faults' second place (the first is xLock). Letting go
            // of one never fails here, as it does not in the system's VFS: SQLite would take
            // the lock as still held and refuse every later read (SQLITE_PROTOCOL).
            if flags & SQLITE_SHM_LOCK != 0, let code = FaultInjectingVFS.fault(.lock, on: file) {
                return code
            }
            return FaultInjectingVFS.methods(file).xShmLock!(
                FaultInjectingVFS.real(file), offset, count, flags)
        }
        table.pointee.xShmBarrier = { file in
            FaultInjectingVFS.methods(file).xShmBarrier!(FaultInjectingVFS.real(file))
        }
        table.pointee.xShmUnmap = { file, delete in
            FaultInjectingVFS.methods(file).xShmUnmap!(FaultInjectingVFS.real(file), delete)
        }
        table.pointee.xFetch = { file, offset, amount, out in
            FaultInjectingVFS.methods(file).xFetch!(FaultInjectingVFS.real(file), offset, amount, out)
        }
        table.pointee.xUnfetch = { file, offset, pointer in
            FaultInjectingVFS.methods(file).xUnfetch!(FaultInjectingVFS.real(file), offset, pointer)
        }
        return table
    }()
}
