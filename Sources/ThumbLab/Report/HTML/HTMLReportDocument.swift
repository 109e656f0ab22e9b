/// The study report as one self-contained HTML page: a table of contents, the sections
/// of ``StudyReportSections/sections(_:providers:)`` with numbered tables (`<caption>`) and numbered figures
/// (`<figure>`, `<figcaption>`, inline SVG whose `<title>` and `<desc>` are the text
/// alternative), the style sheet with print and dark-mode rules, and a small optional
/// script that sorts tables. Nothing is fetched: no link, image or font leaves the file.
/// The same report always gives the same bytes.
public enum HTMLReportDocument {
    /// The page, ending with a newline.
    public static func html(
        _ report: StudyReport, providers: [ReportSectionProvider] = StudyReportSections.providers
    ) -> String {
        let sections = StudyReportSections.sections(report, providers: providers)
        let title = "ThumbLab report: study \(report.selection.study)"
        var page = HTMLWriter()
        page.raw("<!DOCTYPE html>\n")
        page.open("html", [("lang", "en")])
        page.raw("\n")
        page.open("head")
        page.raw("\n")
        page.void("meta", [("charset", "utf-8")])
        page.void("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
        page.void("meta", [("name", "generator"), ("content", "ThumbLab \(report.version)")])
        page.element("title", [], title)
        page.open("style")
        page.raw("\n" + HTMLStyle.css + "\n")
        page.close()
        page.close()
        page.open("body")
        page.raw("\n")
        page.open("header")
        page.element("h1", [], title)
        page.element("p", [("class", "selection")], "Selection: \(report.selection.sentence).")
        page.close()
        page.open("nav", [("aria-label", "Contents")])
        page.element("h2", [("id", "contents")], "Contents")
        page.open("ol")
        page.raw("\n")
        for section in sections {
            page.open("li")
            page.element("a", [("href", "#\(section.id)")], section.title)
            page.close()
        }
        page.close()
        page.close()
        page.open("main")
        page.raw("\n")
        var numbers = (table: 0, figure: 0)
        let tables = sections.tableNumbers
        for section in sections {
            page.open("section", [("id", section.id), ("aria-labelledby", "\(section.id)-heading")])
            page.element("h2", [("id", "\(section.id)-heading")], section.title)
            for block in section.blocks { write(block, into: &page, numbers: &numbers, tables: tables) }
            page.close()
        }
        page.close()
        page.open("script")
        page.raw("\n" + HTMLStyle.script + "\n")
        page.close()
        return page.finished()
    }

    private static func write(
        _ block: ReportBlock, into page: inout HTMLWriter, numbers: inout (table: Int, figure: Int),
        tables: [String: Int]
    ) {
        switch block {
        case .heading(let text):
            page.element("h3", [], text)
        case .paragraph(let paragraph):
            guard !paragraph.plainText.isEmpty else { return }
            page.raw("<p>\(ProseMarkup.html(paragraph, tables: tables))</p>\n")
        case .list(let items):
            guard !items.isEmpty else { return }
            page.open("ul")
            page.raw("\n")
            for item in items { page.element("li", [], item) }
            page.close()
        case .table(let table):
            numbers.table += 1
            page.table(
                table, caption: "Table \(numbers.table). \(table.title)", id: "table-\(numbers.table)",
                className: table.file == "provenance" ? "provenance" : nil)
        case .figure(let figure):
            numbers.figure += 1
            let id = "figure-\(numbers.figure)"
            page.open("figure", [("id", id), ("aria-labelledby", "\(id)-caption")])
            page.raw("\n" + SVGWriter.inline(figure.figure, id: "\(id)-svg"))
            page.element("figcaption", [("id", "\(id)-caption")], "Figure \(numbers.figure). \(figure.caption)")
            page.close()
        }
    }
}
