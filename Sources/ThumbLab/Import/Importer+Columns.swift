extension Importer {
    /// What a file's header says: the kind of rows, the format, the columns that feed
    /// fields and the factors, without reading a row. A dry run shows it beside the
    /// problems of the rows.
    /// - Throws: ``ThumbLabError/fileNotFound(path:)`` for a missing file and
    ///   ``ThumbLabError/invalidInput(problems:total:)`` when the header itself is wrong.
    public func columns(ofFileAt path: String, options: ImportOptions) throws -> ImportReport {
        let prepared = try ImportEngine.prepare(path: path, options: options)
        let summary = ImportPipeline.FileSummary(prepared)
        var report = ImportReport(file: path, kind: summary.kind, format: summary.format, factors: summary.factors)
        report.columns = summary.columns
        report.constants = summary.constants
        return report
    }
}
