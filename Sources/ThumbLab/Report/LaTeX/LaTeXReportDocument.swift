import Foundation

/// The study report as LaTeX, for a paper: the report's sections
/// (``StudyReportSections/sections(_:providers:)``) in a standalone `article` that compiles
/// with `pdflatex` from the base and recommended TeX Live packages (geometry, booktabs,
/// longtable, graphicx, float), with numbered tables
/// and figures, `\label`s and `\ref`s; the Results and Methods sections on their own, to
/// `\input` into a paper (they need no package at all, and cite their tables as
/// `Table~\ref{tab:N}`); every statistic as a macro in `numbers.tex`; every table as a
/// booktabs float for a paper, `table` or `table*` by its estimated width; and
/// every figure as a vector PDF. No date, no random identifier: the same report always
/// gives the same bytes.
public enum LaTeXReportDocument {
    /// One file of the LaTeX report: its path relative to the report's folder and its bytes.
    public struct File: Sendable, Equatable {
        /// The path in the report's folder, such as `tables/table-3.tex`.
        public var path: String
        /// The file's content.
        public var data: Data
    }

    /// `report.tex`, `results.tex`, `methods.tex`, `numbers.tex` (every statistic as a macro),
    /// `tables/table-N.tex`, and `figures/figure-N.pdf` (drawn for the page, 506 pt) with
    /// `figures/figure-N-column.pdf` (for a column, 241 pt), in that order.
    /// - Throws: ``ThumbLabError/figure(_:)`` when a figure's PDF cannot be compressed.
    public static func files(
        _ report: StudyReport, providers: [ReportSectionProvider] = StudyReportSections.providers
    ) throws -> [File] {
        let sections = StudyReportSections.sections(report, providers: providers)
        var tables: [File] = []
        var figures: [File] = []
        var body = ""
        var standalone: [File] = []
        let tableNumbers = sections.tableNumbers
        for section in sections {
            let text = try sectionText(section, tables: &tables, figures: &figures, numbers: tableNumbers)
            if section.id == "results" || section.id == "methods" {
                // Room to stretch a line of a narrow column rather than let a long word stick out.
                let stretched = "{\\emergencystretch=3em\n" + text + "\\par}\n"
                standalone.append(File(path: "\(section.id).tex", data: Data(stretched.utf8)))
                body += "\\input{\(section.id)}\n\n"
            } else {
                body += text
            }
        }
        let document = preamble(report) + body + "\\end{document}\n"
        let numbers = File(path: "numbers.tex", data: Data(LaTeXNumbers.document(report).utf8))
        return [File(path: "report.tex", data: Data(document.utf8))] + standalone + [numbers] + tables + figures
    }

