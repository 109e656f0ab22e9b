import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a reader of an HTML page meets, read with an XML parser (so the page must be
/// well-formed): headings, the table of contents, figures with their captions and SVG
/// text alternatives, table captions and rows, ids, links and resource references.
final class HTMLOutline: NSObject, XMLParserDelegate {
    struct FigureOutline {
        var number = 0
        var caption = ""
        var svgRole = ""
        var svgTitle = ""
        var svgDescription = ""
        /// Shapes and texts drawn inside the SVG.
        var shapes = 0
    }

    private(set) var figures: [FigureOutline] = []
    private(set) var tables: [String] = []
    private(set) var tableRows: [(caption: String, rows: Int)] = []
    private(set) var headings: [String] = []
    private(set) var contents: [String] = []
    private(set) var scripts = 0
    /// `src`, `href` and `xlink:href` values that do not point inside the page.
    private(set) var resourceReferences: [String] = []
    private var ids: [String: Int] = [:]
    private var links: [String] = []
    private var stack: [String] = []
    private var text = ""
    private var figure: FigureOutline?
    private var table: (caption: String, rows: Int)?

    var duplicateIDs: [String] { ids.filter { $0.value > 1 }.map(\.key).sorted() }
    var brokenLinks: [String] { links.filter { ids[$0] == nil } }

    init(_ html: String) throws {
        super.init()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw OutlineError(
                message: "not well-formed at line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "")")
        }
    }

    struct OutlineError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if let id = attributes["id"] { ids[id, default: 0] += 1 }
        for key in ["src", "href", "xlink:href"] {
            guard let value = attributes[key] else { continue }
            if value.hasPrefix("#") {
                links.append(String(value.dropFirst()))
            } else {
                resourceReferences.append(value)
            }
        }
        switch name {
        case "figure": figure = FigureOutline()
        case "svg" where figure != nil: figure?.svgRole = attributes["role"] ?? ""
        case "rect", "line", "polyline", "polygon", "path", "circle", "text": figure?.shapes += 1
        case "table": table = ("", 0)
        case "tr" where stack.last == "tbody": table?.rows += 1
        case "script": scripts += 1
        default: break
        }
        stack.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
        let content = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch name {
        case "title" where figure != nil: figure?.svgTitle = content
        case "desc" where figure != nil: figure?.svgDescription = content
        case "figcaption":
            figure?.caption = content
            figure?.number = Int(content.dropFirst("Figure ".count).prefix { $0.isNumber }) ?? 0
        case "figure":
            if let figure { figures.append(figure) }
            figure = nil
        case "caption":
            tables.append(content)
            table?.caption = content
        case "table":
            if let table { tableRows.append(table) }
            table = nil
        case "h2" where !stack.contains("nav"): headings.append(content)
        case "a" where stack.contains("nav"): contents.append(content)
        default: break
        }
        text = ""
    }
}
