/// PDF's two ways of writing a string (ISO 32000-1, §7.3.4): a literal of font-encoded bytes
/// for text shown on the page, and a text string in UTF-16BE for metadata, alternate text
/// and `ActualText`.
enum PDFStrings {
    /// `(…)` with the bytes as they are, except `(`, `)` and `\` escaped and bytes outside
    /// printable ASCII written in octal, so that the document stays 7-bit where it can.
    static func literal(_ bytes: [UInt8]) -> String {
        var out = "("
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                out += "\\" + String(UnicodeScalar(byte))
            case 0x20...0x7E:
                out += String(UnicodeScalar(byte))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + ")"
    }

    /// `<FEFF…>`: the text in UTF-16BE with its byte-order mark, in hexadecimal.
    static func text(_ text: String) -> String {
        var out = "<FEFF"
        for unit in text.utf16 {
            let hex = String(unit, radix: 16, uppercase: true)
            out += String(repeating: "0", count: 4 - hex.count) + hex
        }
        return out + ">"
    }

    /// `<0041002A…>`: glyph ids as two-byte codes in hexadecimal, as a font with the
    /// `Identity-H` encoding reads them.
    static func glyphs(_ glyphs: [UInt16]) -> String {
        "<" + glyphs.map { hex($0) }.joined() + ">"
    }

    /// Four uppercase hexadecimal digits.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
