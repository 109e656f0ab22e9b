/// A TrueType font file read for embedding in a PDF (the OpenType tables of the
/// specification, https://learn.microsoft.com/typography/opentype/spec/): its glyph for each
/// character, each glyph's advance, the metrics a font descriptor states, and a subset that
/// keeps only the glyphs a document draws, at their own glyph ids.
struct TrueTypeFont: Sendable {
    /// A table of the file that is missing or too short for what it must hold.
    struct Malformed: Error, Equatable {
        var table: String
    }

    private let bytes: [UInt8]
    private let tables: [String: Range<Int>]
    /// Font units per em.
    let unitsPerEm: Int
    /// The glyphs in the font; glyph 0 is `.notdef`.
    let glyphCount: Int
    /// The font's bounding box, in font units: x min, y min, x max, y max.
    let boundingBox: [Int]
    /// Above the baseline, in font units (`hhea`).
    let ascent: Int
    /// Below the baseline, negative, in font units.
    let descent: Int
    /// The height of capitals, in font units (`OS/2`, or the ascent).
    let capHeight: Int
    private let advances: [UInt16]
    private let glyphs: [UInt32: UInt16]

    /// Reads the tables of a TrueType file; one without `cmap` (a subset) maps no character.
    /// - Throws: ``Malformed`` naming the first table that is missing or cut short.
    init(_ bytes: [UInt8]) throws(Malformed) {
        self.bytes = bytes
        guard bytes.count >= 12 else { throw Malformed(table: "offset table") }
        var tables: [String: Range<Int>] = [:]
        let count = Self.uint16(bytes, 4)
        for index in 0..<count {
            let entry = 12 + 16 * index
            guard entry + 16 <= bytes.count else { throw Malformed(table: "table directory") }
            let tag = String(decoding: bytes[entry..<entry + 4], as: UTF8.self)
            let offset = Self.uint32(bytes, entry + 8)
            let length = Self.uint32(bytes, entry + 12)
            guard offset + length <= bytes.count else { throw Malformed(table: tag) }
            tables[tag] = offset..<offset + length
        }
        self.tables = tables
        func table(_ tag: String, atLeast length: Int) throws(Malformed) -> Int {
            guard let range = tables[tag], range.count >= length else { throw Malformed(table: tag) }
            return range.lowerBound
        }
        let head = try table("head", atLeast: 54)
        unitsPerEm = Self.uint16(bytes, head + 18)
        boundingBox = (0..<4).map { Int(Int16(bitPattern: UInt16(Self.uint16(bytes, head + 36 + 2 * $0)))) }
        let maxp = try table("maxp", atLeast: 6)
        glyphCount = Self.uint16(bytes, maxp + 4)
        let hhea = try table("hhea", atLeast: 36)
        ascent = Int(Int16(bitPattern: UInt16(Self.uint16(bytes, hhea + 4))))
        descent = Int(Int16(bitPattern: UInt16(Self.uint16(bytes, hhea + 6))))
        let metrics = Self.uint16(bytes, hhea + 34)
        let hmtx = try table("hmtx", atLeast: 4 * metrics)
        guard metrics > 0 else { throw Malformed(table: "hhea") }
        var advances = (0..<metrics).map { UInt16(Self.uint16(bytes, hmtx + 4 * $0)) }
        advances += Array(repeating: advances[metrics - 1], count: max(0, glyphCount - metrics))
        self.advances = advances
        if let os2 = tables["OS/2"], os2.count >= 90, Self.uint16(bytes, os2.lowerBound) >= 2 {
            capHeight = Int(Int16(bitPattern: UInt16(Self.uint16(bytes, os2.lowerBound + 88))))
        } else {
            capHeight = ascent
        }
        // A subset embedded in a PDF needs no character map: its text gives glyph ids.
        glyphs =
            tables["cmap"] == nil
            ? [:] : try Self.characterMap(bytes, try table("cmap", atLeast: 4), glyphCount: glyphCount)
        _ = try table("loca", atLeast: 2 * (glyphCount + 1))
        _ = try table("glyf", atLeast: 0)
    }