    /// Writes ``files(_:providers:)`` into `folder` (created with its `tables` and `figures`
    /// folders when missing) and returns the paths written. Every file is made before the
    /// first is written, so a report that cannot be made leaves nothing behind.
    public static func write(_ report: StudyReport, to folder: String) throws -> [String] {
        let files = try files(report)
        for sub in ["", "tables", "figures"] {
            let path = sub.isEmpty ? folder : joinedPath(folder, sub)
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw ThumbLabError.output(
                    .cannotCreateFolder(path: path, folder: .report, reason: error.localizedDescription))
            }
        }
        return try files.map { file in
            let path = joinedPath(folder, file.path)
            do {
                try file.data.write(to: URL(fileURLWithPath: path))
            } catch {
                throw ThumbLabError.output(.cannotWrite(path: path, reason: error.localizedDescription))
            }
            return path
        }
    }

    private static func preamble(_ report: StudyReport) -> String {
        """
        % The report of study \(report.selection.study), written by ThumbLab \(report.version).
        % Compile with pdflatex twice (for the references and the lists of tables and figures).
        \\documentclass[11pt]{article}
        \\usepackage[utf8]{inputenc}
        \\usepackage[T1]{fontenc}
        \\usepackage{lmodern}
        \\usepackage[margin=2cm]{geometry}
        \\usepackage{booktabs}
        \\usepackage{longtable}
        \\usepackage{graphicx}
        \\usepackage{float}
        \\title{ThumbLab report: study \(LaTeXText.escaped(report.selection.study))}
        \\author{}
        \\date{}
        \\begin{document}
        \\maketitle
        \\noindent Selection: \(LaTeXText.escaped(report.selection.sentence)).

        \\tableofcontents
        \\listoftables
        \\listoffigures


        """
    }

    /// The text width of the report's page: A4 less 2 cm margins, in points.
    static let textWidth = (21 - 4) / 2.54 * 72
    /// The type size of the report's tables (`\footnotesize` at 11 pt) and the space on
    /// each side of a column, in points.
    static let (longTableSize, longTableSeparation) = (9.0, 3.0)

    /// A section: its heading and label, then its content. Tables and figures are numbered
    /// across the document as they come; a table wider than the page is set in parts, each
    /// repeating the columns that name its rows.
    private static func sectionText(
        _ section: ReportSection, tables: inout [File], figures: inout [File], numbers: [String: Int]
    ) throws -> String {
        var content = ""
        for block in section.blocks {
            switch block {
            case .heading(let text):
                content += "\\subsection{\(LaTeXText.escaped(text))}\n\n"
            case .paragraph(let paragraph):
                guard !paragraph.plainText.isEmpty else { continue }
                content += ProseMarkup.latex(paragraph, tables: numbers) + "\n\n"
            case .list(let items):
                guard !items.isEmpty else { continue }
                content += "\\begin{itemize}\n" + items.map { "\\item \(LaTeXText.escaped($0))\n" }.joined()
                content += "\\end{itemize}\n\n"
            case .table(let table):
                let number = tables.count + 1
                let parts = LaTeXTableWriter(table)
                tables.append(
                    File(
                        path: "tables/table-\(number).tex",
                        data: Data(parts.float(title: table.title, number: number).utf8)))
                let pieces = LaTeXTableWriter.parts(
                    table, width: textWidth, size: longTableSize, separation: longTableSeparation)
                for (index, columns) in pieces.enumerated() {
                    let piece = LaTeXTableWriter(pieces.count == 1 ? table : table.selecting(columns: columns))
                    content += longTable(piece, title: table.title, number: number, continued: index > 0)
                }
            case .figure(let figure):
                let number = figures.count { !$0.path.hasSuffix("-column.pdf") } + 1
                // The figure at the width its section chose, and at a column's width for a two-column paper.
                figures.append(
                    File(
                        path: "figures/figure-\(number).pdf",
                        data: try PDFWriter.data(figure.drawing(printedAt: figure.size))))
                if figure.size != .column {
                    figures.append(
                        File(
                            path: "figures/figure-\(number)-column.pdf",
                            data: try PDFWriter.data(figure.drawing(printedAt: .column))))
                }
                // Here and nowhere else ([H]): floats deferred past a longtable overfill its pages.
                content += """
                    \\begin{figure}[H]
                    \\centering
                    \\includegraphics[width=\\linewidth]{figures/figure-\(number).pdf}
                    \\caption{\(LaTeXText.escaped(figure.caption))}
                    \\label{fig:\(number)}
                    \\end{figure}


                    """
            }
        }
        return "\\section{\(LaTeXText.escaped(section.title))}\n\\label{sec:\(section.id)}\n\n" + content
    }

    /// The table, or one part of its columns, as a `longtable`, which breaks across pages,
    /// captioned and labelled, with the booktabs rules; a part after the first has an
    /// unnumbered caption that says whose continuation it is.
    private static func longTable(_ table: LaTeXTableWriter, title: String, number: Int, continued: Bool) -> String {
        let header = table.header.joined(separator: "\n")
        var out = "{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n\\begin{longtable}{\(table.specification)}\n"
        out +=
            continued
            ? "\\caption*{Table \(number), continued: \(LaTeXText.escaped(title))}\\\\\n"
            : "\\caption{\(LaTeXText.escaped(title))}\\label{tab:\(number)}\\\\\n"
        out += "\\toprule\n\(header)\n\\midrule\n\\endfirsthead\n"
        out += "\\toprule\n\(header)\n\\midrule\n\\endhead\n\\bottomrule\n\\endlastfoot\n"
        out += table.rows.joined(separator: "\n") + "\n\\end{longtable}\n" + table.noteParagraph + "}\n\n"
        return out
    }
}
