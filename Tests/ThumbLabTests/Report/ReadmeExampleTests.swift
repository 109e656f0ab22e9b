import Foundation
import Testing
import ThumbLab

/// The library example in README.md, run as written, so that it keeps compiling and
/// doing what the README says.
@Suite struct ReadmeExampleTests {
    @Test func theLibraryExampleImportsAndReports() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trialsPath = folder.appendingPathComponent("trials.csv").path
        try Data("participant,technique,time_ms,hit\nP1,Direct,812,1\nP2,Shift,901,0\n".utf8)
            .write(to: URL(fileURLWithPath: trialsPath))

        // The README's example, with its two paths inside the temporary folder.
        let database = try StudyDatabase(path: folder.appendingPathComponent("study.sqlite").path)
        let importer = Importer(database: database)
        var options = ImportOptions()
        options.study = "pilot"
        let report = try importer.importFile(at: trialsPath, options: options)

        #expect(report.rows == 2)
        #expect(report.factors == ["technique"])
        let text = InfoReport.text(try database.info())
        #expect(text.contains("  trials        2\n"))
        #expect(text.contains("Study 'pilot'\n  technique     2 levels: Direct, Shift\n"))
    }
}
