import Foundation

/// Paints a ``Figure`` into a ``RasterImage``: the same description ``SVGWriter`` writes,
/// on a white background, elements in order, each shape's fill and stroke anti-aliased
/// (see `CoverageMask`) and composed before the shape's opacity applies, as SVG does;
/// the grey-on-light-grey hatch of ``Fill/hatch`` in the SVG pattern's 6-unit tiles; text
/// in ThumbLab's bitmap font. The same figure and scale always give the same pixels.
public enum FigureRasteriser {
    /// The largest scale accepted: 8 image pixels per figure unit.
    public static let maximumScale = 8.0
    /// The most pixels an image may have (100 million), so that a wrong size fails clearly.
    public static let maximumPixels = 100_000_000

    /// The figure as an image `scale` pixels per figure unit (1 for screens, 2 for print),
    /// its size the figure's rounded to whole pixels. Throws when the scale is not a
    /// number from 0.1 to ``maximumScale`` or the image would be empty or too large.
    public static func image(_ figure: Figure, scale: Double = 1) throws(ThumbLabError) -> RasterImage {
        guard scale.isFinite, scale >= 0.1, scale <= maximumScale else {
            throw .figure(.invalidRasterScale(value: scale, maximum: maximumScale))
        }
        let width = (figure.width * scale).rounded()
        let height = (figure.height * scale).rounded()
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width * height <= Double(maximumPixels)
        else {
            throw .figure(
                .rasterSize(width: figure.width, height: figure.height, scale: scale, maximumPixels: maximumPixels))
        }
        var image = RasterImage(width: Int(width), height: Int(height))
        for element in figure.elements { paint(element, scale: scale, into: &image) }
        return image
    }

    private static func paint(_ element: FigureElement, scale: Double, into image: inout RasterImage) {
        switch element {
        case .group(let group):
            for child in group.elements { paint(child, scale: scale, into: &image) }
        case .text(let text):
            let mask = CoverageMask(
                filling: TextOutline.outlines(text, scale: scale), rule: .nonZero, imageWidth: image.width,
                imageHeight: image.height)
            let colour = components(text.colour)
            forEachPixel(of: [mask]) { x, y in
                image.blend(x: x, y: y, colour: colour, alpha: mask.coverage(x: x, y: y))
            }
        case .shape(let shape):
            paint(shape, scale: scale, into: &image)
        }
    }

    private static func paint(_ shape: FigureShape, scale: Double, into image: inout RasterImage) {
        let outline = ShapeOutline(shape, scale: scale)
        func mask(_ outlines: [[FigurePoint]]) -> CoverageMask {
            CoverageMask(filling: outlines, rule: .nonZero, imageWidth: image.width, imageHeight: image.height)
        }
        let paint = shape.paint
        if case .arrow = shape.geometry {
            // An arrow is a line and a head in the stroke colour, without opacity or dashes.
            let colour = components(paint.stroke ?? .black)
            let body = mask(outline.stroke + [outline.head])
            forEachPixel(of: [body]) { x, y in image.blend(x: x, y: y, colour: colour, alpha: body.coverage(x: x, y: y))
            }
            return
        }
        let fill = paint.fill == .none ? nil : mask(outline.fill)
        let stroke = paint.stroke == nil ? nil : mask(outline.stroke)
        let strokeColour = components(paint.stroke ?? .black)
        let opacity = paint.opacity.isNaN ? 1 : min(max(paint.opacity, 0), 1)
        guard opacity > 0 else { return }
        forEachPixel(of: [fill, stroke].compactMap { $0 }) { x, y in
            let covered = fill?.coverage(x: x, y: y) ?? 0
            let stroked = stroke?.coverage(x: x, y: y) ?? 0
            let alpha = covered * (1 - stroked) + stroked
            guard alpha > 0 else { return }
            var colour = (0.0, 0.0, 0.0)
            if covered > 0 {
                let under = fillColour(paint.fill, x: x, y: y, scale: scale)
                let weight = covered * (1 - stroked)
                colour = (under.0 * weight, under.1 * weight, under.2 * weight)
            }
            colour = (
                (colour.0 + strokeColour.0 * stroked) / alpha, (colour.1 + strokeColour.1 * stroked) / alpha,
                (colour.2 + strokeColour.2 * stroked) / alpha
            )
            image.blend(x: x, y: y, colour: colour, alpha: alpha * opacity)
        }
    }

    /// The fill's colour at a pixel: its colour, or the hatch averaged over 4 x 4 samples.
    private static func fillColour(_ fill: Fill, x: Int, y: Int, scale: Double) -> (Double, Double, Double) {
        switch fill {
        case .colour(let colour): return components(colour)
        case .none: return (1, 1, 1)
        case .hatch:
            let ground = components(HatchPattern.ground)
            let line = components(HatchPattern.line)
            let share = HatchPattern.lineShare(pixelX: x, pixelY: y, scale: scale)
            return (
                ground.0 + (line.0 - ground.0) * share, ground.1 + (line.1 - ground.1) * share,
                ground.2 + (line.2 - ground.2) * share
            )
        }
    }

    /// Calls `body` for every pixel of the masks' boxes, once each, row by row.
    private static func forEachPixel(of masks: [CoverageMask], _ body: (Int, Int) -> Void) {
        let boxes = masks.filter { $0.width > 0 && $0.height > 0 }
        guard !boxes.isEmpty else { return }
        let minX = boxes.map(\.minX).min()!
        let minY = boxes.map(\.minY).min()!
        let maxX = boxes.map { $0.minX + $0.width }.max()!
        let maxY = boxes.map { $0.minY + $0.height }.max()!
        for y in minY..<maxY {
            for x in minX..<maxX { body(x, y) }
        }
    }

    /// A colour's components clamped to 0...1, NaN as 0.
    static func components(_ colour: Colour) -> (Double, Double, Double) {
        let (r, g, b) = colour.bytes
        return (Double(r) / 255, Double(g) / 255, Double(b) / 255)
    }
}
