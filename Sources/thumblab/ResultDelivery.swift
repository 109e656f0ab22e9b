import ThumbLab

extension ParsedArguments {
    /// Opens the study and runs an analysis on the selection the command line states over
    /// the study's analysis plan, with `attempts` as the command's attempt policy.
    func analyse<Report>(
        attempts: Option<AttemptPolicy>, console: Console, _ analysis: (Study, Selection) throws -> Report
    ) throws -> Report {
        let study = try openStudy(console: console)
        return try analysis(study, try selection(attempts: attempts, in: study))
    }

    /// Writes a result in the chosen format to the file `--out` names or to stdout: `json`
    /// gives the JSON, `tables` the text of a table format, `figure` the SVG, PNG or PDF figure, drawn for `--width` when it is given.
    func deliverResult(
        _ chosen: TablesOrFigure, console: Console, json: () -> JSONValue,
        tables: (OutputFormat) throws -> String, figure: (FigureSize?) throws -> Figure
    ) throws {
        let text: String
        switch chosen.table {
        case .json: text = json().rendered() + "\n"
        case let table?: text = try tables(table)
        case nil: return try deliverFigure(try figure(self[SharedOptions.width]), as: chosen, console: console)
        }
        try console.deliver(text, to: self[SharedOptions.figureOut])
    }

    /// Writes a result without a figure in the chosen format to the file `--out` names or to
    /// stdout: `json` gives the JSON, `tables` the text of the other formats.
    func deliverResult(
        _ chosen: OutputFormat, console: Console, json: () -> JSONValue,
        tables: (OutputFormat) throws -> String
    ) throws {
        let text = chosen == .json ? json().rendered() + "\n" : try tables(chosen)
        try console.deliver(text, to: self[SharedOptions.tableOut])
    }
}
