/// The hatch that marks cells without enough data, as ``SVGWriter``'s `hatch` pattern
/// draws it: on a light grey ground, grey lines one unit wide along x + y = 6k (figure
/// units, tiles fixed to the figure, not to the shape).
enum HatchPattern {
    static let ground = Colour(red255: 0xE6, green255: 0xE6, blue255: 0xE6)
    static let line = Colour(red255: 0x8C, green255: 0x8C, blue255: 0x8C)
    static let period = 6.0
    static let lineWidth = 1.0

    /// The exact share of the pixel (`pixelX`, `pixelY`) that the lines cover. Over a
    /// square of side h, x + y has a triangular distribution, so the share is a difference
    /// of its distribution function at the edges of each line (x + y within
    /// `lineWidth` / sqrt(2) of a multiple of the period).
    static func lineShare(pixelX: Int, pixelY: Int, scale: Double) -> Double {
        let side = 1 / scale
        let low = (Double(pixelX) + Double(pixelY)) * side
        let high = low + 2 * side
        let halfBand = lineWidth / 2 * 2.0.squareRoot()
        func distribution(_ t: Double) -> Double {
            let u = t - low
            if u <= 0 { return 0 }
            if u <= side { return u * u / (2 * side * side) }
            if u < 2 * side { return 1 - (2 * side - u) * (2 * side - u) / (2 * side * side) }
            return 1
        }
        var share = 0.0
        var k = ((low - halfBand) / period).rounded(.down)
        while k * period - halfBand < high {
            share += distribution(k * period + halfBand) - distribution(k * period - halfBand)
            k += 1
        }
        return min(max(share, 0), 1)
    }
}
