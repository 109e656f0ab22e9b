import Foundation
import Testing

@testable import ThumbLab

/// The TrueType reader of the figure PDFs on the embedded DejaVu Sans and DejaVu Sans Bold,
/// against what fontTools reads from the same files (`Fixtures/fonts`, written by
/// `gen_dejavu_glyphs.py`) and against the advance widths the figures measure text with;
/// and its subsets, read back.
@Suite struct TrueTypeFontTests {
    struct Expected: Decodable {
        struct Character: Decodable {
            var char: String
            var glyph: UInt16
            var advance: Int
            var parts: [Int]
        }
        var units_per_em: Int
        var glyphs: Int
        var ascent: Int
        var descent: Int
        var cap_height: Int?
        var bbox: [Int]
        var characters: [Character]
    }

    static func expected() throws -> [String: Expected] {
        let url = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/fonts/dejavu_glyphs.json")
        return try JSONDecoder().decode([String: Expected].self, from: Data(contentsOf: url))
    }

    static let fonts: [(String, EmbeddedFont)] = [("regular", .regular), ("bold", .bold)]

    @Test func glyphsAdvancesAndMetricsAreThoseFontToolsReads() throws {
        let expected = try Self.expected()
        for (key, embedded) in Self.fonts {
            let theirs = try #require(expected[key])
            let font = embedded.font
            #expect(font.unitsPerEm == theirs.units_per_em && font.glyphCount == theirs.glyphs, "\(key)")
            #expect(font.ascent == theirs.ascent && font.descent == theirs.descent, "\(key)")
            #expect(font.capHeight == (theirs.cap_height ?? theirs.ascent), "\(key)")
            #expect(font.boundingBox == theirs.bbox, "\(key)")
            for character in theirs.characters {
                let scalar = try #require(character.char.unicodeScalars.first)
                #expect((font.glyph(for: scalar) ?? 0) == character.glyph, "\(key) \(character.char)")
                #expect(font.advance(of: character.glyph) == character.advance, "\(key) \(character.char)")
            }
        }
    }

    @Test func advancesAreTheWidthsTheFiguresMeasureTextWith() {
        for (bold, embedded) in [(false, EmbeddedFont.regular), (true, EmbeddedFont.bold)] {
            for value in UInt32(0x20)..<0x250 {
                guard let scalar = Unicode.Scalar(value), let glyph = embedded.font.glyph(for: scalar) else { continue }
                let measured = DejaVuSansMetrics.width(String(scalar), size: 2048, bold: bold)
                // Characters the measuring tables lack are measured at a fallback width.
                guard measured != DejaVuSansMetrics.fallbackWidth * 2048 else { continue }
                #expect(Double(embedded.font.advance(of: glyph)) == measured, "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test func aSubsetKeepsTheGlyphsDrawnAndTheirPartsAtTheirIds() throws {
        let expected = try #require(try Self.expected()["regular"])
        let font = EmbeddedFont.regular.font
        let accented = try #require(expected.characters.first { $0.char == "é" })
        let plain = try #require(expected.characters.first { $0.char == "G" })
        let subset = font.subset(keeping: [accented.glyph, plain.glyph])
        let read = try TrueTypeFont(subset)
        #expect(read.glyphCount == font.glyphCount && read.unitsPerEm == font.unitsPerEm)
        #expect(read.advance(of: accented.glyph) == accented.advance)
        let kept = Set([0, Int(accented.glyph), Int(plain.glyph)] + accented.parts)
        for glyph in 0..<font.glyphCount {
            #expect(read.hasOutline(UInt16(glyph)) == (kept.contains(glyph) && font.hasOutline(UInt16(glyph))), "\(glyph)")
        }
        // The whole file sums to the magic number head's checkSumAdjustment makes it.
        var sum: UInt32 = 0
        for start in stride(from: 0, to: subset.count, by: 4) {
            var word: UInt32 = 0
            for byte in 0..<4 { word = word << 8 | UInt32(start + byte < subset.count ? subset[start + byte] : 0) }
            sum = sum &+ word
        }
        #expect(sum == 0xB1B0_AFBA)
        #expect(subset.count < 80_000)
    }

    @Test func aCutFileIsNamedByItsTable() {
        let bytes = EmbeddedFont.regular.font.subset(keeping: [])
        #expect(throws: TrueTypeFont.Malformed(table: "offset table")) { try TrueTypeFont(Array(bytes.prefix(8))) }
        #expect(throws: TrueTypeFont.Malformed.self) { try TrueTypeFont(Array(bytes.prefix(400))) }
    }
}
