/// A writer of markup that is both XML and HTML (SVG figures, the HTML report): its
/// ``escape(_:)`` makes any text safe as element content and as a quoted attribute value.
public protocol MarkupEscaping {}

extension MarkupEscaping {
    /// Text safe in XML 1.0 and HTML content and in attribute values in either quote:
    /// `&`, `<`, `>`, `"` and `'` as character references (`&#39;` rather than `&apos;`,
    /// which HTML 4 lacks); tab and line feed kept; every other control character (C0, DEL
    /// and C1, which XML discourages and HTML forbids; carriage return, which both rewrite)
    /// and the noncharacters U+FFFE and U+FFFF as spaces.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case let c
            where c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c.value == 0xFFFE || c.value == 0xFFFF:
                out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
