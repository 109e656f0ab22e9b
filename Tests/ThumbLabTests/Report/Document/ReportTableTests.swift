import Foundation
import Testing

@testable import ThumbLab

/// A table's typed columns (label, unit, precision, alignment), its column groups and its
/// note, in Markdown, HTML and LaTeX.
@Suite struct ReportTableTests {
    /// Time per technique: a text column, a mean in ms to no decimals, a 95% CI group of two
    /// columns, and an error rate in % to one decimal.
    let table = ReportTable(
        file: "time", title: "Time by technique",
        data: ResultTable(
            columns: ["technique", "time_geomean", "ci_low", "ci_high", "error_pct"],
            rows: [
                [.string("Shift"), .number(1220.681), .number(1100.2), .number(1354.5), .number(12.345)],
                [.string("Direct"), .int(1109), .null, .number(1200.49), .number(3)],
            ]),
        columns: [
            ReportColumn(label: "Technique"),
            ReportColumn(label: "Time", unit: "ms", precision: 0, alignment: .right),
            ReportColumn(label: "Low", precision: 0, alignment: .right),
            ReportColumn(label: "High", precision: 0, alignment: .right),
            ReportColumn(label: "Error rate", unit: "%", precision: 1, alignment: .decimal),
        ],
        groups: [ColumnGroup(label: "95% CI", columns: 2..<4)],
        note: "Geometric means; n = 16.")

    @Test func cellsArePrintedToTheirColumnsPrecision() {
        #expect(table.cell(0, 1) == "1221")
        #expect(table.cell(1, 1) == "1109")
        #expect(table.cell(1, 2) == "")
        #expect(table.cell(0, 4) == "12.3")
        #expect(table.cell(1, 4) == "3.0")
        #expect(table.cell(0, 0) == "Shift")
        #expect(table.columns.map(\.header) == ["Technique", "Time (ms)", "Low", "High", "Error rate (%)"])
    }

    @Test func aTableWithoutReadingsKeepsItsDataAsItIs() {
        let plain = ReportTable(file: "p", title: "P", data: table.data)
        #expect(plain.columns.map(\.label) == table.data.columns)
        #expect(plain.columns.map(\.alignment) == [.left, .decimal, .decimal, .decimal, .decimal])
        #expect(plain.cell(0, 1) == "1220.681")
        #expect(MarkdownReportWriter.table(plain) == table.data.rendered(as: .md))
    }

