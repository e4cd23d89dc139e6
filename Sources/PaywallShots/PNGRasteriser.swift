import Foundation
import Subprocess

/// PNG screenshots: the SVG export rasterised by Debian's `rsvg-convert` (librsvg2-bin), so a
/// picture can go straight into a deck. The SVG is the single drawing of the screen; the PNG is
/// that drawing in pixels, with the fonts fontconfig finds for Chinese, Japanese, Korean, Arabic
/// and Hebrew (fonts-noto-cjk, fonts-noto-core: docs/screenshots.md).
public enum PNGRasteriser {
    /// Why no PNG was written; its description says what to do.
    public enum Failure: Error, CustomStringConvertible, Sendable {
        /// The rasteriser could not be started (not installed, most likely).
        case toolMissing(reason: String)
        /// It ran and failed: its exit status and what it said.
        case toolFailed(path: String, status: Int32, reason: String)

        public var description: String {
            switch self {
            case .toolMissing(let reason): "PNG needs \(tool): \(reason); \(installHint)"
            case .toolFailed(let path, let status, let reason):
                "\(tool) could not write \(path) (exit \(status)): \(reason)"
            }
        }
    }

    /// The rasteriser, found on PATH.
    public static let tool = "rsvg-convert"
    /// What to install when it is missing.
    public static let installHint =
        "install it (Debian/Ubuntu: apt-get install librsvg2-bin fonts-noto-core fonts-noto-cjk), "
        + "or write .svg and convert it elsewhere"

    /// Whether `path` asks for a PNG (by its extension, in any case).
    public static func wants(_ path: String) -> Bool { path.lowercased().hasSuffix(".png") }

    /// Rasterises `svg` into the PNG file `path` at the SVG's own size.
    public static func write(svg: String, to path: String) throws(Failure) {
        let output: Subprocess.Output
        do {
            output = try Subprocess.run([tool, "--format", "png", "--output", path], input: svg)
        } catch {
            throw .toolMissing(reason: "\(error)")
        }
        guard output.status == 0 else {
            let reason = output.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw .toolFailed(path: path, status: output.status, reason: reason)
        }
    }
}
