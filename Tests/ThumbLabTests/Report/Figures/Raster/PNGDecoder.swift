import CZlib
import Foundation

/// A problem a PNG file has, in words.
struct PNGDecodingError: Error, CustomStringConvertible {
    var description: String
}

/// A decoded 8-bit PNG: its chunks in order, its text chunks and its pixels as RGBA.
struct DecodedPNG {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colourType: Int
    var chunkTypes: [String]
    var texts: [String: String]
    /// The filter type of each scanline.
    var filterTypes: [UInt8]
    /// Red, green, blue, alpha of each pixel, row by row.
    var rgba: [UInt8]

    /// The pixel at (`x`, `y`) as 0-255 red, green and blue.
    func rgb(_ x: Int, _ y: Int) -> [Int] {
        let index = (y * width + x) * 4
        return rgba[index..<index + 3].map(Int.init)
    }
}

/// A minimal PNG reader written for the tests, independent of ThumbLab's encoder: it
/// checks the signature and the CRC of every chunk with its own CRC-32 table, inflates
/// the joined IDAT data with zlib's `uncompress`, and reverses all five scanline filters
/// for 8-bit greyscale, grey-alpha, truecolour and truecolour-alpha images without
/// interlacing (what ThumbLab and librsvg write).
enum PNGDecoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The CRC-32 table of the PNG specification (polynomial 0xEDB88320, reflected).
    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func decode(_ data: Data) throws -> DecodedPNG {
        let bytes = [UInt8](data)
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw PNGDecodingError(description: "no PNG signature")
        }
        func uint32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var types: [String] = []
        var texts: [String: String] = [:]
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 12 <= bytes.count {
            let length = uint32(offset)
            guard offset + 12 + length <= bytes.count else {
                throw PNGDecodingError(description: "chunk runs past the end")
            }
            let typeAndData = bytes[(offset + 4)..<(offset + 8 + length)]
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let stored = UInt32(uint32(offset + 8 + length))
            guard crc(typeAndData) == stored else {
                throw PNGDecodingError(description: "CRC mismatch in chunk \(types.count + 1) (\(type))")
            }
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            switch type {
            case "IHDR": header = body
            case "IDAT": compressed += body
            case "tEXt":
                if let zero = body.firstIndex(of: 0) {
                    texts[String(decoding: body[..<zero], as: UTF8.self)] = String(
                        body[(zero + 1)...].map { Character(Unicode.Scalar($0)) })
                }
            default: break
            }
            types.append(type)
            offset += 12 + length
        }
        guard offset == bytes.count else { throw PNGDecodingError(description: "bytes after the last chunk") }
        guard types.first == "IHDR", types.last == "IEND", header.count == 13 else {
            throw PNGDecodingError(description: "chunks must start with IHDR and end with IEND: \(types)")
        }
        let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let (depth, colourType, interlace) = (Int(header[8]), Int(header[9]), header[12])
        let channelsByType = [0: 1, 2: 3, 4: 2, 6: 4]
        guard depth == 8, interlace == 0, let channels = channelsByType[colourType] else {
            throw PNGDecodingError(description: "unsupported depth \(depth), colour type \(colourType) or interlace")
        }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawLength = uLong(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { target in
            compressed.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &rawLength, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else {
            throw PNGDecodingError(description: "IDAT does not inflate to \(raw.count) bytes (zlib status \(status))")
        }
        var filters: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: stride)
        var samples: [UInt8] = []
        samples.reserveCapacity(stride * height)
        for y in 0..<height {
            let start = y * (stride + 1)
            let filter = raw[start]
            filters.append(filter)
            var row = Array(raw[(start + 1)..<(start + 1 + stride)])
            for i in 0..<stride {
                let a = i >= channels ? Int(row[i - channels]) : 0
                let b = Int(previous[i])
                let c = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) >> 1
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw PNGDecodingError(description: "row \(y) has filter type \(filter)")
                }
                row[i] = UInt8((Int(row[i]) + predictor) & 0xFF)
            }
            samples += row
            previous = row
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for pixel in 0..<(width * height) {
            let s = Array(samples[(pixel * channels)..<((pixel + 1) * channels)])
            let colour: [UInt8] =
                switch channels {
                case 1: [s[0], s[0], s[0], 255]
                case 2: [s[0], s[0], s[0], s[1]]
                case 3: [s[0], s[1], s[2], 255]
                default: s
                }
            rgba.replaceSubrange((pixel * 4)..<(pixel * 4 + 4), with: colour)
        }
        return DecodedPNG(
            width: width, height: height, bitDepth: depth, colourType: colourType, chunkTypes: types, texts: texts,
            filterTypes: filters, rgba: rgba)
    }
}
