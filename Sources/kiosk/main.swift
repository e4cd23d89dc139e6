import Foundation

// Thin entry point: everything lives in CLI/ and Commands/.
exit(await Kiosk.run(Array(CommandLine.arguments.dropFirst())))
