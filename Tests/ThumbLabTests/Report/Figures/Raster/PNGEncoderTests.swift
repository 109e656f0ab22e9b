import CZlib
import Foundation
import Testing

@testable import ThumbLab

/// ThumbLab's PNG files read back by the tests' own decoder: signature, chunk order, every
/// CRC, size and pixels; and the decoder itself checked on files it did not get from
/// ThumbLab's encoder.
@Suite struct PNGEncoderTests {
    /// A 37 x 23 image of gradients, flat runs and noise, so that rows suit different filters.
    static func sampleImage() -> RasterImage {
        var image = RasterImage(width: 37, height: 23, background: Colour(red255: 10, green255: 200, blue255: 30))
        var seed: UInt32 = 12345
        for y in 0..<23 {
            for x in 0..<37 {
                seed = seed &* 1_103_515_245 &+ 12345
                let noise = Double((seed >> 16) & 0xFF) / 255
                let colour: (Double, Double, Double) =
                    switch y % 4 {
                    case 0: (Double(x) / 36, Double(y) / 22, 0.5)
                    case 1: (noise, 1 - noise, noise / 2)
                    case 2: (0.2, 0.4, 0.6)
                    default: (Double(x % 5) / 4, 0, Double(y) / 22)
                    }
                image.blend(x: x, y: y, colour: colour, alpha: x % 7 == 0 ? 0.5 : 1)
            }
        }
        return image
    }

    @Test func ownCRCTableAndZlibAgreeOnTheCheckValue() {
        let check = Array("123456789".utf8)
        #expect(PNGDecoder.crc(check[...]) == 0xCBF4_3926)
        #expect(Zlib.crc(check) == 0xCBF4_3926)
    }

    @Test func encodedImageDecodesToTheSamePixelsWithValidChunks() throws {
        let image = Self.sampleImage()
        let data = try PNGEncoder.encode(image, title: "Error rate ± CI", description: "A test image")
        let decoded = try PNGDecoder.decode(data)
        #expect(decoded.chunkTypes == ["IHDR", "tEXt", "tEXt", "IDAT", "IEND"])
        #expect(decoded.width == 37 && decoded.height == 23)
        #expect(decoded.bitDepth == 8 && decoded.colourType == 2)
        #expect(decoded.texts == ["Title": "Error rate ± CI", "Description": "A test image"])
        for y in 0..<23 {
            for x in 0..<37 {
                let pixel = try #require(image.pixel(x: x, y: y))
                #expect(decoded.rgb(x, y) == [Int(pixel.red), Int(pixel.green), Int(pixel.blue)], "pixel \(x), \(y)")
            }
        }
        #expect(Set(decoded.filterTypes).count > 1, "rows are filtered adaptively: \(decoded.filterTypes)")
        #expect(try PNGEncoder.encode(image) == PNGEncoder.encode(image), "the same image gives the same bytes")
    }

    @Test func aCorruptedByteFailsItsChunkCRC() throws {
        var bytes = [UInt8](try PNGEncoder.encode(Self.sampleImage()))
        bytes[20] ^= 0x01
        #expect { try PNGDecoder.decode(Data(bytes)) } throws: { "\($0)".contains("CRC mismatch in chunk 1 (IHDR)") }
    }

    @Test func anEmptyImageIsRefused() {
        #expect { try PNGEncoder.encode(RasterImage(width: 0, height: 5)) } throws: { "\($0)".contains("0 x 5") }
    }

    /// A file whose rows use filter types 0, 1, 2, 3, 4 in turn, assembled here with
    /// zlib's `compress` and the tests' CRC, decodes to the rows it was made from.
    @Test func theDecoderReversesAllFiveFilters() throws {
        let image = Self.sampleImage()
        let stride = image.width * 3
        var raw: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: stride)
        for y in 0..<image.height {
            let row = Array(image.pixels[(y * stride)..<((y + 1) * stride)])
            let type = UInt8(y % 5)
            raw.append(type)
            raw += PNGEncoder.filter(row, previous: previous, type: type)
            previous = row
        }
        var length = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(length))
        #expect(compress(&compressed, &length, raw, uLong(raw.count)) == Z_OK)
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(body.count) + typed + bigEndian(Int(PNGDecoder.crc(typed[...])))
        }
        func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        let header = bigEndian(image.width) + bigEndian(image.height) + [8, 2, 0, 0, 0]
        let file =
            PNGDecoder.signature + chunk("IHDR", header) + chunk("IDAT", Array(compressed.prefix(Int(length))))
            + chunk("IEND", [])
        let decoded = try PNGDecoder.decode(Data(file))
        #expect(decoded.filterTypes == (0..<image.height).map { UInt8($0 % 5) })
        let pixels = (0..<(image.width * image.height)).flatMap { decoded.rgba[($0 * 4)..<($0 * 4 + 3)] }
        #expect(pixels == image.pixels)
    }
}
