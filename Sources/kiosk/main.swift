import Foundation

// Thin entry point: everything lives in CLI/ and Commands/. When the reader of standard output
// went away (`kiosk store products | head`), stop quietly, as cat does: only the process, never
// a library or an in-process test, ends on a failed write.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(await Console.$readerGone.withValue({ exit(0) }) { await Kiosk.run(arguments, console: .standard) })
