import Foundation
import Testing

@testable import ThumbLab

/// Every shape and text of a figure, groups opened, in painting order.
func flattened(_ elements: [FigureElement]) -> [FigureElement] {
    elements.flatMap { element -> [FigureElement] in
        if case .group(let group) = element { return flattened(group.elements) }
        return [element]
    }
}

/// The figure's shapes of class `className`.
func shapes(_ figure: Figure, class className: String) -> [FigureShape] {
    flattened(figure.elements).compactMap { element in
        if case .shape(let shape) = element, shape.className == className { return shape }
        return nil
    }
}

/// A colour as 0-255 components.
func rgb(_ colour: Colour) -> [Int] {
    let (r, g, b) = colour.bytes
    return [r, g, b]
}

/// The largest difference between two colours' components.
func colourDistance(_ a: [Int], _ b: [Int]) -> Int {
    zip(a, b).map { abs($0 - $1) }.max() ?? 0
}

/// The mean absolute difference of each of red, green and blue between two decoded
/// images of the same size, 0 to 255.
func meanAbsoluteDifference(_ a: DecodedPNG, _ b: DecodedPNG) -> [Double] {
    var sums = [0.0, 0.0, 0.0]
    for pixel in 0..<(a.width * a.height) {
        for channel in 0..<3 {
            sums[channel] += Double(abs(Int(a.rgba[pixel * 4 + channel]) - Int(b.rgba[pixel * 4 + channel])))
        }
    }
    return sums.map { $0 / Double(a.width * a.height) }
}

/// The figure drawn by librsvg's `rsvg-convert` from ThumbLab's SVG, zoomed by `scale`,
/// and decoded.
func renderedByRSVG(_ figure: Figure, scale: Double = 1, in folder: TemporaryFolder) throws -> DecodedPNG {
    let renderer = try FigureRasterTests.renderer()
    let name = UUID().uuidString
    let svg = folder.url.appendingPathComponent("\(name).svg")
    let png = folder.url.appendingPathComponent("\(name).png")
    try Data(SVGWriter.document(figure).utf8).write(to: svg)
    let (status, output) = try ExternalTool.run(renderer, ["--zoom", "\(scale)", svg.path, "-o", png.path])
    try #require(status == 0, "rsvg-convert failed on the figure: \(output)")
    return try PNGDecoder.decode(try Data(contentsOf: png))
}
