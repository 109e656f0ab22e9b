/// Values mapped onto a ``ColourMap``: `low` to the map's start, `high` to its end,
/// linearly between; a diverging scale is symmetric around 0, so that 0 falls on the
/// map's neutral middle. Gives the ticks its legend labels.
public struct ColourScale: Sendable, Equatable {
    /// The colours the scale runs through.
    public var map: ColourMap
    /// The value drawn in the map's first colour.
    public var low: Double
    /// The value drawn in the map's last colour.
    public var high: Double

    /// A scale from `low` to `high`. Ends in the wrong order are swapped; an empty range
    /// (`low == high`) is widened by 10% of the value (by 1 around 0); non-finite ends
    /// give the range 0 to 1.
    public init(map: ColourMap, low: Double, high: Double) {
        self.map = map
        guard low.isFinite, high.isFinite else {
            self.low = 0
            self.high = 1
            return
        }
        if low == high {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            self.low = low - pad
            self.high = high + pad
        } else {
            self.low = min(low, high)
            self.high = max(low, high)
        }
    }

    /// A sequential scale (viridis by default) over the finite `values`, widened to nice
    /// numbers; `fromZero` starts it at 0 (for rates and counts). No finite values give 0 to 1.
    public static func sequential(_ values: [Double], map: ColourMap = .viridis, fromZero: Bool = false) -> ColourScale
    {
        let finite = values.filter(\.isFinite)
        guard var low = finite.min(), let high = finite.max() else { return ColourScale(map: map, low: 0, high: 1) }
        if fromZero { low = min(low, 0) }
        let bounds = NiceTicks.niceBounds(low, high)
        return ColourScale(map: map, low: bounds.low, high: bounds.high)
    }

    /// A diverging scale (CET-D1A by default) from -m to m, m the largest absolute finite
    /// value widened to a nice number, so that 0 is the neutral middle.
    public static func diverging(_ values: [Double], map: ColourMap = .diverging) -> ColourScale {
        let largest = values.filter(\.isFinite).map(abs).max() ?? 0
        let bound = largest > 0 ? NiceTicks.niceBounds(0, largest).high : 1
        return ColourScale(map: map, low: -bound, high: bound)
    }

    /// Where `value` falls from 0 (`low`) to 1 (`high`), clamped; NaN stays NaN.
    public func position(of value: Double) -> Double {
        guard !value.isNaN else { return .nan }
        return min(max((value - low) / (high - low), 0), 1)
    }

    /// The colour of `value`; values outside the range get the end colours, NaN the map's
    /// grey for missing values.
    public func colour(for value: Double) -> Colour {
        map.colour(at: position(of: value))
    }

    /// Legend ticks: nice numbers inside the range, about `count` of them.
    public func ticks(count: Int = 5) -> NiceTicks {
        NiceTicks(from: low, to: high, count: count)
    }
}
