import Foundation

/// Writes a ``Figure`` as a PNG file: ``FigureRasteriser`` paints it at the given scale,
/// `PNGEncoder` encodes it with the figure's title and description as text chunks. The
/// same figure and scale always give the same bytes.
public enum PNGWriter {
    /// The PNG of `figure`, `scale` pixels per figure unit (1 for screens, 2 for print).
    public static func data(_ figure: Figure, scale: Double = 1) throws(ThumbLabError) -> Data {
        let image = try FigureRasteriser.image(figure, scale: scale)
        return try PNGEncoder.encode(image, title: figure.title, description: figure.description)
    }
}
