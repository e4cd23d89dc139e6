import Foundation
import FuzzTargets

/// libFuzzer's driver for one target: `KIOSK_FUZZ_TARGET` (catalog, paywall-copy, theme,
/// http-request, jws, save-point, rehearsal, store-words) names the decoder. Built only with
/// `KIOSK_FUZZ=1` and `-sanitize=fuzzer`
/// (`scripts/fuzz`).
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["KIOSK_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("kiosk-fuzz: set KIOSK_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(64)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    target.run(bytes)
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main`; libFuzzer's own `main` is then
/// not linked, so this one hands the arguments to libFuzzer's driver.
@_cdecl("kiosk_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
