extension String {
    /// The columns the text takes in a terminal: East Asian wide and fullwidth characters
    /// (CJK ideographs, kana, Hangul, fullwidth forms, most emoji) take two, combining
    /// marks and zero-width characters none, others one (after Unicode's East Asian Width
    /// property, UAX #11, and what terminals' `wcwidth` does).
    var displayWidth: Int {
        var width = 0
        for character in self {
            let scalars = character.unicodeScalars
            if scalars.contains(where: Self.isWide) {
                width += 2
            } else if !scalars.allSatisfy(Self.isZeroWidth) {
                width += 1
            }
        }
        return width
    }

    /// `self` followed by spaces up to `width` display columns.
    func paddedToDisplayWidth(_ width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - displayWidth))
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
        0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        return wideRanges.contains { $0.contains(value) }
    }
}
