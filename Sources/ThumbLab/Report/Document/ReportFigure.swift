/// The printed width a figure is drawn for: a column of a two-column paper, or the
/// whole page.
public enum FigureSize: String, Sendable, CaseIterable {
    /// One column: 241 pt (8.47 cm), acmart `sigconf`'s `\columnwidth`.
    case column
    /// The page: 506 pt (17.79 cm), acmart `sigconf`'s `\textwidth`.
    case page

    /// The width in PostScript points (1/72 inch).
    public var points: Double {
        switch self {
        case .column: 241
        case .page: 506
        }
    }

    /// The smallest text a figure may print, in points.
    public static let minimumTextPoints = 7.0

    /// The width, in figure units, of a figure drawn for this size: its PDF page is then
    /// exactly ``points`` wide (a PDF page has 0.75 points per figure unit).
    public var canvasWidth: Double { points / PDFPageContent.pointsPerUnit }
}

/// A figure of the report: the drawing for the screen and its drawings for print, the
/// caption shown under it after its number, the width it is printed at, and the text that
/// stands for it for readers who cannot see it.
public struct ReportFigure: Sendable {
    /// The drawing for the screen (HTML).
    public var figure: Figure
    /// The drawing for print at each width (LaTeX), with no text under 7 points; empty for a
    /// figure made without them.
    public var printed: [FigureSize: Figure]
    /// The text shown under the figure, after its number.
    public var caption: String
    /// The width the figure is printed at.
    public var size: FigureSize
    /// What the figure shows, for a screen reader: the drawing's description unless given.
    public var alternativeText: String

    /// Creates a figure from its drawing and caption; its text alternative is the
    /// drawing's description unless `alternativeText` is given.
    public init(
        figure: Figure, printed: [FigureSize: Figure] = [:], caption: String, size: FigureSize = .page,
        alternativeText: String? = nil
    ) {
        self.figure = figure
        self.printed = printed
        self.caption = caption
        self.size = size
        self.alternativeText = alternativeText ?? figure.description
    }

    /// The drawing printed at `width`: its print variant, or the screen drawing when it has none.
    public func drawing(printedAt width: FigureSize) -> Figure { printed[width] ?? figure }

    /// A figure's title as a caption sentence: with its closing full stop.
    static func caption(_ title: String) -> String { title.hasSuffix(".") ? title : title + "." }
}
