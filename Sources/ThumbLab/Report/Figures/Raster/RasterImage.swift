/// An opaque sRGB image, 8 bits per channel, rows top to bottom: what
/// ``FigureRasteriser`` paints and `PNGEncoder` writes.
public struct RasterImage: Sendable, Equatable {
    /// Width in pixels, 0 or more.
    public let width: Int
    /// Height in pixels, 0 or more.
    public let height: Int
    /// Red, green and blue of each pixel, row by row.
    public private(set) var pixels: [UInt8]

    /// An image of the given size filled with `background`; a negative size is read as 0.
    public init(width: Int, height: Int, background: Colour = .white) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        let (r, g, b) = background.bytes
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            pixels[index] = UInt8(r)
            pixels[index + 1] = UInt8(g)
            pixels[index + 2] = UInt8(b)
        }
    }

    /// The pixel at column `x`, row `y` as 0-255 components; `nil` outside the image.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let index = (y * width + x) * 3
        return (pixels[index], pixels[index + 1], pixels[index + 2])
    }

    /// Paints `colour` over the pixel at `alpha` (0 leaves it, 1 replaces it): source-over
    /// compositing in sRGB values, as SVG renderers do by default.
    mutating func blend(x: Int, y: Int, colour: (Double, Double, Double), alpha: Double) {
        guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
        let a = min(alpha, 1)
        let index = (y * width + x) * 3
        for (offset, value) in [colour.0, colour.1, colour.2].enumerated() {
            let old = Double(pixels[index + offset])
            let new = old + (value * 255 - old) * a
            pixels[index + offset] = UInt8(min(max(new.rounded(), 0), 255))
        }
    }
}
