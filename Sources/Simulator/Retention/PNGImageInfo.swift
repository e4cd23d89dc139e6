/// What Apple's Upload Image rules need of a PNG: its dimensions and whether it can be
/// transparent. Read from the chunks (signature, IHDR first, tRNS, IEND last) without decoding
/// the pixels; anything else is refused with the reason.
public struct PNGImageInfo: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// An alpha channel (colour types 4 and 6) or a tRNS chunk.
    public var hasTransparency: Bool

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads `bytes`, or says why they are not a PNG.
    public init(bytes: [UInt8]) throws(RetentionError) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == Self.signature else {
            throw .invalidImage(
                "the image is not a PNG (it does not start with the PNG signature): upload a PNG file")
        }
        var offset = 8
        var header: (width: Int, height: Int, colorType: UInt8)?
        var transparencyChunk = false
        var ended = false
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else {
                throw .invalidImage("the PNG is cut short at byte \(offset): upload the whole file")
            }
            let length = Self.uint32(bytes, offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else {
                throw .invalidImage("the PNG's \(type) chunk at byte \(offset) runs past the end of the file")
            }
            let data = offset + 8
            if header == nil {
                guard type == "IHDR", length == 13 else {
                    throw .invalidImage("the PNG does not begin with an IHDR chunk")
                }
                header = (Self.uint32(bytes, data), Self.uint32(bytes, data + 4), bytes[data + 9])
            } else if type == "tRNS" {
                transparencyChunk = true
            } else if type == "IEND" {
                ended = true
                break
            }
            offset = data + length + 4
        }
        guard let header, ended else {
            throw .invalidImage("the PNG has no IEND chunk: the file is incomplete")
        }
        guard header.width > 0, header.height > 0 else {
            throw .invalidImage("the PNG is \(header.width)×\(header.height) pixels")
        }
        width = header.width
        height = header.height
        hasTransparency = header.colorType == 4 || header.colorType == 6 || transparencyChunk
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
}
