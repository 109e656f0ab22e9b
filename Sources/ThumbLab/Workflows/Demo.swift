import Foundation

/// The main job on the bundled, simulated ThumbSpace-vs-Shift study: a fresh study
/// database, the three logs imported on the phone they ran on, and the report of the main
/// blocks (practice, block 0, left out) written beside it: Markdown, JSON, HTML and CSV.
public enum Demo {
    /// The phone the bundled study ran on: 320 x 480 px at 163 ppi.
    public static let device = Device(name: "phone-3.5in", widthPx: 320, heightPx: 480, ppi: 163)
    /// The logs of the bundled study, in import order.
    public static let files = ["trials.csv", "touches.csv", "responses.csv"]
    /// The selection of the report: the main blocks.
    public static let selection = Selection(exclude: [LevelFilter(factor: "block", levels: ["0"])])

    /// What the demo made.
    public struct Outcome: Sendable {
        /// The path of the study database created.
        public var database: String
        /// The import of each of ``Demo/files``, in order.
        public var imports: [ImportReport]
        /// The report of the main blocks (``Demo/selection``).
        public var report: StudyReport
        /// Every file written: the report as Markdown, JSON and HTML, and one CSV per table.
        public var written: [String]

        /// The effect of technique on time, errors and each questionnaire, as APA sentences.
        public var headlines: [String] {
            (report.comparisons + report.scoreComparisons).compactMap { comparison in
                comparison.sentences.first { $0.hasPrefix("Technique ") }
            }
        }
    }

    /// Runs the demo.
    /// - Parameters:
    ///   - dataset: the folder holding the bundled study's files.
    ///   - folder: where the database (`study.sqlite`) and the report go; an earlier demo
    ///     database there is replaced.
    /// - Throws: ``ThumbLabError/fileNotFound(path:)`` when a bundled file is missing.
    public static func run(dataset: String, into folder: String) throws -> Outcome {
        let paths = files.map { joinedPath(dataset, $0) }
        if let missing = paths.first(where: { !FileManager.default.isReadableFile(atPath: $0) }) {
            throw ThumbLabError.fileNotFound(path: missing)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ThumbLabError.output(
                .cannotCreateFolder(path: folder, folder: .demo, reason: error.localizedDescription))
        }
        let database = joinedPath(folder, "study.sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        let store = try StudyDatabase(path: database)
        try store.addDevice(device)
        let importer = Importer(database: store)
        // The practice trials of the touch log are timed as the simulation made them: from
        // the start button's down (the trial's start) to the selection.
        let imports = try paths.map {
            try importer.importFile(at: $0, options: ImportOptions(device: device.name, trialTime: .contact))
        }
        let report = try Study(database: store).report(selection: selection)
        var written = try StudyReportDocument.write(report, to: folder, format: .md)
        written += try StudyReportDocument.write(report, to: folder, format: .json)
        written.append(try StudyReportDocument.writeHTML(report, to: joinedPath(folder, "report.html")))
        written += try StudyReportDocument.write(
            report, to: joinedPath(folder, "tables"), format: .csv)
        written += try LaTeXReportDocument.write(report, to: joinedPath(folder, "latex"))
        return Outcome(database: database, imports: imports, report: report, written: written)
    }
}
