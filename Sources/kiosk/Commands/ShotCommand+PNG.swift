import Foundation
import Subprocess

/// PNG screenshots: the SVG export rasterised by Debian's `rsvg-convert` (librsvg2-bin), so a
/// picture can go straight into a deck. The SVG is the single drawing of the screen; the PNG is
/// that drawing in pixels, with the fonts fontconfig finds for Chinese, Japanese, Korean, Arabic
/// and Hebrew (fonts-noto-cjk, fonts-noto-core: docs/screenshots.md).
enum PNGRasteriser {
    /// The rasteriser, found on PATH.
    static let tool = "rsvg-convert"
    /// What to install when it is missing.
    static let installHint =
        "install it (Debian/Ubuntu: apt-get install librsvg2-bin fonts-noto-core fonts-noto-cjk), "
        + "or write .svg and convert it elsewhere"

    /// Whether `path` asks for a PNG (by its extension, in any case).
    static func wants(_ path: String) -> Bool { path.lowercased().hasSuffix(".png") }

    /// Rasterises `svg` into the PNG file `path` at the SVG's own size.
    static func write(svg: String, to path: String, command: String) throws {
        let output: Subprocess.Output
        do {
            output = try Subprocess.run([tool, "--format", "png", "--output", path], input: svg)
        } catch {
            throw CommandFailure("\(command): PNG needs \(tool): \(error); \(installHint)", exit: .failure)
        }
        guard output.status == 0 else {
            let reason = output.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure(
                "\(command): \(tool) could not write \(path) (exit \(output.status)): \(reason)",
                exit: .cannotCreate)
        }
    }
}
