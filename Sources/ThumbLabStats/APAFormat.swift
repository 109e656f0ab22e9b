import Foundation

/// Number formatting for APA-style result strings in the papaja/afex style
/// (American Psychological Association, *Publication Manual*, 7th ed., §6.36 and §6.44):
/// `t(8) = 3.04, p = .016, d_z = 1.01` and `F(2.08, 16.66) = 5.20, p = .017, η²G = .346`.
public enum APA {
    /// A p-value with its relation sign: `"p = .016"`, `"p < .001"` below .001 and
    /// `"p > .999"` above .999 (papaja's `printp`), three decimals, no leading zero.
    public static func p(_ p: Double) -> String {
        let (relation, value) = pParts(p)
        return "p \(relation) \(value)"
    }

    /// A p-value's relation sign and value, as ``p(_:)`` prints them: `("=", ".016")`.
    public static func pParts(_ p: Double) -> (relation: String, value: String) {
        if p.isNaN { return ("=", "NA") }
        if p < 0.001 { return ("<", ".001") }
        if p > 0.999 { return (">", ".999") }
        return ("=", unit(p, digits: 3))
    }

    /// A statistic to `digits` decimals with its leading zero: `"3.04"`, `"-0.49"`;
    /// a value that rounds to zero never shows a minus sign.
    public static func value(_ x: Double, digits: Int = 2) -> String {
        if x.isNaN { return "NA" }
        if x.isInfinite { return x > 0 ? "Inf" : "-Inf" }
        let text = String(format: "%.\(max(0, digits))f", x)
        return dropNegativeZero(text)
    }

    /// A value that cannot exceed 1 in magnitude (a correlation, a proportion, η², p),
    /// without the leading zero: `".346"`, `"-.12"`.
    public static func unit(_ x: Double, digits: Int = 3) -> String {
        let text = value(x, digits: digits)
        if text.hasPrefix("0.") { return String(text.dropFirst()) }
        if text.hasPrefix("-0.") { return "-" + text.dropFirst(2) }
        return text
    }

    /// Degrees of freedom: `"8"` when integral, else two decimals (`"2.08"`), as afex prints
    /// corrected df.
    public static func df(_ df: Double) -> String {
        if df.isFinite && df == df.rounded() && abs(df) < 1e15 {
            return String(Int(df))
        }
        return value(df, digits: 2)
    }

    /// "-0.00" and "-.000" carry no sign.
    private static func dropNegativeZero(_ text: String) -> String {
        guard text.hasPrefix("-") else { return text }
        let digits = text.dropFirst()
        return digits.allSatisfy({ $0 == "0" || $0 == "." }) ? String(digits) : text
    }
}