    /// The glyph that draws `scalar`; `nil` where the font has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt16? {
        glyphs[scalar.value]
    }

    /// The advance of `glyph`, in font units.
    func advance(of glyph: UInt16) -> Int {
        Int(advances[min(Int(glyph), advances.count - 1)])
    }

    /// The file with only `kept` glyphs (and `.notdef`, and the parts of composite glyphs)
    /// in its `glyf` table, each at its own id, so that a document's glyph ids stay valid;
    /// the other glyphs are empty. It keeps the tables a PDF reader needs to draw with the
    /// font (`head`, `hhea`, `maxp`, `hmtx`, `loca`, `glyf` and the hinting tables `cvt `,
    /// `fpgm`, `prep`), `loca` in its long form.
    func subset(keeping kept: Set<UInt16>) -> [UInt8] {
        // Composite glyphs draw other glyphs: keep those too.
        var keep = Set(kept.map(Int.init).filter { $0 < glyphCount })
        keep.insert(0)
        var pending = Array(keep)
        while let glyph = pending.popLast() {
            for part in components(of: range(of: glyph)) where part < glyphCount && keep.insert(part).inserted {
                pending.append(part)
            }
        }
        var glyphData: [UInt8] = []
        var offsets: [UInt8] = []
        for glyph in 0..<glyphCount {
            Self.append32(UInt32(glyphData.count), to: &offsets)
            guard keep.contains(glyph) else { continue }
            glyphData += bytes[range(of: glyph)]
            while glyphData.count % 4 != 0 { glyphData.append(0) }
        }
        Self.append32(UInt32(glyphData.count), to: &offsets)
        var head = Array(bytes[tables["head"]!])
        head[8..<12] = [0, 0, 0, 0]
        head[50] = 0
        head[51] = 1
        var written: [(String, [UInt8])] = [
            ("glyf", glyphData), ("head", head), ("loca", offsets),
        ]
        for tag in ["cvt ", "fpgm", "hhea", "hmtx", "maxp", "prep"] {
            if let range = tables[tag] { written.append((tag, Array(bytes[range]))) }
        }
        written.sort { $0.0 < $1.0 }
        var file = Self.fileWithTables(written)
        // head's checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
        let adjustment = 0xB1B0_AFBA &- Self.checksum(file)
        if let headOffset = Self.tableOffset("head", in: file) {
            file.replaceSubrange(headOffset + 8..<headOffset + 12, with: Self.bigEndian(adjustment))
        }
        return file
    }

    /// Whether `glyph` has a description in `glyf` (a space has none).
    func hasOutline(_ glyph: UInt16) -> Bool {
        Int(glyph) < glyphCount && !range(of: Int(glyph)).isEmpty
    }

    /// The bytes of `glyph`'s description in the file, as `loca` places it in `glyf`.
    private func range(of glyph: Int) -> Range<Int> {
        let loca = tables["loca"]!.lowerBound
        let glyf = tables["glyf"]!
        let longOffsets = Self.uint16(bytes, tables["head"]!.lowerBound + 50) == 1
        let (start, end) =
            longOffsets
            ? (Self.uint32(bytes, loca + 4 * glyph), Self.uint32(bytes, loca + 4 * glyph + 4))
            : (2 * Self.uint16(bytes, loca + 2 * glyph), 2 * Self.uint16(bytes, loca + 2 * glyph + 2))
        let lower = min(glyf.lowerBound + start, glyf.upperBound)
        return lower..<max(lower, min(glyf.lowerBound + end, glyf.upperBound))
    }

    /// The glyph ids a glyph description draws when it is composite.
    private func components(of range: Range<Int>) -> [Int] {
        guard range.count >= 10, Int16(bitPattern: UInt16(Self.uint16(bytes, range.lowerBound))) < 0 else { return [] }
        var parts: [Int] = []
        var at = range.lowerBound + 10
        while at + 4 <= range.upperBound {
            let flags = Self.uint16(bytes, at)
            parts.append(Self.uint16(bytes, at + 2))
            at += 4 + (flags & 0x1 != 0 ? 4 : 2)
            if flags & 0x8 != 0 { at += 2 } else if flags & 0x40 != 0 { at += 4 } else if flags & 0x80 != 0 { at += 8 }
            if flags & 0x20 == 0 { break }
        }
        return parts
    }

    /// The Unicode character map: format 12 from a Unicode or Windows full-repertoire
    /// subtable where there is one, else format 4 from a BMP subtable.
    private static func characterMap(_ bytes: [UInt8], _ cmap: Int, glyphCount: Int) throws(Malformed) -> [UInt32:
        UInt16]
    {
        let count = uint16(bytes, cmap + 2)
        var best: (rank: Int, offset: Int)?
        for index in 0..<count {
            let record = cmap + 4 + 8 * index
            guard record + 8 <= bytes.count else { throw Malformed(table: "cmap") }
            let (platform, encoding) = (uint16(bytes, record), uint16(bytes, record + 2))
            let offset = cmap + uint32(bytes, record + 4)
            guard offset + 4 <= bytes.count else { throw Malformed(table: "cmap") }
            let format = uint16(bytes, offset)
            let rank =
                switch (platform, encoding, format) {
                case (3, 10, 12), (0, 4, 12), (0, 6, 12): 2
                case (3, 1, 4), (0, 3, 4), (0, 1, 4), (0, 0, 4): 1
                default: 0
                }
            if rank > 0, rank > (best?.rank ?? 0) { best = (rank, offset) }
        }
        guard let best else { throw Malformed(table: "cmap") }
        var map: [UInt32: UInt16] = [:]
        let table = best.offset
        if best.rank == 2 {
            let groups = uint32(bytes, table + 12)
            guard table + 16 + 12 * groups <= bytes.count else { throw Malformed(table: "cmap") }
            for group in 0..<groups {
                let at = table + 16 + 12 * group
                let (first, last, glyph) = (uint32(bytes, at), uint32(bytes, at + 4), uint32(bytes, at + 8))
                guard first <= last, last - first < 0x11_0000 else { continue }
                for code in first...last where glyph + code - first < glyphCount {
                    map[UInt32(code)] = UInt16(glyph + code - first)
                }
            }
            return map
        }
        let segments = uint16(bytes, table + 6) / 2
        let ends = table + 14
        let starts = ends + 2 * segments + 2
        let deltas = starts + 2 * segments
        let rangeOffsets = deltas + 2 * segments
        guard rangeOffsets + 2 * segments <= bytes.count else { throw Malformed(table: "cmap") }
        for segment in 0..<segments {
            let (start, end) = (uint16(bytes, starts + 2 * segment), uint16(bytes, ends + 2 * segment))
            let delta = uint16(bytes, deltas + 2 * segment)
            let rangeOffset = uint16(bytes, rangeOffsets + 2 * segment)
            guard start <= end, start != 0xFFFF else { continue }
            for code in start...end {
                var glyph: Int
                if rangeOffset == 0 {
                    glyph = (code + delta) & 0xFFFF
                } else {
                    let at = rangeOffsets + 2 * segment + rangeOffset + 2 * (code - start)
                    guard at + 2 <= bytes.count else { continue }
                    glyph = uint16(bytes, at)
                    if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                }
                if glyph != 0, glyph < glyphCount { map[UInt32(code)] = UInt16(glyph) }
            }
        }
        return map
    }

    /// A font file of `tables` (sorted by tag): the offset table, the directory with each
    /// table's checksum, then the tables, each padded to four bytes.
    private static func fileWithTables(_ tables: [(String, [UInt8])]) -> [UInt8] {
        var power = 1
        var log = 0
        while power * 2 <= tables.count {
            power *= 2
            log += 1
        }
        var file: [UInt8] = [0, 1, 0, 0]
        for value in [tables.count, power * 16, log, tables.count * 16 - power * 16] {
            file += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        var offset = 12 + 16 * tables.count
        var body: [UInt8] = []
        for (tag, data) in tables {
            file += Array(tag.utf8)
            var padded = data
            while padded.count % 4 != 0 { padded.append(0) }
            file += bigEndian(checksum(padded))
            file += bigEndian(UInt32(offset))
            file += bigEndian(UInt32(data.count))
            body += padded
            offset += padded.count
        }
        return file + body
    }

    private static func tableOffset(_ tag: String, in file: [UInt8]) -> Int? {
        let count = uint16(file, 4)
        for index in 0..<count where String(decoding: file[12 + 16 * index..<16 + 16 * index], as: UTF8.self) == tag {
            return uint32(file, 12 + 16 * index + 8)
        }
        return nil
    }

    /// The sum of `data` as big-endian 32-bit words, modulo 2^32.
    private static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 { word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0) }
            sum = sum &+ word
            index += 4
        }
        return sum
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += bigEndian(value)
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> Int {
        guard at >= 0, at + 2 <= bytes.count else { return 0 }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> Int {
        guard at >= 0, at + 4 <= bytes.count else { return 0 }
        return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
}
