import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `compare --out chart.svg` and `--format svg` end to end on the bundled study: an SVG
/// chart of the level means and their 95% CIs, while the table formats stay as they were.
@Suite struct CompareChartTests {
    static let demoDatabase = "thumblab-demo/study.sqlite"

    /// The class attributes of every element of a well-formed XML document, in order, and
    /// the name of its root and of the root's first two children.
    static func outline(_ data: Data) throws -> (root: String, first: [String], classes: [String]) {
        final class Collector: NSObject, XMLParserDelegate {
            var names: [String] = []
            var depths: [Int] = []
            var classes: [String] = []
            var depth = 0
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                names.append(name)
                depths.append(depth)
                classes.append(attributes["class"] ?? "")
                depth += 1
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
            {
                depth -= 1
            }
        }
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        try #require(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        let children = zip(collector.names, collector.depths).filter { $0.1 == 1 }.map(\.0)
        return (collector.names.first ?? "", Array(children.prefix(2)), collector.classes)
    }

    @Test func outChartSVGWritesTheMeansAndIntervalsAsAnSVGChart() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        let db = sandbox.path(Self.demoDatabase)
        let run = try sandbox.run([
            "compare", "--db", db, "--factor", "technique", "--exclude", "block=0", "--out", "chart.svg",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let data = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("chart.svg")))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<title id=\"figure-title\">Time by technique: geometric means with 95% CIs"))
        #expect(text.contains("geometric means 1109 ms for Direct"), "the description carries the Results")
        let document = try Self.outline(data)
        #expect(document.root == "svg")
        #expect(document.first == ["title", "desc"])
        #expect(document.classes.filter { $0 == "estimate" }.count == 3)
        #expect(document.classes.filter { $0 == "interval" }.count == 3)
        #expect(document.classes.filter { $0 == "category-label" }.count == 3)

        let printed = try sandbox.run([
            "compare", "--db", db, "--measure", "error", "--factor", "technique", "--by", "mobility", "--format", "svg",
        ])
        #expect(printed.status == 0, "\(printed.stderr)")
        let chart = try Self.outline(Data(printed.stdout.utf8))
        #expect(chart.classes.filter { $0 == "estimate" }.count == 6)
        #expect(chart.classes.filter { $0 == "group-label" }.count == 2)

        let table = try sandbox.run(["compare", "--db", db, "--factor", "technique", "--out", "levels.csv"])
        #expect(table.status == 0, "\(table.stderr)")
        let csv = try String(contentsOfFile: sandbox.path("levels.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("technique,n,mean,sd,median,ci_low,ci_high\r\n"))
    }

    @Test func compareHelpNamesSVGAndAnUnknownExtensionIsAUsageError() throws {
        let sandbox = try Sandbox()
        let help = try sandbox.run(["compare", "--help"])
        let unwrapped = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            unwrapped.contains(
                "its extension (.txt, .md, .csv, .json, .svg, .png, .pdf) sets the format unless --format does."))
        #expect(unwrapped.contains("(values: text, md, csv, json, svg, png"))
        #expect(try sandbox.run(["init"]).status == 0)
        let run = try sandbox.run(["compare", "--factor", "technique", "--out", "chart.gif"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: --out chart.gif: the extension does not name a format this command prints (text, md, csv, json, svg, png, pdf); add --format."
            ))
    }
}
