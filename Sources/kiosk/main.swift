import Foundation

// Thin entry point: everything lives in CLI/ and Commands/. Only the process, never a library or
// an in-process test, ends on a failed write (`Kiosk.runProcess`).
exit(await Kiosk.runProcess(Array(CommandLine.arguments.dropFirst())))