    @Test func markdownPrefixesAGroupedColumnWithItsGroup() {
        let markdown = MarkdownReportWriter.table(table)
        #expect(
            markdown == """
                | Technique | Time (ms) | 95% CI: Low | 95% CI: High | Error rate (%) |
                | --- | ---: | ---: | ---: | ---: |
                | Shift | 1221 | 1100 | 1355 | 12.3 |
                | Direct | 1109 |  | 1200 | 3.0 |

                """)
        #expect(MarkdownReportWriter.block(.table(table)).hasSuffix("\nNote. Geometric means; n = 16.\n\n"))
    }

    @Test func htmlSpansAGroupOverItsColumnsAndPutsTheNoteInTheFooter() {
        var page = HTMLWriter()
        page.table(table, caption: "Table 1. Time by technique", id: "table-1")
        let html = page.finished()
        #expect(
            html.contains(
                "<thead><tr><th colspan=\"2\"></th>\n<th scope=\"colgroup\" colspan=\"2\">95% CI</th>\n<th></th>\n</tr>"
            ))
        #expect(html.contains("<th scope=\"col\" class=\"number\">Time (ms)</th>"))
        #expect(html.contains("<td class=\"number\">1221</td>"))
        #expect(html.contains("<tfoot><tr><td colspan=\"5\">Note. Geometric means; n = 16.</td>"))
    }

    @Test func latexRulesAGroupAndCountsADecimalColumnTwice() {
        let latex = LaTeXTableWriter(table)
        #expect(latex.specification == "@{}l r r r r@{}l@{}")
        #expect(
            latex.header == [
                " &  & \\multicolumn{2}{c}{95\\% CI} &  &  \\\\ \\cmidrule(lr){3-4}",
                "Technique & Time (ms) & Low & High & \\multicolumn{2}{c}{Error rate (\\%)} \\\\",
            ])
        #expect(latex.rows[0] == "Shift & 1221 & 1100 & 1355 & 12 & .3 \\\\")
        #expect(latex.rows[1] == "Direct & 1109 &  & 1200 & 3 & .0 \\\\")
        #expect(
            latex.tabular.hasSuffix(
                "\\end{tabular}\n\\par\\smallskip{\\footnotesize\\textit{Note.} Geometric means; n = 16.\\par}\n"))
    }

    @Test func aTableWiderThanThePageIsSetInPartsThatRepeatItsRowNames() {
        let columns = ["technique", "size"] + (1...12).map { "figure_\($0)" }
        let data = ResultTable(
            columns: columns,
            rows: [[.string("ThumbSpace"), .string("3.6")] + (1...12).map { .number(1000.125 + Double($0)) }])
        let wide = ReportTable(file: "wide", title: "Wide", data: data)
        let parts = LaTeXTableWriter.parts(wide, width: 300, size: 9, separation: 3)
        #expect(parts.count > 1)
        #expect(parts.allSatisfy { Array($0.prefix(2)) == [0, 1] }, "each part starts with the row names")
        #expect(parts.flatMap { $0.dropFirst(2) } == Array(2..<14), "every other column once, in order")
        for part in parts {
            let piece = wide.selecting(columns: part)
            let width = LaTeXTableWriter.columnWidths(piece, size: 9, separation: 3).reduce(0, +) - 6
            #expect(width <= 300)
            #expect(piece.data.rows[0].count == part.count && piece.columns.count == part.count)
        }
        #expect(LaTeXTableWriter.parts(wide, width: 5000, size: 9, separation: 3) == [Array(0..<14)])
        // A group wholly among the columns kept is kept, moved to their new places.
        let grouped = table.selecting(columns: [0, 2, 3])
        #expect(grouped.groups == [ColumnGroup(label: "95% CI", columns: 1..<3)])
        #expect(table.selecting(columns: [0, 2]).groups.isEmpty)
    }

    @Test func aTableThatFitsOneColumnIsATableAndAWiderOneATableStar() {
        let narrow = LaTeXTableWriter(
            ReportTable(file: "n", title: "Narrow", data: ResultTable(columns: ["a"], rows: [[.int(1)]])))
        #expect(
            narrow.float(title: "Narrow", number: 3).hasPrefix(
                "\\begin{table}\n\\small\n\\caption{Narrow}\n\\label{tab:3}\n"))
        var long = table
        long.data.rows[0][0] = .string("Technique × target size (mm) × mobility, at 3.6 mm and walking")
        let wide = LaTeXTableWriter(long)
        #expect(wide.estimatedWidth > FigureSize.column.points && wide.estimatedWidth < FigureSize.page.points)
        #expect(
            wide.float(title: "Wide", number: 4).hasSuffix(
                "\\end{tabular}\n\\par\\smallskip{\\footnotesize\\textit{Note.} Geometric means; n = 16.\\par}\n\\end{table*}\n"
            ))
    }

    @Test func aStatisticColumnIsHeadedByItsSymbolInItalics() {
        let tests = ReportTable(
            file: "tests", title: "Tests",
            data: ResultTable(
                columns: ["Effect", "η²G", "p (holm)"],
                rows: [[.string("Technique"), .string(".470"), .string("< .001")]]),
            columns: [
                ReportColumn(label: "Effect"), ReportColumn(label: "η²G", alignment: .right, symbol: "η²G"),
                ReportColumn(label: "p (holm)", alignment: .right, symbol: "p_holm"),
            ])
        var page = HTMLWriter()
        page.table(tests, caption: "Table 1. Tests", id: "table-1")
        let html = page.finished()
        #expect(html.contains("<th scope=\"col\" class=\"number\"><i>η</i><sup>2</sup><sub>G</sub></th>"))
        #expect(html.contains("<th scope=\"col\" class=\"number\"><i>p</i><sub>holm</sub></th>"))
        #expect(
            LaTeXTableWriter(tests).header
                == ["Effect & $\\eta$\\textsuperscript{2}\\textsubscript{G} & \\textit{p}\\textsubscript{holm} \\\\"])
        #expect(MarkdownReportWriter.table(tests).hasPrefix("| Effect | η²G | p (holm) |"))
    }
}
