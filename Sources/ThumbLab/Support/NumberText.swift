/// Numbers as the library writes them in its messages and outputs, shared by every layer.
package enum NumberText {
    /// The shortest text that reads back as the same `Double`; whole numbers without `.0`;
    /// `null` for NaN and infinities (as JSON writes them).
    package static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// An integer with thousands separators: `12,345`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}
