/// One section of the HTML report: a heading in the table of contents and its content in
/// order. Tables and figures are numbered across the whole document when it is written.
public struct HTMLReportSection: Sendable {
    /// The fragment identifier the table of contents links to.
    public var id: String
    /// The heading (`<h2>`) and its entry in the table of contents.
    public var title: String
    /// The section's content, in order.
    public var blocks: [HTMLBlock]

    /// Creates a section; `id` must be unique in the document.
    public init(id: String, title: String, blocks: [HTMLBlock] = []) {
        self.id = id
        self.title = title
        self.blocks = blocks
    }
}

/// A piece of a section's content.
public enum HTMLBlock: Sendable {
    /// A sub-heading (`<h3>`).
    case heading(String)
    /// A paragraph of text (`<p>`).
    case paragraph(String)
    /// A paragraph of prose (`<p>`), its statistics' symbols in italics.
    case prose(ProseParagraph)
    /// A bulleted list (`<ul>`), one item per string.
    case list([String])
    /// A table with a `<caption>` of its number and `title`.
    case table(title: String, table: ResultTable)
    /// A numbered figure with its caption.
    case figure(ReportFigure)

    /// The figure `draw` makes, or, when it cannot be drawn, a paragraph saying so.
    public static func figure(_ name: String, caption: String, _ draw: () throws -> Figure) -> HTMLBlock {
        do {
            return .figure(ReportFigure(figure: try draw(), caption: caption))
        } catch {
            return .paragraph("The figure of \(name) is left out: \(error).")
        }
    }
}

/// A figure of the report: the drawing, inlined as SVG with its title and description as
/// the text alternative, and the caption shown under it.
public struct ReportFigure: Sendable {
    /// The drawing.
    public var figure: Figure
    /// The text shown under the figure, after its number.
    public var caption: String

    /// Creates a figure from its drawing and caption.
    public init(figure: Figure, caption: String) {
        self.figure = figure
        self.caption = caption
    }
}

/// Adds a section to the HTML report from the analyses a ``StudyReport`` holds, after the
/// comparisons and questionnaires: ``HTMLReportDocument/providers`` lists them. A
/// provider returns `nil` when the report has nothing for its section.
public struct HTMLSectionProvider: Sendable {
    /// A name for the section, such as `screen`, that tells providers apart.
    public var name: String
    /// Builds the section from a report, or returns `nil` when there is nothing to show.
    public var section: @Sendable (StudyReport) -> HTMLReportSection?

    /// Creates a provider from its name and the closure that builds its section.
    public init(name: String, section: @escaping @Sendable (StudyReport) -> HTMLReportSection?) {
        self.name = name
        self.section = section
    }
}
