import Foundation
import ThumbLab

extension SharedOptions {
    /// `--format` of a command that prints tables or draws a figure: text by default.
    static let figureFormat = format(TablesOrFigure.allCases, default: .text)

    /// `--out FILE` of a command that prints tables or draws a figure.
    static let figureOut = out(formats: TablesOrFigure.allCases)

    /// How and where a command that draws a figure writes its result: `--format`, `--out`,
    /// `--scale` and `--db`.
    static let figureOutput: [any OptionDeclaration] = [figureFormat, figureOut, scale, database]
}

extension ParsedArguments {
    /// The format of a command that draws a figure (``resultFormat(_:out:)`` of
    /// ``SharedOptions/figureFormat`` and ``SharedOptions/figureOut``), after checking that
    /// `--scale` is a usable number and comes only with a PNG.
    func figureResultFormat() throws(CLIError) -> TablesOrFigure {
        let chosen = try resultFormat(SharedOptions.figureFormat, out: SharedOptions.figureOut)
        try checkScale(forPNG: chosen == .png)
        return chosen
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
