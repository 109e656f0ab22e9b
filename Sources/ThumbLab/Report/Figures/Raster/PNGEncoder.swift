import Foundation

/// Writes a ``RasterImage`` as a PNG file (https://www.w3.org/TR/png-3/): the signature,
/// `IHDR` (8-bit truecolour, no interlace), `tEXt` chunks with the title and description,
/// one `IDAT` with the zlib-compressed scanlines, and `IEND`. Each scanline gets the
/// filter (none, sub, up, average or Paeth) whose output has the smallest sum of absolute
/// values, the heuristic the PNG specification suggests; the same image always gives the
/// same bytes.
package enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG file of `image`, with `Title` and `Description` text chunks when given
    /// (characters outside Latin-1 are written as `?`).
    package static func encode(_ image: RasterImage, title: String? = nil, description: String? = nil)
        throws(ThumbLabError) -> Data
    {
        guard image.width > 0, image.height > 0 else {
            throw .figure(.emptyImage(width: image.width, height: image.height))
        }
        var out = signature
        var header = bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // bit depth, truecolour, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &out)
        for (keyword, text) in [("Title", title), ("Description", description)] {
            guard let text, !text.isEmpty else { continue }
            appendChunk("tEXt", Array(keyword.utf8) + [0] + latin1(text), to: &out)
        }
        appendChunk("IDAT", try Zlib.compress(filteredScanlines(image)), to: &out)
        appendChunk("IEND", [], to: &out)
        return Data(out)
    }

    /// Every row preceded by its filter type byte.
    static func filteredScanlines(_ image: RasterImage) -> [UInt8] {
        let stride = image.width * 3
        var out: [UInt8] = []
        out.reserveCapacity((stride + 1) * image.height)
        var previous = [UInt8](repeating: 0, count: stride)
        for y in 0..<image.height {
            let row = Array(image.pixels[(y * stride)..<((y + 1) * stride)])
            var best: (type: UInt8, bytes: [UInt8], cost: Int)?
            for type in UInt8(0)...4 {
                let filtered = filter(row, previous: previous, type: type)
                let cost = filtered.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) }
                if best == nil || cost < best!.cost { best = (type, filtered, cost) }
            }
            out.append(best!.type)
            out += best!.bytes
            previous = row
        }
        return out
    }

    /// One row under one of PNG's five filter types, with 3 bytes per pixel.
    static func filter(_ row: [UInt8], previous: [UInt8], type: UInt8) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: row.count)
        for i in row.indices {
            let left = i >= 3 ? Int(row[i - 3]) : 0
            let up = Int(previous[i])
            let upLeft = i >= 3 ? Int(previous[i - 3]) : 0
            let predictor: Int
            switch type {
            case 1: predictor = left
            case 2: predictor = up
            case 3: predictor = (left + up) / 2
            case 4: predictor = paeth(left, up, upLeft)
            default: predictor = 0
            }
            out[i] = UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
        }
        return out
    }

    /// The Paeth predictor: whichever of left, up and upper-left is closest to left + up - upper-left.
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += bigEndian(UInt32(data.count)) + typeBytes + data
        out += bigEndian(Zlib.crc(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// `tEXt` holds Latin-1 without NUL: other characters become `?`.
    private static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value > 0 && $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
    }
}
