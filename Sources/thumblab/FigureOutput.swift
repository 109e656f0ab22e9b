import Foundation
import ThumbLab

extension SharedOptions {
    /// `--format` of a command that prints tables or draws a figure: text by default.
    static let figureFormat = format(TablesOrFigure.allCases, default: .text)

    /// `--out FILE` of a command that prints tables or draws a figure.
    static let figureOut = out(formats: TablesOrFigure.allCases)

    /// `--width column|page`: draw the figure for print at a paper's column or page width.
    static let width = Option<FigureSize?>(
        "--width", value: "size",
        help:
            "Draw the figure for print: column (241 pt, 8.47 cm, a two-column paper's column) or page (506 pt, 17.79 cm), with no text under 7 pt; include it in LaTeX at \\columnwidth or \\textwidth.",
        defaultDescription: "as wide as its content, for screens")

    /// How and where a command that draws a figure writes its result: `--format`, `--out`,
    /// `--width`, `--scale` and `--db`.
    static let figureOutput: [any OptionDeclaration] = [figureFormat, figureOut, width, scale, database]
}

extension ParsedArguments {
    /// The format of a command that draws a figure (``resultFormat(_:out:)`` of
    /// ``SharedOptions/figureFormat`` and ``SharedOptions/figureOut``), after checking that
    /// `--scale` is a usable number and comes only with a PNG.
    func figureResultFormat() throws(CLIError) -> TablesOrFigure {
        let chosen = try resultFormat(SharedOptions.figureFormat, out: SharedOptions.figureOut)
        try checkScale(forPNG: chosen == .png)
        try checkWidth(forFigure: chosen.table == nil)
        return chosen
    }

    /// Checks that `--width`, when given, comes with a figure (SVG, PNG or PDF).
    func checkWidth(forFigure isFigure: Bool) throws(CLIError) {
        guard self[SharedOptions.width] != nil, !isFigure else { return }
        throw .usage(
            "--width sets the printed width of a figure; add --format svg, png or pdf, or write --out FILE.pdf.")
    }

    /// Checks that `--scale`, when given, comes with a PNG and is a usable number.
    func checkScale(forPNG isPNG: Bool) throws(CLIError) {
        guard contains(SharedOptions.scale) else { return }
        let scale = self[SharedOptions.scale]
        guard isPNG else {
            throw .usage("--scale sets the size of a PNG figure; add --format png or write --out FILE.png.")
        }
        guard scale.isFinite, scale >= 0.1, scale <= FigureRasteriser.maximumScale else {
            throw .usage(
                "--scale \(scale): give a number from 0.1 to \(Int(FigureRasteriser.maximumScale)) (1 for screens, 2 for print)."
            )
        }
    }

    /// Writes a command's figure as SVG, as a PNG at `--scale` or as a PDF, to the file
    /// `--out` names or to stdout.
    func deliverFigure(_ figure: Figure, as format: TablesOrFigure, console: Console) throws {
        let out = self[SharedOptions.figureOut]
        switch format {
        case .png: try console.deliver(PNGWriter.data(figure, scale: self[SharedOptions.scale]), kind: "PNG", to: out)
        case .pdf: try console.deliver(PDFWriter.data(figure), kind: "PDF", to: out)
        default: try console.deliver(SVGWriter.document(figure), to: out)
        }
    }
}

extension Console {
    /// Writes binary data (a PNG or PDF, named by `kind`) to the file `--out` names, or to
    /// stdout when there is none and stdout is a file or a pipe: a terminal gets a usage
    /// error instead of bytes.
    func deliver(_ data: Data, kind: String, to path: String?) throws {
        guard let path else {
            if stdoutIsTerminal {
                let suffix = kind.lowercased()
                throw CLIError.usage(
                    "A \(kind) is binary and is not printed on a terminal; write it with --out FILE.\(suffix) or redirect stdout to a file."
                )
            }
            return FileHandle.standardOutput.write(data)
        }
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw CLIError.cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
