/// One section of a study report: a heading and its content in order. The Markdown,
/// HTML and LaTeX writers render the same sections; tables and figures are numbered across
/// the whole document when it is written.
public struct ReportSection: Sendable {
    /// The section's identifier: the HTML fragment the table of contents links to and the
    /// LaTeX label (`sec:ID`).
    public var id: String
    /// The heading, and its entry in the table of contents.
    public var title: String
    /// The section's content, in order.
    public var blocks: [ReportBlock]

    /// Creates a section; `id` must be unique in the document.
    public init(id: String, title: String, blocks: [ReportBlock] = []) {
        self.id = id
        self.title = title
        self.blocks = blocks
    }
}

/// A piece of a section's content.
public enum ReportBlock: Sendable {
    /// A sub-heading.
    case heading(String)
    /// A paragraph of prose; each format sets its statistics and emphasis its own way. An
    /// empty paragraph is not written.
    case paragraph(ProseParagraph)
    /// A bulleted list, one item per string; an empty list is not written.
    case list([String])
    /// A numbered table with its caption.
    case table(ReportTable)
    /// A numbered figure with its caption; a format without pictures (Markdown) leaves it out.
    case figure(ReportFigure)

    /// A paragraph of plain words.
    public static func text(_ text: String) -> ReportBlock { .paragraph(ProseParagraph([.text(text)])) }

    /// The figure `draw` makes for the screen (`nil`) and for print at each width, or, when
    /// it cannot be drawn, a paragraph saying so.
    public static func figure(
        _ name: String, caption: String, size: FigureSize = .page, _ draw: (FigureSize?) throws -> Figure
    ) -> ReportBlock {
        do {
            let printed = try Dictionary(uniqueKeysWithValues: FigureSize.allCases.map { ($0, try draw($0)) })
            return .figure(ReportFigure(figure: try draw(nil), printed: printed, caption: caption, size: size))
        } catch {
            return .text("The figure of \(name) is left out: \(error).")
        }
    }
}

extension [ReportSection] {
    /// Each table's number, by the stem of its file: tables are numbered from 1 in the
    /// order the sections hold them.
    var tableNumbers: [String: Int] {
        var numbers: [String: Int] = [:]
        var count = 0
        for case .table(let table) in flatMap(\.blocks) {
            count += 1
            if numbers[table.file] == nil { numbers[table.file] = count }
        }
        return numbers
    }
}

/// Adds a section to the report from the analyses a ``StudyReport`` holds, after the
/// comparisons and questionnaires: ``StudyReportSections/providers`` lists them. A provider
/// returns `nil` when the report has nothing for its section.
public struct ReportSectionProvider: Sendable {
    /// A name for the section, such as `screen`, that tells providers apart.
    public var name: String
    /// Builds the section from a report, or returns `nil` when there is nothing to show.
    public var section: @Sendable (StudyReport) -> ReportSection?

    /// Creates a provider from its name and the closure that builds its section.
    public init(name: String, section: @escaping @Sendable (StudyReport) -> ReportSection?) {
        self.name = name
        self.section = section
    }
}
