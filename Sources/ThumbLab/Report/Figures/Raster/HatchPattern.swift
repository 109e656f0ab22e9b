/// The hatch that marks cells without enough data, as ``SVGWriter``'s `hatch` pattern
/// draws it: on a light grey ground, grey lines one unit wide along x + y = 6k (figure
/// units, tiles fixed to the figure, not to the shape).
enum HatchPattern {
    static let ground = Colour(red255: 0xE6, green255: 0xE6, blue255: 0xE6)
    static let line = Colour(red255: 0x8C, green255: 0x8C, blue255: 0x8C)
    static let period = 6.0
    static let lineWidth = 1.0

    /// The share of the pixel (`pixelX`, `pixelY`) that the lines cover, from 4 x 4 samples.
    static func lineShare(pixelX: Int, pixelY: Int, scale: Double) -> Double {
        var hits = 0
        for i in 0..<4 {
            for j in 0..<4 {
                let x = (Double(pixelX) + (Double(i) + 0.5) / 4) / scale
                let y = (Double(pixelY) + (Double(j) + 0.5) / 4) / scale
                var phase = (x + y).truncatingRemainder(dividingBy: period)
                if phase < 0 { phase += period }
                // Distance from the nearest line, measured across it.
                let distance = min(phase, period - phase) / 2.0.squareRoot()
                if distance < lineWidth / 2 { hits += 1 }
            }
        }
        return Double(hits) / 16
    }
}
