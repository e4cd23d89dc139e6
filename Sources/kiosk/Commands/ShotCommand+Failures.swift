import CommandLineOptions
import PaywallShots

/// How `kiosk shot` and `kiosk gallery` end when a picture cannot be made: the scene's or the
/// rasteriser's own words after `kiosk shot:`, and the exit code that says whose fault it is.
extension CommandFailure {
    init(_ error: ShotSceneError) {
        let exit: ExitCode
        switch error {
        case .tabCovered: exit = .usage  // the options contradict each other
        case .storeUnavailable, .unreachable: exit = .failure
        }
        self.init("kiosk shot: \(error)", exit: exit)
    }

    init(_ error: PNGRasteriser.Failure) {
        let exit: ExitCode
        switch error {
        case .toolMissing: exit = .failure
        case .toolFailed: exit = .cannotCreate
        }
        self.init("kiosk shot: \(error)", exit: exit)
    }
}
