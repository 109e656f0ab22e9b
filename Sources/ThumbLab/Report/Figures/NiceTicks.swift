import Foundation

/// Axis and legend ticks at "nice" numbers (1, 2 or 5 times a power of ten), after
/// Heckbert, "Nice numbers for graph labels", Graphics Gems (1990): the step is the nice
/// number nearest the range over the wanted count, and ticks are the multiples of the
/// step inside the range.
public struct NiceTicks: Sendable, Equatable {
    /// The distance between ticks.
    public var step: Double
    /// The tick values, ascending, each an exact multiple of `step` as printed.
    public var values: [Double]

    /// Ticks for the range from `low` to `high` (in either order), about `count` of them.
    /// A range of one value gets ticks around it; non-finite ends give no ticks.
    public init(from low: Double, to high: Double, count: Int = 5) {
        guard low.isFinite, high.isFinite else {
            self.init(step: .nan, values: [])
            return
        }
        let (a, b, step) = Self.span(low, high, count: count)
        let first = (a / step - 1e-9).rounded(.up)
        let last = (b / step + 1e-9).rounded(.down)
        var values: [Double] = []
        if last >= first {
            for index in 0...Int(last - first) { values.append(Self.snap((first + Double(index)) * step, step: step)) }
        }
        self.init(step: step, values: values)
    }

    private init(step: Double, values: [Double]) {
        self.step = step
        self.values = values
    }

    /// The finite range in ascending order, widened by 10% (or by 1 around 0) when it holds
    /// one value, with the nice step that divides it into about `count` ticks.
    private static func span(_ low: Double, _ high: Double, count: Int) -> (low: Double, high: Double, step: Double) {
        var a = min(low, high)
        var b = max(low, high)
        if a == b {
            let pad = a == 0 ? 1 : abs(a) * 0.1
            a -= pad
            b += pad
        }
        return (a, b, nice((b - a) / Double(max(count - 1, 1)), rounding: true))
    }

    /// The range widened outwards to the nearest multiples of a nice step, so that an axis
    /// or colour bar starts and ends on a tick: `(0.03, 0.87)` becomes `(0, 1)`.
    public static func niceBounds(_ low: Double, _ high: Double, count: Int = 5) -> (low: Double, high: Double) {
        guard low.isFinite, high.isFinite else { return (low, high) }
        let (a, b, step) = span(low, high, count: count)
        return (
            snap((a / step + 1e-9).rounded(.down) * step, step: step),
            snap((b / step - 1e-9).rounded(.up) * step, step: step)
        )
    }

    /// Heckbert's nice number near `x > 0`: with `rounding`, the nearest of 1, 2, 5, 10
    /// times its power of ten; without, the smallest of them not below `x`.
    public static func nice(_ x: Double, rounding: Bool) -> Double {
        guard x.isFinite, x > 0 else { return 1 }
        let exponent = floor(log10(x))
        let fraction = x / pow(10, exponent)
        let niceFraction: Double
        if rounding {
            niceFraction = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10
        } else {
            niceFraction = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        }
        return niceFraction * pow(10, exponent)
    }

    /// The decimals a tick label needs to show every tick of this step exactly.
    public var decimals: Int {
        guard step.isFinite, step > 0 else { return 0 }
        return max(0, Int(-floor(log10(step) + 1e-9)))
    }

    /// The decimals to print a value between ticks with: the ticks' decimals, and one more
    /// when the step is below 1 (rates to the hundredth, times to the ms).
    public var valueDecimals: Int { decimals + (step < 1 ? 1 : 0) }

    /// A tick value as its label: `0.25`, `1200`, `-0.5`, with the decimals the step needs
    /// and no negative zero.
    public func label(_ value: Double) -> String {
        Self.format(value, decimals: decimals)
    }

    /// `value` with `decimals` decimals, the point as decimal separator whatever the locale.
    public static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "NaN" }
        let text = String(format: "%.\(max(decimals, 0))f", value)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy { $0 == "0" || $0 == "." }
            ? String(text.dropFirst()) : text
    }

    /// The multiple of `step` nearest `value`, rid of binary noise (`0.30000000000000004`).
    private static func snap(_ value: Double, step: Double) -> Double {
        let decimals = max(0, Int(-floor(log10(step) + 1e-9))) + 1
        let scale = pow(10, Double(min(decimals, 15)))
        let snapped = (value * scale).rounded() / scale
        return snapped == 0 ? 0 : snapped
    }
}
