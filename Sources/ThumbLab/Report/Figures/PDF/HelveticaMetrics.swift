/// Helvetica as a PDF figure uses it: one of the standard fonts every PDF reader has, so
/// nothing is embedded and the text stays searchable. Text is encoded in WinAnsiEncoding
/// (Latin-1 and the typographic marks of Windows-1252); other characters are drawn as `?`
/// and the PDF writer adds the true text as `ActualText`, so that copying and searching still
/// find it.
enum HelveticaMetrics {
    /// The characters of Windows-1252's bytes 128 to 159 that Latin-1 lacks.
    private static let windowsBytes: [Unicode.Scalar: UInt8] = [
        "\u{20AC}": 0x80, "\u{201A}": 0x82, "\u{0192}": 0x83, "\u{201E}": 0x84, "\u{2026}": 0x85,
        "\u{2020}": 0x86, "\u{2021}": 0x87, "\u{02C6}": 0x88, "\u{2030}": 0x89, "\u{0160}": 0x8A,
        "\u{2039}": 0x8B, "\u{0152}": 0x8C, "\u{017D}": 0x8E, "\u{2018}": 0x91, "\u{2019}": 0x92,
        "\u{201C}": 0x93, "\u{201D}": 0x94, "\u{2022}": 0x95, "\u{2013}": 0x96, "\u{2014}": 0x97,
        "\u{02DC}": 0x98, "\u{2122}": 0x99, "\u{0161}": 0x9A, "\u{203A}": 0x9B, "\u{0153}": 0x9C,
        "\u{017E}": 0x9E, "\u{0178}": 0x9F,
    ]

    /// A text in WinAnsiEncoding, and whether every character had a byte of its own.
    static func encode(_ text: String) -> (bytes: [UInt8], exact: Bool) {
        var bytes: [UInt8] = []
        var exact = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (0x20...0x7E).contains(value) || (0xA0...0xFF).contains(value) {
                bytes.append(UInt8(value))
            } else if let byte = windowsBytes[scalar] {
                bytes.append(byte)
            } else if scalar == "\u{2212}" {
                bytes.append(UInt8(ascii: "-"))
                exact = false
            } else {
                bytes.append(UInt8(ascii: "?"))
                exact = false
            }
        }
        return (bytes, exact)
    }

    /// The advance width of encoded text at `size`, in the units of `size`.
    static func width(_ bytes: [UInt8], size: Double, bold: Bool) -> Double {
        let widths = bold ? boldWidths : regularWidths
        let thousandths = bytes.reduce(0) { $0 + ($1 >= 32 ? Int(widths[Int($1) - 32]) : 0) }
        return Double(thousandths) * size / 1000
    }
}
